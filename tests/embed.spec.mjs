// The site as other sites use it: served with a strict CSP, copied under a
// sub-path, embedded as <chomp-game> elements and as an iframe.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test as plain } from '@playwright/test';
import { test, expect } from './fixture.mjs';
import { siteHandler, CSP } from '../scripts/site-server.mjs';

const DIST = fileURLToPath(new URL(`../${process.env.DIST_DIR ?? 'dist'}/`, import.meta.url));

/** @param {import('@playwright/test').Locator} el */
const statusOf = (el) => el.locator('.status');

/**
 * The embed demo's French game (its second), once started, set to a 16×16
 * box played by two people: its table is being solved in the background
 * (held back, as ?debug=hold does on the page: the bar is there, no core is
 * spent on it).
 * @param {import('@playwright/test').Page} page
 */
async function frenchBigBox(page) {
  const fr = page.locator('chomp-game').nth(1);
  await expect(statusOf(fr)).not.toHaveText('');
  await fr.evaluate((el) => {
    /** @type {any} */ (el).game.client.holdRuns();
    el.setAttribute('level', 'human');
    el.setAttribute('rows', '16');
    el.setAttribute('cols', '16');
  });
  return fr;
}

plain('every page is served with the strict CSP, and it is enforced', async ({ page }) => {
  /** @type {string[]} */
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  for (const path of ['/index.html', '/grundy.html', '/embed-demo.html', '/chomp-game.js', '/grundy-game.js']) {
    const response = await page.request.get(path);
    expect(response.headers()['content-security-policy'], path).toBe(CSP);
  }
  await page.goto('/');
  await expect(page.locator('#status')).toContainText('Your turn');
  // The header really binds: an inline script is refused (so the pages work without one).
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.inlineRan = true';
    document.head.append(s);
    return /** @type {any} */ (window).inlineRan === true;
  });
  expect(ran).toBe(false);
  // The only console error is the refusal provoked above.
  expect(errors.length).toBeGreaterThan(0);
  for (const e of errors) expect(e).toMatch(/Content Security Policy/);
});

test('two <chomp-game> on one page: own worker, own language, no CSS leaks', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const games = page.locator('chomp-game');
  await expect(games).toHaveCount(2);
  const [en, fr] = [games.nth(0), games.nth(1)];
  await expect(statusOf(en)).toHaveText('Your turn: pick a square to eat.');
  await expect(en.getByRole('gridcell')).toHaveCount(28);
  // The French one: the computer opened with the square's winning move (2, 2).
  await expect(statusOf(fr)).toContainText('L’ordinateur a mangé ligne 2, colonne 2.');
  await expect(fr.getByRole('button', { name: 'Indice' })).toBeVisible();
  // One worker per element (the iframe's page has its own too).
  await expect.poll(() => page.workers().length).toBeGreaterThanOrEqual(2);

  // Playing in one leaves the other alone.
  const frBefore = await statusOf(fr).textContent();
  await en.getByRole('button', { name: 'Hint' }).click();
  await expect(statusOf(en)).toContainText(/Winning moves?:/);
  await en.locator('[data-hint="true"]').first().click();
  await expect(statusOf(en)).toContainText(/You ate row \d, column \d\. The computer ate/);
  expect(await statusOf(fr).textContent()).toBe(frBefore);

  // The site's `button { background: hotpink }` stays outside; the element's styles stay inside.
  const hintBg = await en.getByRole('button', { name: 'Hint' }).evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(hintBg).not.toBe('rgb(255, 105, 180)');
  const articleFont = await page.locator('article p').first().evaluate((p) => getComputedStyle(p).fontFamily);
  expect(articleFont).toContain('Georgia');
  const canvasPainted = await en.locator('canvas').evaluate(async (c) => {
    // The board is drawn at the frame after its snapshot.
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    const canvas = /** @type {HTMLCanvasElement} */ (c);
    const d = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(0, 0, canvas.width, canvas.height).data;
    let opaque = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) opaque++;
    return opaque / (d.length / 4);
  });
  expect(canvasPainted).toBeGreaterThan(0.5);
});

