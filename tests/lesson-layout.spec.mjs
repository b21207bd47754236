// The projector's lesson layouts: what a class follows step by step is seen
// without scrolling. The sum page shows its status (the hint), every game
// and the nim-sum at once; the analysis board gives its move list a column
// beside the bar, tall enough to read a game, and its value chart the bar's
// width; the sum page's hint wears Chomp's badge.
import { test, expect } from './fixture.mjs';
import { settled } from './geometry.mjs';

/** @typedef {{ x: number, y: number, width: number, height: number }} Box */

/** @param {import('@playwright/test').Locator} locator @returns {Promise<Box>} */
async function box(locator) {
  const b = await locator.boundingBox();
  expect(b, `${locator} has a box`).not.toBeNull();
  return /** @type {Box} */ (b);
}

// A Chomp bar, Grundy's game and Nim; three heap games of their rules (a
// take choice above Kayles' pins, long headings); five games. Each at the
// projector sizes where its cards are the tightest fit: the cards share a
// row from a narrow start, so three heap games fit at 1280×720 (they took
// 728 px when at most two cards went in a row) and five at 1920×1080 (1,172).
const SUMS = {
  'a Chomp bar, Grundy and Nim': 'chomp=3x4&grundy=8,5&nim=3,1',
  'three heap games': 'heaps=kayles:9,dawson:8&grundy=12',
  'five games': 'heaps=kayles:9,0.333:11,dawson:8&grundy=12&nim=5',
  // After six moves, as the link keeps them: Kayles split in two heaps
  // under its take choice, Grundy's game with heaps set aside. Measured
  // after a hint only, five games fitted while this took 782 px at 1280×720.
  'five games after six moves': 'heaps=kayles:9,0.333:11,dawson:8&grundy=12&nim=5&moves=2:9-2%3D5%2B2+1:11%2B1+1:9%2B2+3:11-1+1:7%2B2+3:10-1',
};
// Each sum in one page, a hint shown, the window then resized through its sizes.
for (const [sum, sizes] of /** @type {[keyof typeof SUMS, [number, number][]][]} */ ([
  ['a Chomp bar, Grundy and Nim', [[1920, 1080], [1024, 768]]],
  ['three heap games', [[1280, 720], [1280, 800], [1366, 768]]],
  ['five games', [[1920, 1080], [1366, 768], [1280, 800], [1280, 720], [1024, 768]]],
  ['five games after six moves', [[1920, 1080], [1366, 768], [1280, 800], [1280, 720], [1024, 768]]],
])) {
  test(`the sum page at ${sizes.map(([w, h]) => `${w}×${h}`).join(', ')} projector, ${sum}: the hint, every game and the nim-sum at once`, async ({ page }) => {
    await page.setViewportSize({ width: sizes[0][0], height: sizes[0][1] });
    await page.goto(`/sum.html?theme=projector&${SUMS[sum]}`);
    const status = page.locator('#status:not([aria-busy="true"])');
    await expect(status).toContainText('Your turn');
    await page.locator('#hint').click();
    await expect(status).toContainText('Winning move');
    for (const [width, height] of sizes) {
      const at = `${width}×${height}`;
      await page.setViewportSize({ width, height });
      await settled(page);
      const parts = ['#status', '#nim-bar', '.sum-card', '.sum-components .hinted'];
      for (const selector of parts) {
        const all = page.locator(selector);
        expect(await all.count(), `${selector} at ${at}`).toBeGreaterThan(0);
        for (const b of await Promise.all((await all.all()).map(box))) {
          expect.soft(b.y, `${selector} top at ${at}`).toBeGreaterThanOrEqual(0);
          expect.soft(b.y + b.height, `${selector} bottom at ${at}`).toBeLessThanOrEqual(height + 0.5);
          expect.soft(b.x + b.width, `${selector} right at ${at}`).toBeLessThanOrEqual(width + 0.5);
        }
      }
      expect(await page.evaluate(() => scrollY), `scrolled at ${at}`).toBe(0);
      // The header's games on one line (the current page wrapped to a line of its own, above the same title).
      if (width >= 1280) {
        const tops = await page.locator('nav.games a').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
        expect(new Set(tops).size, `the games' names on one line at ${at} (tops ${tops})`).toBe(1);
      }
      // The words stay readable from the back of the room.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('.sum-card h2, .sum-nimber, .sum-heap-label, .nim-sum-line, .nim-binary th')]
          .map((el) => parseFloat(getComputedStyle(el).fontSize))
          .filter((px) => px < 19.5),
      );
      expect(small, `text under 20 px at ${at}`).toEqual([]);
    }
  });
}

