// Grundy's game in the real page: win a heap of 20 as the first player with
// the hint, explained refusals, keyboard play, values, and the lab's plot.
import { test, expect } from './fixture.mjs';

const status = (page) => page.locator('#status');

/** Clicks Split and waits for the answer (the move list grows first, so an old "Your turn" cannot match). */
async function split(page) {
  const before = await page.locator('#moves li').count();
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#moves li')).not.toHaveCount(before);
  return settle(page);
}

async function settle(page) {
  // The status is aria-busy while the worker has not answered the last click.
  await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/Your turn|You win|computer wins/, { timeout: 30_000 });
  return /** @type {string} */ (await status(page).textContent());
}

test('wins a one-heap game of 20 as the first player by following the hint', async ({ page }) => {
  // A seed makes the random computer play the same game every run.
  await page.goto('/grundy.html?heaps=20&level=random&first=human&seed=7');
  let text = await settle(page);
  await expect(page.getByRole('button', { name: 'Heap 1: 20 matches' })).toBeVisible();
  let hinted = 0;
  for (let turn = 0; turn < 30 && !/win/.test(text); turn++) {
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status(page)).toContainText('Hint:');
    const hint = /** @type {string} */ (await status(page).textContent());
    if (/^Hint: split/.test(hint)) {
      // The hint selected the heap and set the split: play it.
      hinted++;
    } else {
      // 20 is a losing heap (G = 0): no winning split, play one off the largest heap.
      expect(hint).toContain('nim-sum is 0');
      expect(hint).toContain('The longest resistance: split');
      const heaps = page.locator('#heaps button');
      const sizes = (await heaps.allTextContents()).map(Number);
      const largest = sizes.indexOf(Math.max(...sizes));
      await heaps.nth(largest).click();
    }
    text = await split(page);
  }
  expect(text).toContain('You win');
  expect(hinted).toBeGreaterThan(0);
  await expect(page.locator('#moves li').first()).toContainText('You: 20 →');
});

test('the perfect computer beats a player who starts on a losing heap', async ({ page }) => {
  await page.goto('/grundy.html?heaps=7&level=perfect&first=human');
  let text = await settle(page);
  for (let turn = 0; turn < 10 && !/win/.test(text); turn++) {
    // Only heaps that can still be split have buttons (heaps of 1 and 2 are set aside).
    await page.locator('#heaps button').first().click();
    text = await split(page);
  }
  expect(text).toContain('The computer wins');
});

test('the perfect computer answers a heap of 20,000 (no deep search, no error)', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20000&level=perfect&first=computer');
  await expect(status(page)).toContainText('The computer split 20,000 into', { timeout: 30_000 });
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect(page.locator('#notice')).toBeHidden();
});

test('refusals are explained, keyboard plays, values and nim-sum show', async ({ page }) => {
  await page.goto('/grundy.html?heaps=2,6,5&level=human');
  await expect(status(page)).toContainText('split a heap');
  // The heap of 2 can never move: it is set aside, with the reason.
  await expect(page.locator('#heaps button')).toHaveText(['6', '5']);
  await expect(page.locator('#set-aside')).toHaveText(
    'Heap set aside: 1 of 2 matches. It can never be split, and its Grundy value is 0.',
  );
  await page.getByRole('button', { name: 'Heap 1: 6 matches' }).click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Heap 2: 5 matches' })).toBeFocused();
  await page.locator('#split-range').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#split-out')).toHaveText('3 + 2');
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#heaps button')).toHaveText(['6', '3']);
  await expect(page.locator('#set-aside')).toContainText('2 of 2 matches');
  await page.getByLabel('Show Grundy values and the nim-sum').check();
  // G(6) = 1, G(3) = 1; the heaps of 2 are worth 0 and left out.
  await expect(page.locator('#nim-sum')).toHaveText('Nim-sum: 1 xor 1 = 0');
  await expect(page.locator('#values-panel')).toContainText('theorem 3.4');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#heaps button')).toHaveText(['6', '5']);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.locator('#heaps button')).toHaveText(['6', '3']);
  // French, from the same table.
  await page.locator('#lang').selectOption('fr');
  await expect(page.locator('#nim-sum')).toHaveText('Somme de nim : 1 xor 1 = 0');
});

