// The lessons of the seed texts in the pages: the worksheet's own arena with
// its numbers, Gale's strategy stealing, sums of games, printed worksheets.
import { test, expect, showGraph } from './fixture.mjs';

test('the 2×3 arena shows the worksheet’s numbers in the figure and the captions', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await page.getByRole('button', { name: 'Draw the arena' }).click();
  const tags = page.locator('#graph-figure text.tag-text');
  await expect(tags).toHaveCount(9);
  expect(await tags.allTextContents()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  // The board holds the full bar: vertex 0, marked in the figure and said under the caption.
  await expect(page.locator('#graph-figure g.vertex.on-board')).toHaveAttribute('data-vertex', '0');
  await expect(page.locator('#graph-note')).toContainText('vertex 0');
  const caption = page.locator('#graph-caption');
  const next = page.getByRole('button', { name: 'Next step' });
  await next.click();
  await expect(caption).toContainText('Step 1: 8 has no successor left');
  await expect(caption).toContainText('Its predecessors 4, 5, 7 are deleted');
  await expect(page.locator('#graph-figure g.vertex.sink text.tag-text')).toHaveText('8');
  await next.click();
  await expect(caption).toContainText('Step 2: 6 has no successor left');
  await next.click();
  await expect(caption).toContainText('Step 3: 2 has no successor left');
  // One predecessor is said in the singular.
  await expect(caption).toContainText('Its predecessor 0 is deleted: it is winning, since it can move to 2.');
  await next.click();
  await expect(caption).toContainText('0 → 2, 1 → 6, 3 → 6, 4 → 8, 5 → 8, 7 → 8');
  await next.click();
  const nimbers = await page.locator('#graph-figure g.vertex').evaluateAll((gs) =>
    gs.map((g) => `${g.querySelector('.tag-text')?.textContent}:${g.querySelector('.nimber')?.textContent}`),
  );
  expect(nimbers).toEqual(['0:n=4', '1:n=3', '2:n=0', '3:n=2', '4:n=2', '5:n=1', '6:n=0', '7:n=1', '8:n=0']);
  // Keyboard: the figure is one tab stop; arrows move, Enter plays the vertex
  // on the board. On a landscape screen the layers run left to right.
  await page.locator('#graph-figure g.vertex[data-vertex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#graph-figure g.vertex:focus')).toHaveAttribute('data-vertex', '2');
  await page.keyboard.press('Enter');
  await expect(page.locator('#notation-rows')).toHaveValue('3 2');
  await expect(page.locator('#graph-figure g.vertex.on-board')).toHaveAttribute('data-vertex', '2');
  // And the other way: a bite on the board moves the mark.
  await page.locator('#grid [data-row="2"][data-col="2"]').click();
  await expect(page.locator('#graph-figure g.vertex.on-board')).toHaveAttribute('data-vertex', '6');
});

test('the default 4×7 board’s graph is drawn in its reduced form', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.');
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  await expect(page.locator('#graph-figure g.vertex')).toHaveCount(329);
  await expect(page.locator('#graph-note')).toContainText('Large graph (329 vertices');
  await expect(page.locator('#graph-error')).toBeHidden();
  // Only the chosen vertex's arrows: the 27 moves of the full bar.
  await expect(page.locator('#graph-figure .arc')).toHaveCount(27);
  // The drawing is larger than its box: the board's vertex is scrolled into view.
  const inView = await page.evaluate(() => {
    const figure = /** @type {Element} */ (document.querySelector('#graph-figure')).getBoundingClientRect();
    const v = /** @type {Element} */ (document.querySelector('#graph-figure g.vertex.on-board')).getBoundingClientRect();
    return v.left >= figure.left && v.right <= figure.right && v.top >= figure.top && v.bottom <= figure.bottom;
  });
  expect(inView).toBe(true);
});

/** Walks to the last step and returns the marked squares of each step. @param {import('@playwright/test').Page} page */
async function walk(page) {
  await page.locator('#steal-start').click();
  // The worker's answer shows the stage: read before it, the first step
  // was empty and every later one shifted by one.
  await expect(page.locator('#steal-stage')).toBeVisible();
  const steps = [];
  for (;;) {
    const marks = await page.locator('#steal-stage .steal-left circle.mark').evaluateAll((cs) => cs.map((c) => `${c.getAttribute('data-row')},${c.getAttribute('data-col')}${c.classList.contains('wins') ? ' wins' : ''}`));
    steps.push({ caption: await page.locator('#steal-caption').textContent(), marks });
    const next = page.locator('#steal-next');
    if (await next.isDisabled()) break;
    await next.click();
  }
  return steps;
}