test('<chomp-game> follows its attributes, explains bad ones and ends its worker when removed', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const en = page.locator('chomp-game').first();
  await expect(statusOf(en)).toContainText('Your turn');
  await en.evaluate((el) => {
    el.setAttribute('rows', '3');
    el.setAttribute('cols', '5');
    el.setAttribute('lang', 'fr');
  });
  await expect(en.getByRole('gridcell')).toHaveCount(15);
  await expect(statusOf(en)).toHaveText('À vous : choisissez un carré à manger.');
  // A position inside the box, in row lengths as in the page's URL.
  await en.evaluate((el) => el.setAttribute('position', '5,3'));
  await expect(en.locator('[data-state="present"], [data-state="poison"]')).toHaveCount(8);
  await expect(statusOf(en)).toContainText('À vous');
  await en.evaluate((el) => el.removeAttribute('position'));
  await en.evaluate((el) => el.setAttribute('level', 'genius'));
  await expect(en.getByRole('alert')).toContainText('Attribut level="genius" ignoré');
  await expect(statusOf(en)).toContainText('À vous');

  // A game added by script works too, and removing games ends their workers.
  // (The demo's frame starts its game when it comes near the screen, as it
  // would while the games above it are removed: started first, its worker
  // is there through the counts below.)
  await page.locator('iframe.chomp-frame').scrollIntoViewIfNeeded();
  await expect(page.frameLocator('iframe.chomp-frame').locator('#status')).toContainText('Your turn');
  const before = page.workers().length;
  await page.evaluate(() => {
    const g = document.createElement('chomp-game');
    g.setAttribute('rows', '2');
    g.setAttribute('cols', '2');
    g.id = 'added';
    document.querySelector('article')?.append(g);
  });
  await expect(page.locator('#added').getByRole('gridcell')).toHaveCount(4);
  await expect.poll(() => page.workers().length).toBe(before + 1);
  await page.evaluate(() => document.querySelectorAll('chomp-game').forEach((g) => g.remove()));
  await expect.poll(() => page.workers().length).toBe(before - 2);
});

test('a game element\'s new game, on a changed attribute, keeps the level the person chose to be shown; a new reveal="" sets it anew', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const chomp = page.locator('chomp-game').first();
  await expect(statusOf(chomp)).toContainText('Your turn');
  /** @param {import('@playwright/test').Locator} el */
  const shown = (el) => el.evaluate((e) => /** @type {any} */ (e).game.snap?.reveal);
  await chomp.locator('.analysis-box > summary').click();
  const select = chomp.locator('.an-reveal select');
  await select.selectOption('moves');
  await expect.poll(() => shown(chomp)).toBe('moves');
  await chomp.evaluate((el) => {
    el.setAttribute('rows', '3');
    el.setAttribute('level', 'random');
  });
  await expect(chomp.getByRole('gridcell')).toHaveCount(21);
  await expect(statusOf(chomp)).toContainText('Your turn');
  expect(await shown(chomp)).toBe('moves');
  await expect(select).toHaveValue('moves');
  // The attribute that sets the level: the host's new one is shown, not the old choice.
  await chomp.evaluate((el) => el.setAttribute('reveal', 'values'));
  await expect.poll(() => chomp.evaluate((e) => /** @type {any} */ (e).game.snap?.reveal_limit)).toBe('values');
  expect(await shown(chomp)).toBe('values');
  await expect(select).toHaveValue('values');

  // <grundy-game> has no level chooser of its own: its controller's, as the page's select calls it.
  const grundy = page.locator('grundy-game');
  await expect(statusOf(grundy)).toContainText('Your turn');
  await grundy.evaluate((el) => /** @type {any} */ (el).game.setReveal('outcome'));
  await expect.poll(() => shown(grundy)).toBe('outcome');
  await grundy.evaluate((el) => el.setAttribute('heaps', '7,4'));
  await expect(grundy.getByRole('button', { name: 'Heap 1: 7 matches' })).toBeVisible();
  expect(await shown(grundy)).toBe('outcome');
  await grundy.evaluate((el) => el.setAttribute('reveal', 'moves'));
  await expect.poll(() => grundy.evaluate((e) => /** @type {any} */ (e).game.snap?.reveal_limit)).toBe('moves');
  expect(await shown(grundy)).toBe('moves');
});