test('canvas: click a cut to preview, click again to split; equal halves refused', async ({ page }) => {
  await page.goto('/grundy.html?heaps=6&level=human&debug=1');
  await expect(status(page)).toContainText('split a heap');
  const canvas = page.locator('#heaps-canvas');
  const geometry = await page.evaluate(() => {
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('heaps-canvas'));
    const r = c.getBoundingClientRect();
    return { w: r.width };
  });
  expect(geometry.w).toBeGreaterThan(100);
  // Where the drawing laid the heap's matches (its scale follows the room the screen leaves).
  const { x, y, step } = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes()[0]);
  await canvas.click({ position: { x: x + 3 * step, y: y + 40 } });
  await expect(status(page)).toHaveText('6 cannot be split into two equal heaps of 3: the parts must differ. Player 1: split a heap into two unequal heaps.');
  await canvas.click({ position: { x: x + 2 * step, y: y + 40 } });
  await expect(status(page)).toHaveText('Split 6 into 4 + 2? Click again (or press Enter) to play.');
  await canvas.click({ position: { x: x + 2 * step, y: y + 40 } });
  await expect(page.locator('#heaps button')).toHaveText(['4']);
  await expect(page.locator('#set-aside')).toContainText('1 of 2 matches');
});

test('the line above the board follows the split the slider or the number field picks, and Enter there plays it', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20&level=human&debug=1');
  await expect(status(page)).toContainText('split a heap');
  const canvas = page.locator('#heaps-canvas');
  const { x, y, step } = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes()[0]);
  await canvas.click({ position: { x: x + 3 * step, y: y + 40 } });
  await expect(status(page)).toHaveText('Split 20 into 17 + 3? Click again (or press Enter) to play.');
  // The number field then picks another split: the line names it (it kept 17 + 3, and Split played 13 + 7).
  await page.locator('#split-n').fill('7');
  await expect(page.locator('#split-out')).toHaveText('13 + 7');
  await expect(status(page)).toHaveText('Split 20 into 13 + 7? Press “Split” (or Enter) to play.');
  await page.locator('#split-range').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(status(page)).toHaveText('Split 20 into 14 + 6? Press “Split” (or Enter) to play.');
  await page.keyboard.press('Enter');
  await expect(page.locator('#heaps button')).toHaveText(['14', '6']);
  await expect(status(page)).toContainText('split 20 into 14 + 6');
  // A heap chosen: the line names the split the slider stands at (1), what Split plays.
  await page.getByRole('button', { name: 'Heap 1: 14 matches' }).click();
  await expect(status(page)).toHaveText('Split 14 into 13 + 1? Press “Split” (or Enter) to play.');
  await page.locator('#split-n').fill('2');
  await expect(status(page)).toHaveText('Split 14 into 12 + 2? Press “Split” (or Enter) to play.');
  // Another heap chosen: the line no longer names the split left behind, but this heap's.
  await page.getByRole('button', { name: 'Heap 2: 6 matches' }).click();
  await expect(status(page)).toHaveText('Split 6 into 5 + 1? Press “Split” (or Enter) to play.');
  // Enter where the keyboard is, on the heap's button, plays it (it chose the heap again).
  await page.getByRole('button', { name: 'Heap 2: 6 matches' }).press('Enter');
  await expect(page.locator('#heaps button')).toHaveText(['14', '5']);
  await expect(status(page)).toContainText('split 6 into 5 + 1');
});

test('bad heaps in the link are explained', async ({ page }) => {
  await page.goto('/grundy.html?heaps=17,x');
  await expect(page.locator('#notice')).toHaveText('Ignored “heaps=17,x”: Heap 2: “x” is not a whole number of matches. Using 20.');
  await expect(page.getByRole('button', { name: 'Heap 1: 20 matches' })).toBeVisible();
});

test('a Chomp-page link with game=grundy opens Grundy’s game', async ({ page }) => {
  await page.goto('/?game=grundy&heaps=17,5');
  await expect(page).toHaveURL(/grundy\.html/);
  await expect(page.getByRole('button', { name: 'Heap 2: 5 matches' })).toBeVisible();
});

