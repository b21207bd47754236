// Classroom display, as a teacher would use it: the Projector button and
// ?theme=projector, the system's dark and reduced-motion preferences, the
// Fullscreen button, and marks on the board that read without colour.
import { test, expect, showGraph } from './fixture.mjs';

const status = (page) => page.locator('#status');
const projector = (page) => page.getByRole('button', { name: 'Projector' });

async function settle(page) {
  // The status is aria-busy while the worker has not answered the last click.
  await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/Your turn|Player \d, your turn/, { timeout: 30_000 });
}

/** The page's theme attribute on <html>, or null. */
const theme = (page) => page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** Computed style values of the first element matching `selector`. */
async function styleOf(page, selector, ...props) {
  return page.locator(selector).first().evaluate(
    (el, names) => names.map((n) => getComputedStyle(el).getPropertyValue(n)),
    props,
  );
}

const px = (/** @type {string} */ v) => parseFloat(v);

/**
 * Luminance (0–255) statistics inside a part of one Chomp square on the
 * canvas, the part given as fractions of the square: what a person who sees
 * no colour at all sees there.
 */
async function squareLight(page, row, col, [x0, y0, x1, y1]) {
  return page.evaluate(
    async ({ row, col, box }) => {
      // The board is drawn at the frame after its snapshot.
      await new Promise((done) => requestAnimationFrame(() => done(null)));
      const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
      const grid = /** @type {HTMLElement} */ (document.getElementById('grid'));
      const rows = grid.querySelectorAll('[role="row"]').length;
      const cols = grid.querySelectorAll('[role="row"]:first-child [role="gridcell"]').length;
      const cw = canvas.width / cols;
      const ch = canvas.height / rows;
      const x = Math.round((col - 1 + box[0]) * cw);
      const y = Math.round((row - 1 + box[1]) * ch);
      const w = Math.max(1, Math.round((box[2] - box[0]) * cw));
      const h = Math.max(1, Math.round((box[3] - box[1]) * ch));
      const d = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(x, y, w, h).data;
      let min = 255;
      let max = 0;
      for (let i = 0; i < d.length; i += 4) {
        // Over the page's tray colour where the canvas is transparent.
        const a = d[i + 3] / 255;
        const lum = (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) * a + 128 * (1 - a);
        min = Math.min(min, lum);
        max = Math.max(max, lum);
      }
      return { min, max, range: max - min };
    },
    { row, col, box: [x0, y0, x1, y1] },
  );
}

