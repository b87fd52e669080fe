// The page in German, Spanish and French (docs/languages.md): it follows the device's
// language, every tab's visible text and accessible names hold no English word left over,
// the choice is switched in the Board tab and remembered, `<html lang>` follows, a link opens
// the same board in any language, the longest language fits a 320 px phone, and axe-core
// finds no serious or critical fault.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  site, browser, shareSiteAndBrowser, openPage, readBoard, screenshot, axe, PHONE, measureLayout,
} from './harness.mjs';
import { ENGLISH, englishIn } from './english.mjs';

shareSiteAndBrowser();

const phone = (width, height, locale) => ({
  viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale,
});

const TABS = ['board', 'balance', 'rules', 'seats', 'saved'];
// The tabs' names in each language, from lang/*.json (a test of the table, too).
const TAB_NAMES = {
  de: ['Plan', 'Ausgleich', 'Regeln', 'Plätze', 'Gemerkt'],
  es: ['Tablero', 'Reparto', 'Reglas', 'Puestos', 'Guardar'],
  fr: ['Plateau', 'Équilibre', 'Règles', 'Places', 'Gardés'],
};

/** Everything the page says on the open tab: visible text and accessible names. */
function said(page) {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('*')].flatMap((e) => ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext']
      .map((a) => e.getAttribute(a)).filter(Boolean));
    const titles = [...document.querySelectorAll('svg title')].map((t) => t.textContent);
    const options = [...document.querySelectorAll('option, optgroup')].map((o) => o.label || o.textContent);
    return [document.body.innerText, ...names, ...titles, ...options].join('\n');
  });
}