test('the lab runs the six versions, plots them, and says where a version stops and why', async ({ page }) => {
  // v0 may run heaps of 24 at most (one more match takes over 2 s); the others pass 25.
  await page.goto('/grundy.html');
  await page.locator('#lab-max').fill('25');
  await page.locator('#lab-budget').fill('60000');
  await page.getByRole('button', { name: 'Run the lab' }).click();
  await expect(page.locator('#lab-status')).toHaveText(
    /^Done: 137 runs\. v0 stopped at n = 24: one more match and a single run takes more than 2 s, and a run cannot be interrupted\.$/,
    { timeout: 60_000 },
  );
  // Two uPlot charts, each with the six series in its legend, and drawn lines.
  await expect(page.locator('.uplot')).toHaveCount(2);
  for (const v of ['v0', 'v1', 'v2', 'v3', 'v4', 'v5']) {
    await expect(page.locator('#lab-time .u-legend')).toContainText(v);
    await expect(page.locator('#lab-ops .u-legend')).toContainText(v);
  }
  // A row per run: v0 on heaps 3 to 24, the five others on 3 to 25.
  await expect(page.locator('#lab-table tr')).toHaveCount(1 + 22 + 5 * 23);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('grundy-lab.csv');
});

test('the largest heap, 2^24 − 1, is taken, shows its progress and can be cancelled; nothing playable is left drawn', async ({ page }) => {
  await page.goto('/grundy.html?heaps=7');
  await expect(status(page)).toContainText('Your turn');
  await page.locator('#heap-list').fill('16777215');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.locator('#progress')).toBeVisible();
  await expect(page.locator('#progress-text')).toContainText('Computing the Grundy values up to 16,777,215');
  await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toHaveText('Computing the values was stopped. Choose smaller heaps and start a new game.');
  await expect(page.locator('#progress')).toBeHidden();
  await expect(page.locator('#heaps button')).toHaveCount(0);
  // The page still works: a small game starts at once.
  await page.locator('#heap-list').fill('9');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('button', { name: 'Heap 1: 9 matches' })).toBeVisible();
});

// A heap of 10,000,000: its values go past a byte at heap 7,250,049, where
// the previous method slowed nine times, and more than a quarter of its
// heaps lie past that point. The bar only moves forward, its share follows
// the time spent (no stretch where it stalls or races, before that point or
// after it), it reaches the end, and the game is then played. The largest
// heap offered (2^24 − 1) is started and cancelled above; Cancel is tried on
// a run to 2^24 in values.spec.mjs too, and past the first wide value
// natively (values_past_the_limit_match_the_plain_loop). A run of the whole
// range is some 40 s of a core; this one, some 25 s.
test('a heap of 10,000,000: progress that only grows and follows the time to the end, past heap 7,250,049', async ({ page }) => {
  test.setTimeout(300_000);
  const heap = '10000000';
  /** Samples the bar in the page every 50 ms until it hides: [ms, share]. */
  const follow = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const box = /** @type {HTMLElement} */ (document.getElementById('progress'));
          const bar = /** @type {HTMLProgressElement} */ (document.getElementById('progress-bar'));
          /** @type {[number, number][]} */
          const seen = [];
          const t0 = performance.now();
          const timer = setInterval(() => {
            if (!box.hidden && bar.hasAttribute('value')) seen.push([performance.now() - t0, bar.value]);
            if (box.hidden && seen.length > 0) {
              clearInterval(timer);
              resolve(seen);
            }
          }, 50);
        }),
    );
  await page.goto('/grundy.html?heaps=7&lang=en');
  await settle(page);
  await page.locator('#heap-list').fill(heap);
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.locator('#progress-text')).toContainText('Computing the Grundy values up to 10,000,000');
  const seen = /** @type {[number, number][]} */ (await follow());
  await settle(page);
  await expect(page.getByRole('button', { name: 'Heap 1: 10,000,000 matches' })).toBeVisible();
  expect(seen.length).toBeGreaterThan(20);
  for (let i = 1; i < seen.length; i++) expect(seen[i][1], `sample ${i}`).toBeGreaterThanOrEqual(seen[i - 1][1]);
  const [start, share0] = seen[0];
  const [end, last] = seen[seen.length - 1];
  expect(last).toBeGreaterThan(0.95);
  // Honest: the share of the time spent (since the first count) and the
  // share of the bar covered agree within a fifth at every sample, so an
  // estimate made early on holds to the end.
  for (const [at, share] of seen) {
    const time = (at - start) / (end - start);
    const work = (share - share0) / (last - share0);
    expect(Math.abs(time - work), `at ${Math.round(at)} ms: ${share.toFixed(3)} of the bar`).toBeLessThan(0.2);
  }
});