test('strategy stealing: the corner bite wins on 2×5, the reply is stolen on 3×3 and 4×7', async ({ page }) => {
  await page.goto('/?rows=2&cols=5');
  let steps = await walk(page);
  expect(steps.length).toBe(4);
  expect(steps[1].caption).toContain('Yes.');
  expect(steps[2].caption).toContain('biting the corner (row 2, column 5) is itself a winning first move');
  expect(steps[2].marks).toEqual(['2,5 wins']);
  expect(steps[3].caption).toContain('row 2, column 5');
  await page.goto('/?rows=3&cols=3');
  steps = await walk(page);
  expect(steps.length).toBe(5);
  expect(steps[0].marks).toEqual(['3,3']);
  expect(steps[1].caption).toContain('No: from B the opponent has a winning reply');
  expect(steps[2].caption).toContain('eat row 2, column 2');
  expect(steps[3].marks).toEqual(['2,2 wins']);
  await expect(page.locator('#steal-stage .steal-left rect.bitten')).toHaveCount(4);
  await page.goto('/?rows=4&cols=7&lang=fr');
  steps = await walk(page);
  expect(steps[2].caption).toContain('manger la ligne 3, colonne 4');
  expect(steps[3].marks).toEqual(['3,4 wins']);
  // A: every square from (3, 4) down and right, the corner included.
  await expect(page.locator('#steal-stage .steal-left rect.bitten')).toHaveCount(8);
  await expect(page.locator('#steal-stage .steal-right rect.eaten')).toHaveCount(8);
  expect(steps[4].caption).toContain('sans dire lequel');
});

test('a sum with a non-zero nim-sum is won by the hints; a zero one is lost to the perfect computer', async ({ page }) => {
  await page.goto('/sum.html?chomp=2x3&grundy=8&nim=3&lang=en');
  await expect(page.locator('#nim-sum')).toHaveText('Nim-sum: 4 xor 2 xor 3 = 5');
  // The status is aria-busy until the worker answers the last click.
  const status = page.locator('#status:not([aria-busy="true"])');
  const moves = page.locator('#moves li');
  for (let i = 0; i < 30; i++) {
    await expect(status).toContainText(/Your turn|You won/);
    if ((await status.textContent())?.includes('won')) break;
    const played = await moves.count();
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status).toContainText(/Winning moves?/);
    await page.locator('#components button.hinted').first().click();
    // The status says so only until the computer answers, half a second later; the list keeps it.
    await expect(moves.nth(played)).toContainText(/^\d+\. You: .* → 0\)/);
  }
  await expect(status).toContainText('You won');
  await page.goto('/sum.html?chomp=2x3&grundy=8&nim=6&lang=en');
  await expect(page.locator('#nim-sum')).toHaveText('Nim-sum: 4 xor 2 xor 6 = 0');
  for (let i = 0; i < 30; i++) {
    await expect(status).toContainText(/Your turn|won/);
    if ((await status.textContent())?.includes('won')) break;
    const played = await moves.count();
    // Any move: the first square, match or token that can be played.
    await page.locator('#components button:not([disabled])').first().click();
    await expect(moves.nth(played + 1)).toContainText(/^\d+\. Computer: .* → 0\)/);
  }
  await expect(status).toContainText('The computer won');
});

test('printed worksheets have their pages and nothing cut off', async ({ page }) => {
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await page.goto('/?rows=2&cols=3');
  await showGraph(page);
  await page.locator('#graph-print').click();
  await expect(page.locator('#print-sheet .print-page')).toHaveCount(3);
  // Every arc has its arrowhead on paper: each marker it names is in the
  // printed sheet itself (the screen's drawing, hidden in print, draws none).
  const arrows = await page.evaluate(() =>
    [...document.querySelectorAll('#print-sheet [marker-end]')].map((line) => {
      const id = /** @type {string} */ (line.getAttribute('marker-end')).slice(5, -1);
      return document.querySelector(`#${id}`)?.closest('#print-sheet') !== null;
    }),
  );
  expect(arrows.length).toBeGreaterThan(10);
  expect(arrows.every(Boolean)).toBe(true);
  for (const format of /** @type {const} */ (['A4', 'Letter'])) {
    await page.locator('#graph-paper').selectOption(format === 'A4' ? 'a4' : 'letter');
    await page.locator('#graph-print').click();
    const pdf = await page.pdf({ format });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBe(3);
  }
  // In print layout at the narrower paper's width, nothing overflows its page.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 688, height: 900 });
  const overflow = await page.evaluate(() =>
    [...document.querySelectorAll('#print-sheet .print-page, #print-sheet table, #print-sheet svg')]
      .filter((el) => el.getBoundingClientRect().right > 688 + 1 || el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.tagName),
  );
  expect(overflow).toEqual([]);
  // The figure page fits one Letter page (251 mm of content: 949 px).
  const first = await page.locator('#print-sheet .print-page').first().evaluate((el) => el.getBoundingClientRect().height);
  expect(first).toBeLessThan(949);
  await page.emulateMedia({ media: null });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The board's worksheet: questions and answers.
  await page.locator('#board-print').click();
  await expect(page.locator('#print-sheet .print-page')).toHaveCount(2);
  await expect(page.locator('#print-sheet')).toContainText('Winning moves (each leaves a position of nimber 0): row 2, column 3.');
  const pdf = await page.pdf({ format: 'A4' });
  expect((pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length).toBe(2);
});
