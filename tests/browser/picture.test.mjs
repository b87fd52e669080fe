// The board's picture where pieces and words meet, as the browser draws it: the robber and the
// pirate leave the number and the harbour's ratio they stand by readable, every seat's house
// in the fair start carries its number on a 5-6 board on a phone, and the PNG's caption fits
// the image with the browser's own font.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { site, browser, shareSiteAndBrowser, openPage, readBoard, screenshot, openTab, PHONE } from './harness.mjs';

shareSiteAndBrowser();

/** Whether two client rectangles overlap. */
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('the robber leaves its number readable and the pirate the harbour it lies by', async () => {
  // The audit's boards: Fog Islands 4 (robber on a 3, the pirate by the lumber 2:1) and
  // Four Islands 4 (robber on a 9).
  for (const token of ['3OUAwgvNy1AmtHQArqYTycXmFQSvYJJ-AeEA', '3LUAgPusylCMWpd1ROkIIcGeogROW0i6MsGA']) {
    const { context, page, problems } = await openPage(browser, site.origin, PHONE);
    await page.goto(`${site.url}?b=${token}`);
    await readBoard(page);
    const boxes = await page.evaluate(() => {
      const rect = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
      const parts = (selector) => [...document.querySelectorAll(selector)].map(rect);
      return {
        robber: parts('svg.board g.robber > *'),
        pirate: parts('svg.board g.pirate > *'),
        numerals: parts('svg.board g.token text'),
        ratios: parts('svg.board g.harbour text'),
      };
    });
    assert.ok(boxes.robber.length > 0 && boxes.numerals.length > 0);
    for (const part of boxes.robber) {
      assert.ok(boxes.numerals.every((n) => !overlap(part, n)), `${token}: the robber covers a number`);
    }
    for (const part of boxes.pirate) {
      assert.ok(boxes.ratios.every((n) => !overlap(part, n)), `${token}: the pirate covers a harbour's ratio`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('every seat\'s house in the fair start shows its number, 5-6 boards on a phone too', async () => {
  for (const layout of ['base', 'five-six']) {
    const { context, page, problems } = await openPage(browser, site.origin, PHONE);
    await page.goto(`${site.url}?v=1&layout=${layout}&seed=7`);
    await readBoard(page);
    await openTab(page, 'Seats');
    await page.getByTestId('fair-start-toggle').check();
    const seats = layout === 'base' ? 4 : 6;
    await page.waitForFunction((n) => document.querySelectorAll('svg.board g.fair-start g.settlement').length === 2 * n, seats);
    const houses = await page.locator('svg.board g.fair-start g.settlement').evaluateAll((all) => all.map((house) => {
      const number = house.querySelector('text');
      return { seat: house.dataset.seat, shown: number?.textContent, height: number ? number.getBoundingClientRect().height : 0 };
    }));
    for (const house of houses) {
      assert.equal(house.shown, house.seat, `${layout}: seat ${house.seat}'s house shows its number`);
      assert.ok(house.height >= 10, `${layout}: seat ${house.seat}'s number is ${house.height.toFixed(1)} px high`);
    }
    await screenshot(page, `phone-fair-start-${layout}`, { fullPage: false });
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('the PNG\'s caption fits its image, drawn in the browser\'s own font', async () => {
  for (const layout of ['base', 'mcguire']) {
    const { context, page, problems } = await openPage(browser, site.origin, { ...PHONE, acceptDownloads: true });
    // Keep the SVG the page turns into the PNG.
    await context.addInitScript(() => {
      const make = URL.createObjectURL;
      URL.createObjectURL = (blob) => {
        if (blob.type === 'image/svg+xml') window.hexfairPngSvg = blob.text();
        return make.call(URL, blob);
      };
    });
    await page.goto(`${site.url}?v=1&layout=${layout}&seed=18446744073709551615`);
    await readBoard(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Download the board as a PNG/ }).tap();
    await download;
    const caption = await page.evaluate(async () => {
      const holder = document.createElement('div');
      holder.innerHTML = await window.hexfairPngSvg;
      document.body.append(holder);
      const svg = holder.querySelector('svg');
      const lines = [...svg.querySelectorAll('text.caption')];
      const result = {
        width: Number(svg.getAttribute('width')),
        lines: lines.map((line) => ({ text: line.textContent, length: line.getComputedTextLength(), x: line.getBBox().x, right: line.getBBox().x + line.getBBox().width })),
        left: svg.viewBox.baseVal.x,
      };
      holder.remove();
      return result;
    });
    const text = caption.lines.map((l) => l.text).join(' ');
    assert.match(text, /18446744073709551615/, `${layout}: the seed is in the caption`);
    assert.match(text, /Hexfair/);
    for (const line of caption.lines) {
      assert.ok(line.x >= caption.left && line.right <= caption.left + caption.width,
        `${layout}: "${line.text}" (${line.length.toFixed(0)} px) outside the ${caption.width} px image`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});