test(`the sum page on a 390×844 and a 360×800 phone, projector, five games after six moves: one column, every card's words inside it`, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/sum.html?theme=projector&${SUMS['five games after six moves']}`);
  await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('Your turn');
  for (const [width, height] of [[390, 844], [360, 800]]) {
    const at = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    await settled(page);
    // Beside the nim-sum, the cards were 40 px wide and their words ran under it.
    const cards = await Promise.all((await page.locator('.sum-card').all()).map(box));
    const nim = await box(page.locator('#nim-bar'));
    expect(cards).toHaveLength(5);
    for (const c of cards) {
      expect(c.x + c.width, `a card inside the page at ${at}`).toBeLessThanOrEqual(width + 0.5);
      expect(c.y + c.height <= nim.y || c.y >= nim.y + nim.height || c.x + c.width <= nim.x || c.x >= nim.x + nim.width, `a card clear of the nim-sum at ${at}`).toBe(true);
    }
    const overflowing = await page.locator('.sum-card').evaluateAll((all) => all.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.querySelector('h2')?.textContent));
    expect(overflowing, `cards whose words run past their edge at ${at}`).toEqual([]);
  }
});

test('the analysis board at 1920×1080 and 1024×768 projector: a move list beside the bar, the chart across its width', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/index.html?theme=projector&rows=6&cols=7&level=random&seed=3&first=human');
  const status = page.locator('#status:not([aria-busy="true"])');
  await expect(status).toContainText('Your turn');
  // A game of ten moves: the person eats from the far corner, a row or a column at a time.
  for (let move = 0; move < 5; move++) {
    const squares = page.locator('#grid .cell[data-state="present"]');
    const n = await squares.count();
    if (n <= 1) break;
    const played = await page.locator('#analysis .an-moves li').count();
    await squares.nth(n - 1).click();
    await expect(page.locator('#analysis .an-moves li')).not.toHaveCount(played);
    await expect(status).toContainText(/Your turn|won/);
  }
  const moves = await page.locator('#analysis .an-moves li').count();
  expect(moves).toBeGreaterThanOrEqual(6);
  // The game played at the first size, seen at each.
  for (const [width, height] of [[1920, 1080], [1024, 768]]) {
    const at = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    await settled(page);
    const board = await box(page.locator('#board-wrap'));
    const list = await box(page.locator('#analysis .an-moves'));
    const chart = await box(page.locator('.an-chart-svg'));
    // The list starts and ends on screen, beside the bar (not under it).
    expect(list.y, at).toBeLessThan(board.y + board.height);
    expect(list.x, at).toBeGreaterThanOrEqual(board.x + board.width);
    expect(list.y + list.height, at).toBeLessThanOrEqual(height + 0.5);
    // It shows a game, not two moves and a half: six moves at once at least.
    const seen = await page.locator('#analysis .an-moves').evaluate((ol) => {
      const r = ol.getBoundingClientRect();
      return [...ol.querySelectorAll('li')].filter((li) => {
        const b = li.getBoundingClientRect();
        return b.top >= r.top - 1 && b.bottom <= r.bottom + 1;
      }).length;
    });
    expect(seen, `moves seen at once in the list at ${at}`).toBeGreaterThanOrEqual(Math.min(6, moves));
    // The chart takes the bar's column, under it.
    expect(chart.y, at).toBeGreaterThanOrEqual(board.y + board.height);
    expect(chart.width, at).toBeGreaterThanOrEqual(board.width);
    const chartText = await page.locator('.an-chart-svg text').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(chartText, `the chart’s words at ${at}`).toBeGreaterThanOrEqual(19.5);
  }
  // Back in the ordinary theme the chart returns to the analysis board.
  await page.locator('#projector').click();
  await expect(page.locator('#analysis .an-chart-svg')).toBeVisible();
  await expect(page.locator('#chart-slot')).toBeHidden();
});

// The sum page's move list and value chart: on the projector right after the
// games and the nim-sum, across the page; on a phone inside the screen.
for (const [width, height, theme, lang] of /** @type {const} */ ([
  [1920, 1080, 'projector', 'en'],
  [1280, 800, 'projector', 'fr'],
  [390, 844, '', 'fr'],
  [360, 800, 'projector', 'en'],
])) {
  test(`the sum page's move list and chart at ${width}×${height}${theme ? ' projector' : ''} (${lang}): whole, apart, inside the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/sum.html?chomp=2x3&grundy=9&nim=4&moves=3:1 1:2,2 2:5%2B4 3:0&at=3&lang=${lang}${theme ? `&theme=${theme}` : ''}`);
    await expect(page.locator('#moves li')).toHaveCount(4);
    await expect(page.locator('#status')).toHaveAttribute('aria-busy', 'false');
    const panel = await box(page.locator('#analysis'));
    const list = await box(page.locator('#moves'));
    const chart = await box(page.locator('#analysis .an-chart-svg'));
    const games = await box(page.locator('#components'));
    const nimBar = await box(page.locator('#nim-bar'));
    // Inside the screen's width, the page not wider than it.
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(width + 0.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // The list and the chart inside the panel; each move inside the list, its words whole, none over another.
    for (const inner of [list, chart]) {
      expect(inner.x).toBeGreaterThanOrEqual(panel.x - 0.5);
      expect(inner.x + inner.width).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
    }
    expect(chart.y + chart.height).toBeLessThanOrEqual(list.y + 0.5);
    // The chart's words apart: the axes' labels, the move numbers, the marks
    // (a line's box holds room above and below its letters: a quarter of it may touch the next line's).
    const crossing = await page.locator('#analysis .an-chart-svg').evaluate((svg) => {
      const boxes = [...svg.querySelectorAll('text')].map((t) => /** @type {[string, DOMRect]} */ ([t.textContent ?? '', t.getBoundingClientRect()]));
      return boxes.flatMap(([a, p], i) =>
        boxes
          .slice(i + 1)
          .filter(([, q]) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 0.5 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > Math.min(p.height, q.height) / 4)
          .map(([b]) => `${a} / ${b}`),
      );
    });
    expect(crossing, 'chart words over each other').toEqual([]);
    const items = await page.locator('#moves li button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return { x: r.x, y: r.y, right: r.right, bottom: r.bottom, cut: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1 };
      }),
    );
    for (const [i, it] of items.entries()) {
      expect(it.cut, `move ${i + 1} cut`).toBe(false);
      expect(it.x).toBeGreaterThanOrEqual(list.x - 0.5);
      expect(it.right).toBeLessThanOrEqual(list.x + list.width + 0.5);
      for (const other of items.slice(i + 1)) {
        const apart = it.right <= other.x + 0.5 || other.right <= it.x + 0.5 || it.bottom <= other.y + 0.5 || other.bottom <= it.y + 0.5;
        expect(apart, `moves ${i + 1} and ${items.indexOf(other) + 1} overlap`).toBe(true);
      }
    }
    if (theme) {
      // After the lesson (the games and the nim-sum), across the page; its words read from the back of the room.
      expect(panel.y).toBeGreaterThanOrEqual(Math.max(games.y + games.height, nimBar.y + nimBar.height) - 0.5);
      expect(panel.width).toBeGreaterThanOrEqual(games.width - 1);
      const words = await page.locator('#moves li button').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(words, 'the moves’ words').toBeGreaterThanOrEqual(19.5);
      const chartWords = await page.locator('#analysis .an-chart-svg text').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(chartWords, 'the chart’s words').toBeGreaterThanOrEqual(19.5);
      // Back in the ordinary theme the panel returns to the side column.
      await page.locator('#projector').click();
      await expect(page.locator('aside.side #analysis')).toBeVisible();
      await expect(page.locator('#record-slot')).toBeHidden();
    }
  });
}