for (const lang of ['de', 'es', 'fr']) {
  test(`${lang}: the device's language is the page's, with no English word left on any tab`, async () => {
    const { context, page, problems } = await openPage(browser, site.origin, phone(390, 844, `${lang}-XX`));
    await page.goto(`${site.url}?v=1&layout=base&seed=11&rules=no-adjacent-red`);
    await readBoard(page);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.deepEqual((await page.getByRole('tab').allTextContents()).map((t) => t.trim()), TAB_NAMES[lang]);
    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.locator(`#panel-${tab}:not([hidden])`).waitFor();
      // The heat map and a tapped spot's words too, on the Balance tab.
      if (tab === 'balance') {
        await page.locator('input[name=overlay]').nth(1).check();
        await page.locator('svg.board g.spot').first().click();
        await page.getByTestId('spot-detail').waitFor();
      }
      // The seats' chances once played (the verdict, the turn order, each seat's figure).
      if (tab === 'seats') await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
      // The QR code and its words.
      if (tab === 'saved') {
        await page.getByTestId('qr-button').click();
        await page.locator('[data-testid=qr] .qr-code').waitFor({ timeout: 30_000 });
      }
      const text = await said(page);
      assert.deepEqual(englishIn(text), [], `${lang}, tab ${tab}:\n${text}`);
      // Decimals with the language's comma: the score, its factors, the target dial.
      assert.doesNotMatch(text.replace(/https?:\/\/\S+/g, ''), /\b0\.\d/, `${lang}, tab ${tab}: a decimal point`);
      if (tab === 'balance') {
        assert.match(await page.getByTestId('score').textContent(), /^[01],\d{3}$/);
        assert.match(text, /\b0,\d{2}\b/, `${lang}: the factors and the dial`);
      }
      assert.deepEqual(await axe(page), [], `${lang}, tab ${tab}: axe`);
    }
    if (lang !== 'es') await screenshot(page, `language-${lang}-390`, { fullPage: false });
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// The scenario boards' pieces are named in the page's language too: villages, fishing
// grounds, rivers and the printed pieces (their SVG titles, which screen readers say).
test('the scenario boards\' pieces and hexes are named in the page\'s language', async () => {
  const PIECE_WORDS = ['village', 'fishing', 'ground', 'river', 'bridge', 'sites', 'starting',
    'settlement', 'ship', 'fortress', 'pirate', 'victory', 'point', 'development', 'card', 'here', 'yields'];
  const { context, page, problems } = await openPage(browser, site.origin, phone(390, 844, 'de-DE'));
  for (const layout of ['forgotten-tribe-3-4', 'fishermen-inland-3-4', 'rivers-stacked-3-4', 'pirate-islands-3-4', 'caravans-traders-3-4']) {
    await page.goto(`${site.url}?v=1&layout=${layout}&seed=3`);
    await readBoard(page);
    const titles = await page.evaluate(() => [...document.querySelectorAll('svg.board title'), ...document.querySelectorAll('svg.board [aria-label]')]
      .map((t) => t.textContent || t.getAttribute('aria-label')).join('\n'));
    const left = [...ENGLISH, ...PIECE_WORDS].filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'iu').test(titles));
    assert.deepEqual(left, [], `${layout}:\n${titles}`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a message from the engine (rules that clash) comes in the page\'s language', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, phone(390, 844, 'de-DE'));
  await page.goto(`${site.url}?v=1&layout=base&seed=4&rules=max-corner-pips=8`);
  await page.getByTestId('message').waitFor();
  assert.match(await page.getByTestId('message').textContent(), /Kein Spielplan für Basisspiel \(3-4 Spieler\) kann „Höchstens 8 Punkte an jeder Ecke“ einhalten/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('what is wrong with a link or a seed is said in the page\'s language', async () => {
  const cases = {
    de: ['Plan', 'Los', /Diese Adresse ließ sich nicht lesen \(nach „b=“ steht kein Spielplan\)/, /„99999999999999999999999“ ist zu groß für eine Startzahl: Die größte ist 18\.446\.744\.073\.709\.551\.615\./],
    es: ['Tablero', null, /No se pudo leer este enlace \(no hay ningún tablero después de «b=»\)/, /«99999999999999999999999» es demasiado grande para una semilla: la mayor es 18\.446\.744\.073\.709\.551\.615\./],
    fr: ['Plateau', null, /Ce lien n’a pas pu être lu \(il n’y a pas de plateau après «\sb=\s»\)/, /«\s99999999999999999999999\s» est trop grand pour une graine\s: la plus grande est 18\s446\s744\s073\s709\s551\s615\./],
  };
  for (const [lang, [tab, , link, seed]] of Object.entries(cases)) {
    const { context, page, problems } = await openPage(browser, site.origin, phone(390, 844, lang));
    await page.goto(`${site.url}?b=`);
    await page.getByTestId('message').getByText(link).waitFor();
    await page.getByRole('tab', { name: tab }).click();
    await page.locator('#seed-input').fill('99999999999999999999999');
    await page.locator('form.seed-entry button[type=submit]').tap();
    await page.getByTestId('message').getByText(seed).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the language is switched in the Board tab, remembered, and a link opens the same board in any language', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, locale: 'en-US' });
  await page.goto(site.url);
  const board = await readBoard(page);
  assert.equal(await page.getByTestId('regenerate').textContent(), 'Regenerate');
  await page.getByTestId('language').selectOption('fr');
  await page.getByTestId('regenerate').getByText('Nouveau plateau').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.deepEqual(await readBoard(page), board, 'the same board, in other words');
  const link = page.url();
  await page.reload();
  await page.getByTestId('regenerate').getByText('Nouveau plateau').waitFor();
  assert.deepEqual(await readBoard(page), board);
  // Another phone in Spanish opens the same link: the same board.
  const other = await openPage(browser, site.origin, phone(390, 844, 'es-ES'));
  await other.page.goto(link);
  assert.deepEqual(await readBoard(other.page), board);
  assert.equal(await other.page.getByTestId('regenerate').textContent(), 'Otro tablero');
  await page.getByTestId('language').selectOption('en');
  await page.getByTestId('regenerate').getByText('Regenerate').waitFor();
  assert.deepEqual([...problems, ...other.problems], []);
  await other.context.close();
  await context.close();
});

test('a language table that cannot be had leaves the page in English and says why', async () => {
  const { context, page, problems } = await openPage(browser, site.origin, phone(390, 844, 'de-DE'));
  await page.route('**/lang/de.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"Regenerate":"Neu"}' }));
  await page.goto(site.url);
  await readBoard(page);
  assert.equal(await page.getByTestId('regenerate').textContent(), 'Regenerate');
  assert.match(await page.getByTestId('words-problem').textContent(), /Deutsch words could not be loaded \(it has 1 of the \d+ words\); the page stays in English/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(problems, []);
  await context.close();
});

// German's words run longest (docs/languages.md): the page still fits the narrowest phone.
test('the longest language fits a 320 px phone: no sideways scroll, board in view, Regenerate wholly in sight', async () => {
  for (const lang of ['de', 'fr', 'es']) {
    const { context, page, problems } = await openPage(browser, site.origin, phone(320, 568, lang));
    await page.goto(site.url);
    await readBoard(page);
    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      const m = await measureLayout(page);
      assert.ok(m.pageWidth <= 320, `${lang} ${tab}: the page is ${m.pageWidth} px wide`);
      assert.equal(m.regenerate, 1, `${lang} ${tab}: Regenerate wholly in sight`);
      assert.ok(m.board >= 0.9, `${lang} ${tab}: ${(m.board * 100).toFixed(0)}% of the board in sight`);
      assert.ok(m.tabs, `${lang} ${tab}: every tab's name fits it, and the five fit the row`);
    }
    if (lang === 'de') await screenshot(page, 'language-de-320', { fullPage: false });
    assert.deepEqual(problems, []);
    await context.close();
  }
});
