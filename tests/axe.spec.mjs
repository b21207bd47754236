// axe-core finds nothing on any page: each game page in the light and dark
// themes, the projector theme (turned on by its button) and the projector in
// the dark, at the start and with a hint shown; the embed demo (its iframe
// included) light and dark; and a host page with a dark `.dark` class that
// embeds both game elements.
import axe from 'axe-core';
import { test, expect } from './fixture.mjs';
import { painted, lightThenDark } from './geometry.mjs';

/**
 * Runs axe-core on the page and every frame in it (axe goes into frames
 * where it is loaded) and lists what it found, one line per finding.
 * @param {import('@playwright/test').Page} page
 */
async function findings(page) {
  // The page as it is painted: a status line's words are fitted at the next
  // frame, and until then a long one overflows its box (axe: a scrolling region).
  await painted(page);
  for (const frame of page.frames()) await frame.evaluate(axe.source);
  const result = await page.evaluate(() => /** @type {any} */ (window).axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.flatMap((/** @type {any} */ v) =>
    v.nodes.map((/** @type {any} */ n) => `${v.id} (${v.impact}) ${n.target.join(' > ')}: ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help}`),
  );
}

const PAGES = [
  ['index.html?rows=4&cols=7', '#status'],
  ['grundy.html?heaps=13,7', '#status'],
  // Another rule: pins, the move control (a heap chosen by the hint), the picker's words.
  ['grundy.html?rule=kayles&heaps=9,4&reveal=explain', '#status'],
  ['sum.html?chomp=3x4&grundy=8,5&nim=3,1', '#status'],
];

/** Axe finds nothing in the light scheme, nor then in the dark one on the same page. @param {import('@playwright/test').Page} page @param {string} when */
const lightAndDark = (page, when) =>
  lightThenDark(page, async (scheme) => expect(await findings(page), `${when} (${scheme})`).toEqual([]));

/** The projector theme turned on or off with the page's own button, as a teacher does. @param {import('@playwright/test').Page} page @param {boolean} on */
async function projector(page, on) {
  await page.locator('#projector').click();
  if (on) await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
  else await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'projector');
}

for (const [url] of PAGES) {
  test(`no axe finding on ${url} (light and dark, then the projector's), at the start and with a hint`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/${url}&first=human`);
    const status = page.locator('#status:not([aria-busy="true"])');
    await expect(status).toContainText('Your turn');
    await lightAndDark(page, 'at the start');
    await projector(page, true);
    await lightAndDark(page, 'at the start, projector');
    await projector(page, false);
    await page.locator('#hint').click();
    await expect(status).toContainText(/Hint|Winning|winning/);
    await lightAndDark(page, 'with a hint');
    await projector(page, true);
    await lightAndDark(page, 'with a hint, projector');
  });
}

for (const scheme of /** @type {const} */ (['light', 'dark'])) {
  test(`no axe finding on the embed demo (${scheme}), its frame included`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/embed-demo.html');
    await expect(page.locator('grundy-game .status')).toContainText('Your turn');
    await expect(page.locator('chomp-game[rows="4"] .status')).toContainText('Your turn');
    const frame = page.locator('iframe.chomp-frame');
    await frame.scrollIntoViewIfNeeded();
    await expect(frame.contentFrame().locator('#status')).toContainText('Your turn');
    expect(await findings(page)).toEqual([]);
  });
}

test('no axe finding on a dark host page (a `.dark` class) embedding both game elements', async ({ page }) => {
  // A site's article page, dark by its own class, not by the system's preference.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  await page.route('**/dark-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en" class="dark"><head><meta charset="utf-8"><title>A dark article</title>
<style>.dark body { background: #111418; color: #e8e8e8; font: 1rem/1.5 Georgia, serif; }</style>
<script type="module" src="chomp-game.js"></script><script type="module" src="grundy-game.js"></script></head>
<body><main><h1>Two games</h1><p>Split the heaps, then eat the bar.</p>
<grundy-game heaps="17,5" first="human" level="perfect"></grundy-game>
<chomp-game rows="4" cols="7" first="human" level="perfect"></chomp-game></main></body></html>`,
    }),
  );
  await page.goto('/dark-host.html');
  await expect(page.locator('grundy-game .status')).toContainText('Your turn');
  await expect(page.locator('chomp-game .status')).toContainText('Your turn');
  expect(await findings(page), 'at the start').toEqual([]);
  // A heap chosen (its pressed button) and a hint on the bar.
  await page.locator('grundy-game .heap-button').first().click();
  await page.locator('chomp-game [part~="hint"]').click();
  await expect(page.locator('chomp-game .status')).toContainText(/Winning/);
  expect(await findings(page), 'in play').toEqual([]);
  // The site's dark switch turned off: both elements turn light.
  const light = () => page.evaluate(() => [...document.querySelectorAll('grundy-game, chomp-game')].map((e) => e.matches(':state(light)')));
  expect(await light()).toEqual([false, false]);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect.poll(light).toEqual([true, true]);
});

// The move lists with a mistake marked (a tinted entry), in every theme: the
// sum page's, shared with the Chomp page.
test('no axe finding on the move lists with a mistake (light and dark, then the projector’s)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
  // Each page's last status: the sum back to the person, the Chomp game
  // over once the computer has answered (between its moves the status
  // is not busy yet says the computer is thinking, then changes).
  for (const [url, last] of /** @type {const} */ ([
    ['sum.html?chomp=2x3&grundy=9&nim=4&moves=3:1 1:2,2 2:5%2B4 3:0', /Your turn/],
    ['index.html?rows=3&cols=4&moves=1,2 3,4 2,2', /The computer won/],
  ])) {
    await page.goto(`/${url}&lang=en`);
    await expect(page.locator('.an-moves [data-mark="mistake"]').first()).toBeVisible();
    await expect(page.locator('#status')).toHaveAttribute('aria-busy', 'false');
    await expect(page.locator('#status')).toContainText(last);
    await lightAndDark(page, url);
    await projector(page, true);
    await expect(page.locator('.an-moves [data-mark="mistake"]').first()).toBeVisible();
    await lightAndDark(page, `${url}, projector`);
  }
});