test('<chomp-game> keeps its game when moved in the page or switched to French, and a hint cut short by removal is quiet', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const en = page.locator('chomp-game').first();
  await expect(statusOf(en)).toHaveText('Your turn: pick a square to eat.');
  await en.locator('[data-row="3"][data-col="5"]').click();
  await expect(statusOf(en)).toContainText(/The computer ate row \d, column \d\. Your turn/);
  const eaten = await en.locator('[data-state="eaten"]').count();
  expect(eaten).toBeGreaterThanOrEqual(4);
  const workers = page.workers().length;
  // Moved to the end of the article: same position, same worker.
  await page.evaluate(() => {
    const g = /** @type {Element} */ (document.querySelector('chomp-game'));
    document.querySelector('article')?.append(g);
  });
  const moved = page.locator('chomp-game').last();
  await expect(moved.locator('[data-state="eaten"]')).toHaveCount(eaten);
  await expect(statusOf(moved)).toContainText('Your turn');
  expect(page.workers().length).toBe(workers);
  // Another language: other words, same game (no new solve).
  await moved.evaluate((el) => el.setAttribute('lang', 'fr'));
  await expect(statusOf(moved)).toContainText('À vous');
  await expect(moved.getByRole('button', { name: 'Indice' })).toBeVisible();
  await expect(moved.locator('[data-state="eaten"]')).toHaveCount(eaten);
  // Hint asked, then the element removed before the answer: nothing thrown (the fixture fails on page errors).
  await moved.evaluate((el) => {
    /** @type {HTMLButtonElement} */ (el.shadowRoot?.querySelector('button.primary')).click();
    el.remove();
  });
  await expect.poll(() => page.workers().length).toBe(workers - 1);
});

test('<chomp-game> shows a box\'s background solve with a Cancel, in its language, and a new size after it plays', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const fr = await frenchBigBox(page);
  // "Arrêter": "Annuler" is Undo in French.
  const cancel = fr.getByRole('button', { name: 'Arrêter' });
  await expect(cancel).toBeVisible({ timeout: 20_000 });
  await expect(fr.getByRole('progressbar')).toBeVisible();
  await expect(fr.locator('.progress label')).toContainText(/Table exacte, résolue pendant que vous jouez\s: \d+ %/);
  // The board plays meanwhile, the bar still there.
  await expect(fr.getByRole('gridcell')).toHaveCount(256);
  const turn = /** @type {string} */ (await statusOf(fr).textContent());
  await fr.locator('[data-row="16"][data-col="16"]').click();
  await expect(fr.locator('[data-state="eaten"]')).toHaveCount(1);
  await expect(statusOf(fr)).not.toHaveText(turn);
  await expect(statusOf(fr)).toContainText('Joueur');
  await expect(cancel).toBeVisible();
  await cancel.click();
  await expect(cancel).toBeHidden();
  await expect(fr.getByRole('progressbar')).toBeHidden();
  // Stopped, the game goes on where it was.
  await expect(fr.locator('[data-state="eaten"]')).toHaveCount(1);
  await fr.locator('[data-row="16"][data-col="15"]').click();
  await expect(fr.locator('[data-state="eaten"]')).toHaveCount(2);
  // The element still plays: a small board after the stopped one.
  await fr.evaluate((el) => {
    el.setAttribute('rows', '3');
    el.setAttribute('cols', '4');
  });
  await expect(fr.getByRole('gridcell')).toHaveCount(12);
  await expect(statusOf(fr)).toContainText('Joueur');
  await expect(cancel).toBeHidden();
});

/**
 * The boxes of `parts` of a game element, each checked to lie across the
 * element's width (and the screen's) and apart from the others.
 * @param {import('@playwright/test').Locator} el @param {string[]} parts selectors in its shadow root
 */