/** The colour at a point of a square (fractions of the square), as [r, g, b]. */
async function squareColour(page, row, col, fx, fy) {
  return page.evaluate(
    async ({ row, col, fx, fy }) => {
      // The board is drawn at the frame after its snapshot.
      await new Promise((done) => requestAnimationFrame(() => done(null)));
      const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
      const grid = /** @type {HTMLElement} */ (document.getElementById('grid'));
      const rows = grid.querySelectorAll('[role="row"]').length;
      const cols = grid.querySelectorAll('[role="row"]:first-child [role="gridcell"]').length;
      const x = Math.round(((col - 1 + fx) * canvas.width) / cols);
      const y = Math.round(((row - 1 + fy) * canvas.height) / rows);
      return [.../** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(x, y, 1, 1).data.slice(0, 3)];
    },
    { row, col, fx, fy },
  );
}

const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** How many pixels of the Grundy canvas are within 40 of `rgb`. */
async function heapPixelsNear(page, rgb) {
  return page.evaluate(async (c) => {
    // The heaps are drawn at the frame after their snapshot.
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('heaps-canvas'));
    const d = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d')).getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] > 200 && Math.hypot(d[i] - c[0], d[i + 1] - c[1], d[i + 2] - c[2]) < 40) n++;
    }
    return n;
  }, rgb);
}

test('Projector on Chomp: bigger board and text, new colours, kept in the address', async ({ page }) => {
  // A projector's screen.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/?rows=4&cols=7&level=human');
  await settle(page);
  await expect(projector(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await theme(page)).toBeNull();
  const before = {
    board: await page.locator('#board-wrap').boundingBox(),
    status: px((await styleOf(page, '#status', 'font-size'))[0]),
    poison: await squareColour(page, 1, 1, 0.08, 0.5),
  };

  await projector(page).click();
  await expect(projector(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await theme(page)).toBe('projector');
  // The other settings stay in the address with the theme.
  const url = new URL(page.url());
  expect(url.searchParams.get('theme')).toBe('projector');
  expect(url.searchParams.get('rows')).toBe('4');
  expect(url.searchParams.get('level')).toBe('human');

  const board = await page.locator('#board-wrap').boundingBox();
  // Both themes give the board the height the window leaves: the bigger text
  // and buttons take a little of it, the squares stay big enough to be seen
  // from the back of a classroom.
  expect(board?.height).toBeGreaterThan(0.8 * (before.board?.height ?? 0));
  expect((board?.width ?? 0) / 7).toBeGreaterThan(120);
  expect(px((await styleOf(page, '#status', 'font-size'))[0])).toBeGreaterThan(1.2 * before.status);
  // The canvas redrew in the projector colours (the theme changes no size the
  // canvas could notice on its own).
  await expect.poll(async () => distance(await squareColour(page, 1, 1, 0.08, 0.5), before.poison)).toBeGreaterThan(60);

  // A new game rewrites the address from the settings: the theme survives it.
  await page.getByRole('button', { name: 'New game' }).click();
  await settle(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('theme')).toBe('projector');

  // A reload (or a bookmark) starts in the projector theme.
  await page.reload();
  await settle(page);
  await expect(projector(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await theme(page)).toBe('projector');

  await projector(page).click();
  await expect(projector(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await theme(page)).toBeNull();
  await expect.poll(() => new URL(page.url()).searchParams.has('theme')).toBe(false);
  await expect.poll(() => new URL(page.url()).searchParams.get('cols')).toBe('7');
  await expect.poll(async () => distance(await squareColour(page, 1, 1, 0.08, 0.5), before.poison)).toBeLessThan(20);
});

test('?theme=projector opens Grundy’s game in it; the heaps and text grow', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20,9&theme=projector');
  await settle(page);
  await expect(projector(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await theme(page)).toBe('projector');
  const canvas = page.locator('#heaps-canvas');
  // The drawing's words are written in the canvas's own font size.
  const big = { labels: px((await styleOf(page, '#heaps-canvas', 'font-size'))[0]), status: px((await styleOf(page, '#status', 'font-size'))[0]) };
  expect(big.labels).toBeGreaterThanOrEqual(20);
  // Okabe–Ito orange matches, absent from the light theme's drawing.
  const orange = [230, 159, 0];
  expect(await heapPixelsNear(page, orange)).toBeGreaterThan(500);

  await projector(page).click();
  await expect(projector(page)).toHaveAttribute('aria-pressed', 'false');
  const url = new URL(page.url());
  expect(url.searchParams.has('theme')).toBe(false);
  expect(url.searchParams.get('heaps')).toBe('20,9');
  expect(px((await styleOf(page, '#heaps-canvas', 'font-size'))[0])).toBeLessThan(big.labels / 1.5);
  expect((await canvas.boundingBox())?.height).toBeGreaterThan(60);
  expect(px((await styleOf(page, '#status', 'font-size'))[0])).toBeLessThan(big.status / 1.2);
  await expect.poll(() => heapPixelsNear(page, orange)).toBe(0);

  // Back on, then Restart rewrites the address: the theme stays in it.
  await projector(page).click();
  await page.getByRole('button', { name: 'Restart' }).click();
  await settle(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('theme')).toBe('projector');
});

test('a dark preference darkens the page, the board, the heaps and the graph, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/?rows=2&cols=3');
  await settle(page);
  await showGraph(page);
  const light = {
    body: (await styleOf(page, 'body', 'background-color'))[0],
    halo: (await styleOf(page, '#graph-figure .halo', 'fill'))[0],
    choc: await squareColour(page, 1, 2, 0.3, 0.5),
  };
  await page.emulateMedia({ colorScheme: 'dark' });
  const rgb = (/** @type {string} */ s) => /** @type {number[]} */ (s.match(/\d+/g)?.slice(0, 3).map(Number));
  const luminance = (/** @type {number[]} */ c) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  await expect.poll(async () => luminance(rgb((await styleOf(page, 'body', 'background-color'))[0]))).toBeLessThan(40);
  expect(luminance(rgb(light.body))).toBeGreaterThan(200);
  expect(luminance(rgb((await styleOf(page, 'body', 'color'))[0]))).toBeGreaterThan(200);
  // The graph's vertices follow the page's colours.
  expect(luminance(rgb(light.halo))).toBeGreaterThan(200);
  expect(luminance(rgb((await styleOf(page, '#graph-figure .halo', 'fill'))[0]))).toBeLessThan(60);
  // The canvas redrew without a reload: lighter chocolate, to stand out on a dark tray.
  await expect.poll(async () => luminance(await squareColour(page, 1, 2, 0.3, 0.5))).toBeGreaterThan(luminance(light.choc) + 10);

  await page.goto('/grundy.html?heaps=20');
  await settle(page);
  // Match heads in the dark theme's brighter red (only a few edge pixels of
  // the light theme's heads come near it).
  const darkHead = [224, 82, 63];
  const inDark = await heapPixelsNear(page, darkHead);
  expect(inDark).toBeGreaterThan(500);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => heapPixelsNear(page, darkHead)).toBeLessThan(inDark / 5);
});

test('a reduced-motion preference stops smooth scrolling', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/grundy.html?heaps=7');
  await settle(page);
  expect((await styleOf(page, 'html', 'scroll-behavior'))[0]).toBe('smooth');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(async () => (await styleOf(page, 'html', 'scroll-behavior'))[0]).toBe('auto');
});

for (const mode of ['light', 'dark', 'projector']) {
  test(`${mode}: hint, previewed bite and last bite are told apart without colour`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: mode === 'dark' ? 'dark' : 'light' });
    await page.goto(`/?rows=4&cols=7&level=human${mode === 'projector' ? '&theme=projector' : ''}`);
    await settle(page);
    await page.locator('#grid [data-row="3"][data-col="6"]').click();
    await expect(status(page)).toContainText('Player 2, your turn');
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status(page)).toContainText(/Winning moves?/);
    const hinted = page.getByRole('gridcell', { name: /winning move/ }).first();
    const [hr, hc] = [Number(await hinted.getAttribute('data-row')), Number(await hinted.getAttribute('data-col'))];
    expect([hr, hc]).not.toEqual([1, 7]);
    await page.locator('#grid [data-row="1"][data-col="7"]').hover();
    const centre = /** @type {[number, number, number, number]} */ ([0.25, 0.25, 0.75, 0.75]);
    const badge = /** @type {[number, number, number, number]} */ ([0.7, 0.14, 0.86, 0.3]);
    // A plain square is nearly even in the middle; the previewed bite is
    // hatched; the squares just eaten hold crumbs.
    const plain = await squareLight(page, 2, 2, centre);
    expect(plain.range).toBeLessThan(40);
    await expect.poll(async () => (await squareLight(page, 1, 7, centre)).range).toBeGreaterThan(50);
    expect((await squareLight(page, 4, 7, centre)).range).toBeGreaterThan(50);
    // A winning square carries a tick on a badge: a strong light/dark contrast
    // where a plain square has only its bevel.
    expect((await squareLight(page, 2, 2, badge)).range).toBeLessThan(90);
    expect((await squareLight(page, hr, hc, badge)).range).toBeGreaterThan(120);
  });
}