// One page, the hint shown: light, then dark, then the projector turned on by its button.
test(`the sum page's hint wears Chomp's badge (light, dark, projector)`, async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/sum.html?chomp=3x4&grundy=8,5&nim=3,1');
  await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('Your turn');
  await page.locator('#hint').click();
  const square = page.locator('.sum-bar .hinted').first();
  await expect(square).toBeVisible();
  const badge = square.locator('svg.hint-badge');
  for (const [scheme, theme, colour] of /** @type {const} */ ([
    ['light', '', 'rgb(15, 123, 62)'],
    ['dark', '', 'rgb(61, 220, 151)'],
    ['light', 'projector', 'rgb(240, 228, 66)'],
  ])) {
    const at = `${scheme}${theme ? ' projector' : ''}`;
    await page.emulateMedia({ colorScheme: scheme });
    if (theme) {
      await page.locator('#projector').click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
    }
    await settled(page);
    await expect(badge).toBeVisible();
    const s = await box(square);
    const b = await box(badge);
    // In the square's top-right corner, two fifths of its side (inside its border), as on Chomp's board.
    expect(b.width / (await square.evaluate((el) => el.clientWidth)), at).toBeCloseTo(0.4, 1);
    expect(b.x + b.width / 2, at).toBeGreaterThan(s.x + s.width / 2);
    expect(b.y + b.height / 2, at).toBeLessThan(s.y + s.height / 2);
    // A disc in the hint's colour (the theme's, or Chomp's own) with a tick.
    expect(await badge.locator('circle').evaluate((c) => getComputedStyle(c).fill), at).toBe(colour);
    await expect(badge.locator('polyline')).toHaveCount(1);
  }
});