async function checkApart(el, parts) {
  const found = await el.evaluate((host, selectors) => {
    const root = /** @type {ShadowRoot} */ (host.shadowRoot);
    const r = (/** @type {Element} */ e) => {
      const b = e.getBoundingClientRect();
      return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
    };
    return {
      host: r(host),
      width: document.documentElement.clientWidth,
      boxes: selectors.map((s) => {
        const e = root.querySelector(s);
        return { s, box: e && /** @type {HTMLElement} */ (e).offsetParent ? r(e) : null };
      }),
    };
  }, parts);
  for (const { s, box } of found.boxes) {
    expect(box, `${s} shown`).not.toBeNull();
    if (!box) continue;
    expect(box.left, `${s} inside the element`).toBeGreaterThanOrEqual(found.host.left - 0.5);
    expect(box.right, `${s} inside the element`).toBeLessThanOrEqual(found.host.right + 0.5);
    expect(box.right, `${s} inside the screen`).toBeLessThanOrEqual(found.width + 0.5);
    expect(box.bottom, `${s} inside the element`).toBeLessThanOrEqual(found.host.bottom + 0.5);
  }
  const boxes = found.boxes.flatMap((b) => (b.box ? [{ s: b.s, ...b.box }] : []));
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apart = a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5 || a.right <= b.left + 0.5 || b.right <= a.left + 0.5;
      expect(apart, `${a.s} and ${b.s} apart`).toBe(true);
    }
  }
}