test('Fullscreen: the button enters and leaves it, and its label follows (in French too)', async ({ page }) => {
  await page.goto('/?rows=3&cols=4');
  await settle(page);
  const button = page.locator('#fullscreen');
  await expect(button).toHaveText('Fullscreen');
  await expect(button).toBeEnabled();
  await button.click();
  const inFullscreen = () => page.evaluate(() => document.fullscreenElement === document.documentElement);
  const refused = page.locator('#fullscreen-note');
  // Headless Chromium grants fullscreen; should a browser refuse, the page says so.
  await expect.poll(async () => (await inFullscreen()) || (await refused.isVisible())).toBe(true);
  if (!(await inFullscreen())) {
    test.info().annotations.push({ type: 'note', description: 'fullscreen refused: checked the explanation instead' });
    await expect(refused).toHaveText(/refused fullscreen/);
    return;
  }
  await expect(button).toHaveText('Exit fullscreen');
  await page.locator('#lang').selectOption('fr');
  await expect(button).toHaveText('Quitter le plein écran');
  await button.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(button).toHaveText('Plein écran');
  await expect(refused).toBeHidden();
});

test('where fullscreen is not allowed, the button is off and the page says why', async ({ page }) => {
  // As in a frame without allow="fullscreen", or a browser without the API.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
  });
  await page.goto('/grundy.html?heaps=7');
  await settle(page);
  await expect(page.locator('#fullscreen')).toBeDisabled();
  await expect(page.locator('#fullscreen-note')).toBeVisible();
  await expect(page.locator('#fullscreen-note')).toContainText('Fullscreen is not available here');
  await expect(page.locator('#fullscreen')).toHaveAccessibleDescription(/not available here/);
});
