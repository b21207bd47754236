// The worksheet's lesson in the page: paste its Chomp(2,3) dict, step through
// the kernel algorithm, then the strategy and the nimbers.
import { test, expect } from '@playwright/test';

const WORKSHEET = `d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],
      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }`;

test('the worksheet dict: kernel step by step, strategy, nimbers', async ({ page }) => {
  /** @type {string[]} */
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?rows=2&cols=3');
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  await page.locator('#graph-text').fill(WORKSHEET);
  await page.getByRole('button', { name: 'Analyse' }).click();
  const caption = page.locator('#graph-caption');
  await expect(caption).toHaveText('9 vertices. Press “Next step” to run the kernel algorithm.');
  await expect(page.locator('#graph-figure g.vertex')).toHaveCount(9);
  const next = page.getByRole('button', { name: 'Next step' });
  await next.click();
  await expect(caption).toContainText('Step 1: 8 has no successor left');
  await expect(caption).toContainText('Its predecessors 4, 5, 7 are deleted');
  await next.click();
  await expect(caption).toContainText('Step 2: 6 has no successor left');
  await next.click();
  await expect(caption).toContainText('Step 3: 2 has no successor left');
  const kernel = page.locator('#graph-figure g.vertex.kernel');
  await expect(kernel).toHaveCount(3);
  expect((await kernel.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-vertex')))).sort()).toEqual(['2', '6', '8']);
  await next.click();
  await expect(caption).toHaveText(
    'Kernel: 8, 6, 2. The winning strategy (green arrows) always moves into the kernel: 0 → 2, 1 → 6, 3 → 6, 4 → 8, 5 → 8, 7 → 8.',
  );
  await expect(page.locator('#graph-figure line.strategy')).toHaveCount(6);
  await next.click();
  await expect(caption).toContainText('The vertices with nimber 0 are exactly the kernel');
  await expect(page.locator('#graph-figure text.nimber')).toHaveCount(9);
  // Back one step, then French.
  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(page.locator('#graph-figure text.nimber')).toHaveCount(0);
  await page.getByLabel('Language').selectOption('fr');
  await expect(caption).toContainText('Noyau : 8, 6, 2.');
  expect(errors).toEqual([]);
});

test('bad graphs are explained with their place', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  const alert = page.locator('#graph-error');
  await page.locator('#graph-text').fill('{0: [1],\n 1: [7]}');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(alert).toHaveText('line 2, column 6: 7 is not a vertex: add a key 7: [...] to the dict');
  await page.locator('#graph-text').fill('{0: [1], 1: [2], 2: [0]}');
  await page.getByRole('button', { name: 'Analyse' }).click();
  await expect(alert).toContainText('the graph has a cycle: 0 → 1 → 2 → 0');
  await page.locator('#graph-arena-form input[name="rows"]').fill('8');
  await page.locator('#graph-arena-form input[name="cols"]').fill('8');
  await page.getByRole('button', { name: 'Draw the arena' }).click();
  await expect(alert).toContainText('more than 5000 vertices');
});

test('a vertex of a Chomp arena starts a game from its position', async ({ page }) => {
  await page.goto('/?rows=4&cols=4');
  await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.');
  await page.locator('#grid [data-row="2"][data-col="3"]').click();
  await expect(page.locator('#status')).toContainText('The computer ate');
  await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
  const first = page.locator('#graph-figure g.vertex[data-vertex="0"]');
  await expect(first).toBeVisible();
  // Vertex 0 is the board's own position; vertex 1 is one move further.
  await page.locator('#graph-figure g.vertex[data-vertex="1"]').click();
  await expect(page.getByRole('alert').first()).toContainText('Playing from the position');
});

test('the drawing downloads as SVG and PNG', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await expect(page.locator('#graph-figure svg')).toBeVisible();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe('game-graph.svg');
  const svgText = await (await svg.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(svgText).toContain('<svg');
  expect(svgText).toContain('data-vertex="8"');
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PNG' }).click()]);
  expect(png.suggestedFilename()).toBe('game-graph.png');
  const bytes = await (await png.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks));
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(2000);
});