for (const { width, height, scheme } of [
  { width: 1366, height: 768, scheme: /** @type {const} */ ('light') },
  { width: 390, height: 844, scheme: /** @type {const} */ ('dark') },
]) {
  test(`<chomp-game> says its box's table was stopped, in its language, in a place of its own (${width}×${height}, ${scheme})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/embed-demo.html');
    const fr = await frenchBigBox(page);
    const note = fr.locator('[part~="solver"]');
    const cancel = fr.getByRole('button', { name: 'Arrêter' });
    await expect(cancel).toBeVisible({ timeout: 20_000 });
    await expect(note).toBeHidden();
    await cancel.click();
    await expect(fr.getByRole('progressbar')).toBeHidden();
    // As the page's solver line says it, where the bar was.
    await expect(note).toHaveText('La table exacte a été arrêtée : l’ordinateur joue d’après le livre d’ouvertures et des recherches, et dit quand il n’est pas sûr.');
    await fr.evaluate((el) => el.setAttribute('lang', 'en'));
    await expect(note).toHaveText(/^The exact table was stopped: the computer plays from the opening book and searches/);
    await fr.scrollIntoViewIfNeeded();
    await checkApart(fr, ['.status', '.board-scroll', '[part~="solver"]', '.controls', '.analysis-box']);
    // Play goes on under it; the page offers nothing to resume but another box (solved again) or a reload.
    await fr.locator('[data-row="16"][data-col="16"]').click();
    await expect(fr.locator('[data-state="eaten"]')).toHaveCount(1);
    await expect(note).toBeVisible();
    await fr.evaluate((el) => {
      el.setAttribute('rows', '3');
      el.setAttribute('cols', '4');
    });
    await expect(fr.getByRole('gridcell')).toHaveCount(12);
    await expect(note).toBeHidden();
  });
}

test('<chomp-game>\'s perfect computer waits for a big box\'s table, then plays from it, the game line kept', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const game = page.locator('chomp-game').first();
  await expect(statusOf(game)).toContainText('Your turn');
  // 13×14: no bite after the corner's is proven by the search. Its table is
  // held back (the element's solver client, as ?debug=hold does on the page)
  // until the computer is seen waiting for it.
  await game.evaluate((el) => {
    /** @type {any} */ (el).game.client.holdRuns();
    el.setAttribute('rows', '13');
    el.setAttribute('cols', '14');
  });
  await expect(game.getByRole('gridcell')).toHaveCount(182);
  await expect(game.locator('.progress label')).toContainText('Exact table, solved while you play', { timeout: 20_000 });
  await game.locator('[data-row="13"][data-col="14"]').click();
  await expect(statusOf(game)).toContainText('The perfect computer plays only proven moves: nothing is proven here yet, so it waits for the exact table');
  await page.waitForTimeout(1000);
  await expect(game.locator('[data-state="eaten"]')).toHaveCount(1);
  await expect(game.locator('.progress label')).toContainText('Exact table, solved while you play');
  // The table comes: the computer plays at once, from it, after the person's move.
  await game.evaluate((el) => /** @type {any} */ (el).game.client.releaseRuns());
  await expect(statusOf(game)).toContainText('The computer ate row', { timeout: 30_000 });
  await expect(game.locator('.progress')).toBeHidden();
  await expect(game.locator('[data-row="13"][data-col="14"]')).toHaveAttribute('data-state', 'eaten');
  await game.locator('.analysis-box > summary').click();
  const moves = game.locator('li button[data-ply]');
  await expect(moves).toHaveCount(2);
  await expect(moves.nth(0)).toContainText('row 13, column 14');
  await expect(moves.nth(1)).toContainText('The computer: row');
  await expect(moves.nth(1)).not.toContainText(/opening book|search, before/);
  await expect(statusOf(game)).not.toContainText('not sure');
});

test('<chomp-game> set to another game while its worker still loads plays that game, not a cancelled one', async ({ page }) => {
  await page.goto('/embed-demo.html');
  await page.evaluate(async () => {
    const g = document.createElement('chomp-game');
    g.id = 'early';
    g.setAttribute('lang', 'en');
    document.querySelector('article')?.prepend(g);
    // Its first game is still waiting for the worker's session when the host sets another.
    await new Promise((resolve) => setTimeout(resolve, 0));
    g.setAttribute('rows', '3');
    g.setAttribute('cols', '5');
  });
  const early = page.locator('#early');
  await expect(statusOf(early)).toHaveText('Your turn: pick a square to eat.');
  await expect(early.getByRole('gridcell')).toHaveCount(15);
});

test('<chomp-game seed> makes the random computer play the same on every load; a bad seed is named', async ({ page }) => {
  await page.goto('/embed-demo.html');
  await page.evaluate(() => {
    for (const id of ['s1', 's2']) {
      const g = document.createElement('chomp-game');
      for (const [k, v] of Object.entries({ rows: '6', cols: '9', level: 'random', first: 'computer', seed: '3', lang: 'en' })) g.setAttribute(k, v);
      g.id = id;
      document.querySelector('article')?.append(g);
    }
  });
  const first = statusOf(page.locator('#s1'));
  const second = statusOf(page.locator('#s2'));
  await expect(first).toContainText('The computer ate row');
  await expect(second).toContainText('The computer ate row');
  expect(await second.textContent()).toBe(await first.textContent());
  await page.locator('#s2').evaluate((el) => el.setAttribute('seed', 'abc'));
  await expect(page.locator('#s2').getByRole('alert')).toContainText('seed');
});

test('the iframe form shows the game without the page around it, started when it comes near the screen', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const frame = page.frameLocator('iframe.chomp-frame');
  // Far down the article, the frame's page is there but its game waits (no worker, no solve) while the host's games start.
  const box = await page.locator('iframe.chomp-frame').boundingBox();
  expect(box?.y ?? 0).toBeGreaterThan(2 * (page.viewportSize()?.height ?? 0));
  await expect(statusOf(page.locator('grundy-game'))).toContainText('Your turn');
  await expect(frame.locator('h1')).toHaveText('Chomp');
  await page.waitForTimeout(300);
  await expect(frame.locator('#status')).toHaveText('');
  await expect(frame.getByRole('gridcell')).toHaveCount(0);
  // Scrolled to, as a reader would, it starts.
  await page.locator('iframe.chomp-frame').scrollIntoViewIfNeeded();
  await expect(frame.locator('#status')).toHaveText('Your turn: pick a square to eat.');
  await expect(frame.getByRole('gridcell')).toHaveCount(24);
  // Of the header only the title stays, for screen readers: nothing of it is seen or reached by Tab.
  for (const part of ['header.top nav', 'header.top .tagline', '#lang', '#projector', '#fullscreen']) await expect(frame.locator(part)).toBeHidden();
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Chomp');
  expect((await frame.locator('header.top').boundingBox())?.height).toBeLessThanOrEqual(1);
  await expect(frame.locator('#new-game')).toBeHidden();
  await expect(frame.locator('#graph')).toBeHidden();
  await frame.getByRole('button', { name: 'Hint' }).click();
  await expect(frame.locator('#status')).toContainText(/Winning moves?:/);
  // The same page without embed=1 has its header and settings.
  await page.goto('/index.html?rows=3&cols=8');
  await expect(page.locator('header.top')).toBeVisible();
  await expect(page.locator('#new-game')).toBeVisible();
});

test('the iframe at the embedding guide\'s size keeps its buttons in after a hint, and tells its host page its height', async ({ page }) => {
  // The size the embedding guide gives to copy.
  const readme = readFileSync(new URL('../docs/embedding.md', import.meta.url), 'utf8');
  const size = /<iframe src="[^"]*embed=1[^"]*"\s+title="[^"]*" width="(\d+)" height="(\d+)">/.exec(readme);
  expect(size, 'the embedding guide\'s iframe snippet').not.toBeNull();
  const [width, height] = [Number(size?.[1]), Number(size?.[2])];
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.goto('/embed-demo.html');
  await page.evaluate(({ width, height }) => {
    // A second frame, exactly as the embedding guide writes it (the demo's script resizes only on request).
    const f = document.createElement('iframe');
    f.id = 'readme-frame';
    f.src = 'index.html?embed=1&rows=3&cols=8&level=perfect&lang=en';
    f.title = 'Chomp';
    f.width = String(width);
    f.height = String(height);
    document.body.prepend(f);
    /** @type {any} */ (window).heights = [];
    addEventListener('message', (e) => {
      if (e.source === f.contentWindow && e.data?.type === 'impartial-games:height') /** @type {any} */ (window).heights.push(e.data.height);
    });
  }, { width, height });
  const frame = page.frameLocator('#readme-frame');
  await expect(frame.locator('#status:not([aria-busy="true"])')).toHaveText('Your turn: pick a square to eat.');
  await frame.getByRole('button', { name: 'Hint' }).click();
  await expect(frame.locator('#status:not([aria-busy="true"])')).toContainText(/Winning moves?:/);
  const inside = await frame.locator('body').evaluate(() => {
    const within = (/** @type {string} */ sel) => {
      const r = /** @type {Element} */ (document.querySelector(sel)).getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    return { status: within('#status'), board: within('#board-wrap'), hint: within('#hint'), undo: within('#undo'), restart: within('#restart'), scrolls: document.documentElement.scrollHeight > innerHeight };
  });
  expect(inside).toEqual({ status: true, board: true, hint: true, undo: true, restart: true, scrolls: false });
  // The frame told its host its height: the game's own, which the guide's size holds.
  const told = await page.evaluate(() => /** @type {any} */ (window).heights.at(-1));
  const own = await frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
  expect(told).toBe(own);
  expect(told).toBeLessThanOrEqual(height);
  // The demo's host script sizes its own frame to what it is told.
  const demo = page.locator('iframe.chomp-frame');
  await demo.scrollIntoViewIfNeeded();
  await expect(page.frameLocator('iframe.chomp-frame').locator('#status')).toContainText('Your turn');
  await expect.poll(async () => {
    const inner = await page.frameLocator('iframe.chomp-frame').locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
    const outer = await demo.evaluate((f) => /** @type {HTMLElement} */ (f).clientHeight);
    return Math.abs(inner - outer);
  }).toBeLessThanOrEqual(1);
});

test('<chomp-game> tells its host page each move and the winner, and hides the hint or the settings on request', async ({ page }) => {
  await page.goto('/embed-demo.html');
  await page.evaluate(() => {
    const g = document.createElement('chomp-game');
    g.id = 'evented';
    g.setAttribute('rows', '2');
    g.setAttribute('cols', '3');
    g.setAttribute('level', 'perfect');
    /** @type {any} */ (window).events = [];
    for (const type of ['move', 'gameover']) {
      // Listened for on the document: the events bubble out of the shadow root.
      document.addEventListener(type, (e) => {
        if (/** @type {Element} */ (e.target).id === 'evented') /** @type {any} */ (window).events.push({ type, ...(/** @type {CustomEvent} */ (e).detail) });
      });
    }
    document.querySelector('article')?.prepend(g);
  });
  const game = page.locator('#evented');
  await expect(statusOf(game)).toHaveText('Your turn: pick a square to eat.');
  // 2×3: eating (2, 3) leaves [3, 2], a loss for the computer; play on with the hint until the end.
  for (let turn = 0; turn < 4; turn++) {
    const text = /** @type {string} */ (await statusOf(game).textContent());
    if (/won/.test(text)) break;
    await game.getByRole('button', { name: 'Hint' }).click();
    await expect(statusOf(game)).toContainText(/Winning moves?:/);
    await game.locator('[data-hint="true"]').first().click();
    // The hint's own line ends in "Your turn": wait for the move to replace it and the computer's reply,
    // lest the next round read a stale hint and click a square no longer hinted.
    await expect(statusOf(game)).not.toContainText(/Winning moves?:/);
    await expect(game.locator('.status:not([aria-busy="true"])')).toContainText(/Your turn|You won/);
  }
  await expect(statusOf(game)).toContainText('You won!');
  const events = await page.evaluate(() => /** @type {any} */ (window).events);
  const moves = events.filter((/** @type {any} */ e) => e.type === 'move');
  expect(moves.length).toBeGreaterThanOrEqual(2);
  expect(moves[0]).toMatchObject({ player: 1, computer: false, ply: 1 });
  expect(moves[1]).toMatchObject({ player: 2, computer: true, ply: 2 });
  for (const m of moves) expect(typeof m.row === 'number' && typeof m.col === 'number').toBe(true);
  const over = events.filter((/** @type {any} */ e) => e.type === 'gameover');
  expect(over).toEqual([{ type: 'gameover', winner: 1, computer: false, moves: moves.length, record: expect.stringMatching(/^2x3: /) }]);
  expect(events.at(-1).type).toBe('gameover');

  // no-hint and no-settings: a test without help, a game without the analysis board.
  await expect(game.getByRole('button', { name: 'Hint' })).toBeVisible();
  await expect(game.locator('details.analysis-box')).toBeVisible();
  await game.evaluate((el) => {
    el.setAttribute('no-hint', '');
    el.setAttribute('no-settings', '');
  });
  await expect(game.getByRole('button', { name: 'Hint' })).toBeHidden();
  await expect(game.locator('details.analysis-box')).toBeHidden();
  await expect(game.getByRole('button', { name: 'Edit position' })).toBeHidden();
  await expect(game.getByRole('button', { name: 'Undo' })).toBeVisible();
});

test('<grundy-game>: the Grundy page\'s game on an article, with its own worker, language, events and no-hint', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const game = page.locator('grundy-game');
  await expect(game).toHaveCount(1);
  await expect(statusOf(game)).toContainText('Your turn');
  await expect(game.getByRole('button', { name: 'Heap 1: 9 matches' })).toBeVisible();
  await page.evaluate(() => {
    /** @type {any} */ (window).grundyEvents = [];
    for (const type of ['move', 'gameover']) {
      document.addEventListener(type, (e) => {
        if (/** @type {Element} */ (e.target).localName === 'grundy-game') /** @type {any} */ (window).grundyEvents.push({ type, ...(/** @type {CustomEvent} */ (e).detail) });
      });
    }
  });
  // Heaps of 9 and 5: G = 1 xor 2 = 3, a win for the player who follows the hint.
  for (let turn = 0; turn < 12; turn++) {
    if (/win/.test(/** @type {string} */ (await statusOf(game).textContent()))) break;
    await game.getByRole('button', { name: 'Hint' }).click();
    await expect(statusOf(game)).toContainText('Hint:');
    const before = await page.evaluate(() => /** @type {any} */ (window).grundyEvents.length);
    await game.getByRole('button', { name: 'Split', exact: true }).click();
    await expect.poll(() => page.evaluate(() => /** @type {any} */ (window).grundyEvents.length)).toBeGreaterThan(before);
    await expect(game.locator('.status:not([aria-busy="true"])')).toContainText(/Your turn|You win|computer wins/);
  }
  await expect(statusOf(game)).toContainText('You win');
  const events = await page.evaluate(() => /** @type {any} */ (window).grundyEvents);
  expect(events[0]).toMatchObject({ type: 'move', player: 1, computer: false, ply: 1 });
  expect(events[0].big + events[0].small).toBe(events[0].size);
  expect(events.at(-1)).toMatchObject({ type: 'gameover', winner: 1, computer: false });
  // French, and no hint: the words change, the game stays.
  await game.evaluate((el) => {
    el.setAttribute('lang', 'fr');
    el.setAttribute('no-hint', '');
  });
  await expect(game.getByRole('button', { name: 'Annuler' })).toBeVisible();
  await expect(game.getByRole('button', { name: 'Indice' })).toBeHidden();
  // A bad attribute is named inside the game; removing it ends its worker.
  await game.evaluate((el) => el.setAttribute('heaps', 'abc'));
  await expect(game.getByRole('alert')).toContainText('Attribut heaps="abc" ignoré');
  const workers = page.workers().length;
  await game.evaluate((el) => el.remove());
  await expect.poll(() => page.workers().length).toBe(workers - 1);
});

test.describe('copied into a sub-folder of another site', () => {
  // One server on one port: the group's tests stay in one worker.
  test.describe.configure({ mode: 'default' });
  const PORT = Number(process.env.E2E_PORT ?? 4173) + 14;
  const PREFIX = '/maths/jeux/chomp/';
  /** @type {http.Server} */
  let server;
  test.use({ baseURL: `http://localhost:${PORT}${PREFIX}` });
  test.beforeAll(async () => {
    server = http.createServer(siteHandler(DIST, PREFIX));
    await new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(null)));
  });
  test.afterAll(() => new Promise((resolve) => server.close(() => resolve(null))));

  test('every page loads its scripts, worker and wasm from relative URLs', async ({ page }) => {
    /** @type {string[]} */
    const paths = [];
    page.on('request', (r) => paths.push(new URL(r.url()).pathname));
    await page.goto('index.html?rows=3&cols=4');
    await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.');
    await page.goto('grundy.html?heaps=7');
    await expect(page.locator('#status')).toContainText('Your turn');
    await page.goto('embed-demo.html');
    await expect(statusOf(page.locator('chomp-game').first())).toContainText('Your turn');
    expect(paths.some((p) => p.endsWith('.wasm'))).toBe(true);
    for (const p of paths) expect(p.startsWith(PREFIX), p).toBe(true);
  });
});

