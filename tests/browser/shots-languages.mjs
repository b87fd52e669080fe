#!/usr/bin/env node
// The documentation's screenshots of the page in German and French at phone size
// (docs/screenshot-de.png, docs/screenshot-fr.png; docs/app.md#languages): base board, seed
// 2026, the Seats tab with its chances (German) and the Rules tab (French), 390x844 at device
// pixel ratio 2, as a phone set to that language opens the page. Not a test (node --test runs
// only *.test.mjs): run it by hand after `trunk build --release`.
//
//   node tests/browser/shots-languages.mjs
import { join } from 'node:path';
import { ROOT, serveDist, launchBrowser, openPage, readBoard } from './harness.mjs';

const site = await serveDist();
const browser = await launchBrowser();
try {
  for (const [lang, tab, wait] of [['de', 'seats', 'verdict'], ['fr', 'rules', null]]) {
    const { context, page } = await openPage(browser, site.origin, {
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: lang,
    });
    await page.goto(`${site.url}?v=1&layout=base&seed=2026&rules=no-adjacent-red`);
    await readBoard(page);
    await page.getByTestId(`tab-${tab}`).click();
    if (wait) {
      // The chances' verdict at the top of the open panel, which scrolls on its own.
      await page.getByTestId(wait).waitFor({ timeout: 60_000 });
      await page.getByTestId('chances').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    }
    await page.screenshot({ path: join(ROOT, 'docs', `screenshot-${lang}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  site.server.close();
}
