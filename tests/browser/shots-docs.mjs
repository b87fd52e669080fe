#!/usr/bin/env node
// The documentation's screenshots of the page, as a phone opens it: the base board, seed
// 2026, at device pixel ratio 2. In English, upright (390x844, the Rules tab:
// docs/screenshot-phone.png, in the README) and on its side (844x390, the Seats tab:
// docs/screenshot-landscape.png); in German (the Seats tab with its chances) and French (the
// Rules tab), upright (docs/screenshot-de.png, docs/screenshot-fr.png; docs/app.md#languages).
// Not a test (node --test runs only *.test.mjs): run it by hand after `trunk build --release`.
//
//   node tests/browser/shots-docs.mjs
import { join } from 'node:path';
import { ROOT, serveDist, launchBrowser, openPage, readBoard } from './harness.mjs';

const UPRIGHT = { width: 390, height: 844 };
const ON_ITS_SIDE = { width: 844, height: 390 };
const SHOTS = [
  { file: 'screenshot-phone.png', lang: 'en', viewport: UPRIGHT, tab: 'rules' },
  { file: 'screenshot-landscape.png', lang: 'en', viewport: ON_ITS_SIDE, tab: 'seats', wait: 'verdict' },
  { file: 'screenshot-de.png', lang: 'de', viewport: UPRIGHT, tab: 'seats', wait: 'verdict' },
  { file: 'screenshot-fr.png', lang: 'fr', viewport: UPRIGHT, tab: 'rules' },
];

const site = await serveDist();
const browser = await launchBrowser();
try {
  for (const { file, lang, viewport, tab, wait } of SHOTS) {
    const { context, page } = await openPage(browser, site.origin, {
      viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang,
    });
    await page.goto(`${site.url}?v=1&layout=base&seed=2026&rules=no-adjacent-red`);
    await readBoard(page);
    await page.getByTestId(`tab-${tab}`).click();
    if (wait) {
      // The chances' verdict at the top of the open panel, which scrolls on its own.
      await page.getByTestId(wait).waitFor({ timeout: 60_000 });
      await page.getByTestId('chances').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    }
    await page.screenshot({ path: join(ROOT, 'docs', file) });
    await context.close();
  }
} finally {
  await browser.close();
  site.server.close();
}