test.describe('on a host that sends no Content-Security-Policy header', () => {
  // One server on one port: the group's tests stay in one worker.
  test.describe.configure({ mode: 'default' });
  const PORT = Number(process.env.E2E_PORT ?? 4173) + 15;
  /** @type {http.Server} */
  let server;
  test.use({ baseURL: `http://localhost:${PORT}/` });
  test.beforeAll(async () => {
    server = http.createServer(siteHandler(DIST, '/', { header: false }));
    await new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(null)));
  });
  test.afterAll(() => new Promise((resolve) => server.close(() => resolve(null))));

  plain('each page carries the policy in a meta element, and it binds', async ({ page }) => {
    for (const path of ['index.html', 'grundy.html', 'embed-demo.html']) {
      const response = await page.request.get(path);
      expect(response.headers()['content-security-policy'], path).toBeUndefined();
      expect(await response.text(), path).toContain(`<meta http-equiv="Content-Security-Policy"`);
    }
    await page.goto('index.html');
    await expect(page.locator('#status')).toContainText('Your turn');
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toBe(CSP);
    // An inline script is refused by the meta alone.
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.head.append(s);
      return /** @type {any} */ (window).inlineRan === true;
    });
    expect(ran).toBe(false);
  });
});

test('games on one page start one after another: the second waits for the first, though never long', async ({ page }) => {
  // A first game long to prepare (Grundy values up to 8,000,000: seconds), then a small Chomp bar.
  await page.route('**/turns-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <script type="module" src="grundy-game.js"></script><script type="module" src="chomp-game.js"></script></head>
        <body><grundy-game heaps="8000000" first="human" level="perfect"></grundy-game>
        <chomp-game rows="3" cols="4" first="human" level="perfect"></chomp-game></body></html>`,
    }),
  );
  const grundy = page.locator('grundy-game');
  const chomp = page.locator('chomp-game');
  await page.goto('/turns-host.html');
  await expect.poll(() => page.workers().length).toBe(1);
  // The second game says it is being prepared, and has no worker yet, while the first one is.
  await expect(statusOf(chomp)).toHaveText('Getting the bar ready: solving its positions…');
  expect(page.workers()).toHaveLength(1);
  await expect(statusOf(grundy)).not.toContainText('Your turn');
  // The first one's preparation lasts: the second one starts all the same, and is played first.
  await expect(statusOf(chomp)).toContainText('Your turn');
  expect(page.workers()).toHaveLength(2);
  await expect(statusOf(grundy)).not.toContainText('Your turn');
});
