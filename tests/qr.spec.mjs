// "QR code": the position's link as a large QR code for phones to scan,
// drawn under the strict CSP (the fixture fails on any console error, a
// refused inline style or data: image included).
import { encode } from 'uqr';
import { test, expect } from './fixture.mjs';

for (const [path, theme] of [
  ['/index.html?rows=4&cols=5', ''],
  ['/grundy.html?heaps=9,5', 'projector'],
  ['/sum.html?chomp=2x3&grundy=8&nim=3', ''],
]) {
  test(`${path.split('?')[0]} shows the QR code of the position's link${theme ? ' on the projector' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${path}${theme ? `&theme=${theme}` : ''}`);
    await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('Your turn');
    await page.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan to open this position' });
    await expect(dialog).toBeVisible();
    const link = /** @type {string} */ (await dialog.locator('.qr-link').textContent());
    expect(new URL(link).pathname).toBe(path.split('?')[0]);
    // Large: a third of the screen's height at least, for the back of the room.
    const box = /** @type {{ width: number, height: number }} */ (await dialog.locator('canvas').boundingBox());
    expect(box.height).toBeGreaterThan(768 / 3);
    expect(box.width).toBeCloseTo(box.height, 0);
    // Every module on the canvas is the encoder's: the code says exactly the link.
    const { data, size } = encode(link, { ecc: 'M', border: 4 });
    const drawn = await dialog.locator('canvas').evaluate((c, size) => {
      const canvas = /** @type {HTMLCanvasElement} */ (c);
      const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
      const cell = canvas.width / size;
      const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      return Array.from({ length: size }, (_, y) =>
        Array.from({ length: size }, (_, x) => pixels[(Math.floor((y + 0.5) * cell) * canvas.width + Math.floor((x + 0.5) * cell)) * 4] < 128),
      );
    }, size);
    expect(drawn).toEqual(data);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('a QR code that cannot be drawn is said in the dialog, with the link; the game plays on', async ({ page }) => {
  // The QR canvas alone refuses to draw (as a browser short of memory for it would).
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    /** @type {any} */ (HTMLCanvasElement.prototype).getContext = function (/** @type {any[]} */ ...args) {
      if (this.classList.contains('qr-code')) throw new Error('no canvas for the code');
      return getContext.apply(this, /** @type {any} */ (args));
    };
  });
  await page.goto('/index.html?rows=4&cols=5&level=human');
  await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('your turn');
  await page.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('h2')).toHaveText('The QR code could not be drawn here (no canvas for the code); the link is written below.');
  await expect(dialog.locator('canvas')).toBeHidden();
  await expect(dialog.locator('.qr-link')).toContainText('rows=4');
  await page.keyboard.press('Escape');
  await page.locator('#grid [data-row="4"][data-col="5"]').click();
  await expect(page.locator('#status')).toContainText('Player 1 ate row 4, column 5.');
});