// Every bad value of a link is named, with what was used instead, and the
// notice stays there while the game is played.
for (const [query, said] of [
  ['heaps=abc', 'Ignored “heaps=abc”'],
  ['heaps=0', 'Ignored “heaps=0”'],
  ['heaps=5,-3', 'Ignored “heaps=5,-3”'],
  ['heaps=16777217', 'Ignored “heaps=16777217”'],
  ['heaps=7&level=genius', 'Ignored “level=genius”'],
  ['heaps=7&first=robot', 'Ignored “first=robot”'],
]) {
  test(`a bad link value is named and stays named: ${query}`, async ({ page }) => {
    await page.goto(`/grundy.html?${query}&seed=3`);
    const notice = page.locator('#notice');
    await expect(notice).toContainText(said);
    await expect(notice).toContainText('Using');
    await settle(page);
    await expect(notice).toContainText(said);
    // A move and the computer's answer: the notice is still there.
    await page.locator('#heaps button').first().click();
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await expect(page.locator('#moves li').first()).toBeVisible();
    await settle(page);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(said);
  });
}

test('the Grundy values under small heaps side by side do not overlap', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/grundy.html?heaps=13,1,3,5,1,2,4&debug=1');
  await settle(page);
  await page.getByLabel('Show Grundy values').check();
  await expect(page.locator('#nim-sum')).toContainText('xor');
  const labels = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.labels());
  // 1s and 2s are set aside: the labels of 13, 3, 5 and 4 remain, each with its value, then the set-aside group's.
  expect(labels.map((/** @type {{ text: string }} */ l) => l.text.split(' ')[0])).toEqual(['13', '3', '5', '4', 'set']);
  for (const l of labels) expect(l.text).toContain('G = ');
  for (let i = 1; i < labels.length; i++) {
    const [a, b] = [labels[i - 1], labels[i]];
    if (a.y !== b.y) continue;
    expect(a.x + a.w, `${a.text} runs into ${b.text}`).toBeLessThan(b.x);
  }
});

test('the opponent choices are not cut off, and the chosen one is said in full', async ({ page }) => {
  for (const [url, note] of [
    ['/grundy.html?heaps=7', 'Wins if it can, else resists longest.'],
    ['/index.html?rows=3&cols=4', 'Wins as fast as it can'],
  ]) {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url);
      await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('Your turn');
      const select = page.locator('#new-game select[name="level"]');
      // Each option's words, measured in the select's own font, fit its box (less the arrow).
      const cut = await select.evaluate((el) => {
        const s = /** @type {HTMLSelectElement} */ (el);
        const style = getComputedStyle(s);
        const ctx = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        return [...s.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
      });
      expect(cut, `options cut off at ${width} px on ${url}`).toEqual([]);
      await expect(page.locator('#level-note')).toContainText(note);
    }
  }
});

test('on a phone, the matches of a heap stand at least 24 pixels apart', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.goto('/grundy.html?heaps=13,5&debug=1');
  await settle(page);
  expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
  const boxes = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes());
  for (const b of boxes) if (b.drawn) expect(b.step, `heap of ${b.n}`).toBeGreaterThanOrEqual(24);
  expect(boxes.filter((/** @type {{ drawn: boolean }} */ b) => b.drawn).length).toBeGreaterThan(0);
  // A tap between two matches previews that cut, a second tap splits there.
  const canvas = page.locator('#heaps-canvas');
  const [b] = boxes;
  await canvas.tap({ position: { x: b.x + 4 * b.step, y: b.y + 40 } });
  await expect(page.locator('#status')).toContainText('Split 13 into 9 + 4');
  await context.close();
});

test('the split of a 50,000 heap can be picked exactly with the number field', async ({ page }) => {
  await page.goto('/grundy.html?heaps=50000&level=random&seed=1');
  await settle(page);
  await page.locator('#heaps button').first().click();
  const field = page.getByLabel('Matches in the smaller part');
  await field.fill('12345');
  await expect(page.locator('#split-out')).toHaveText('37655 + 12345');
  await field.press('ArrowUp');
  await expect(page.locator('#split-out')).toHaveText('37654 + 12346');
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#moves li').first()).toContainText('50,000 → 37,654 + 12,346');
});

test('a first hint, before any heap is chosen, sets the split control to the hinted split', async ({ page }) => {
  await page.goto('/grundy.html?heaps=9&first=human&level=random&seed=5');
  await settle(page);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText('Hint: split 9 (heap 1) into 7 + 2');
  // Not the slider's old most (1), which would play 8 + 1.
  await expect(page.locator('#split-out')).toHaveText('7 + 2');
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#moves li').first()).toContainText('9 → 7 + 2');
});