// A split is drawn twice (the matches k and size − k cut a heap alike), a
// take from inside a row of pins likewise: each hinted move is ringed once,
// where its words read it, and badges side by side do not cover each other.
test(`the sum page's hint rings each winning move once, its badges apart (light, projector)`, async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // Grundy's 9: 7 + 2 and 6 + 3, the cuts after matches 7 and 6; Dawson's 7:
  // take 2 leaving 5 (pins 1 and 6) or 3 + 2 (pins 3 and 4).
  for (const [theme, sum] of [['', 'grundy=9'], ['', 'heaps=dawson:7'], ['projector', 'grundy=9'], ['projector', 'heaps=dawson:7']]) {
    await page.goto(`/sum.html?${sum}&first=human&lang=en${theme ? `&theme=${theme}` : ''}`);
    await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('Your turn');
    await page.locator('#hint').click();
    const status = page.locator('#status:not([aria-busy="true"])');
    await expect(status).toContainText('Winning moves');
    const words = /** @type {string} */ (await status.textContent());
    // Every match of a heap drawn alike, its last (not a button: no cut after it) too.
    const edges = await page.locator('.sum-heap .match').evaluateAll((ms) => [...new Set(ms.map((m) => ['Top', 'Left', 'Right', 'Bottom'].map((side) => getComputedStyle(m).getPropertyValue(`border-${side.toLowerCase()}-width`)).join(' ')))]);
    if (sum.startsWith('grundy')) expect(edges, `${sum} ${theme}: the matches' edges`).toHaveLength(1);
    const ringed = page.locator('#components button.hinted:not(.sum-take-count)');
    const labels = await ringed.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
    // Every move the status names, by its words, is one ringed button, and no other is.
    const named = [...words.matchAll(/game (\d), (split \d+ into \d+ \+ \d+|take \d+ of \d+, leaving [\d +]+|leave \d+)/g)].map((m) => `${m[1]}: ${m[2]}`);
    expect(named.length, words).toBeGreaterThan(1);
    expect(labels.length, `${sum} ${theme}: ${labels.join(' / ')}`).toBe(named.length);
    const badges = await ringed.locator('svg.hint-badge').evaluateAll((svgs) =>
      svgs.map((s) => {
        const r = s.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
    for (const [i, a] of badges.entries()) {
      for (const b of badges.slice(i + 1)) {
        const apart = a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
        expect(apart, `${sum} ${theme}: badges ${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(true);
      }
    }
  }
});
