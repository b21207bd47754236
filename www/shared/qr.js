// "Show QR code": students join the position on the board from their phones.
// The link is drawn as a large QR code in a dialog over the page (readable
// from the back of a room on a projector), on a canvas: no data: URL image and
// no inline style, so it works under the site's strict CSP, and offline (the
// encoder, uqr, is bundled).

import { encode } from 'uqr';
import { t, say, errorLine } from './i18n.js';

/** The dialog, made once per page. @type {{ dialog: HTMLDialogElement, canvas: HTMLCanvasElement, caption: HTMLElement, link: HTMLElement, close: HTMLButtonElement } | null} */
let parts = null;

function build() {
  const dialog = document.createElement('dialog');
  dialog.className = 'qr-dialog';
  dialog.setAttribute('aria-labelledby', 'qr-caption');
  const caption = document.createElement('h2');
  caption.id = 'qr-caption';
  const canvas = document.createElement('canvas');
  canvas.className = 'qr-code';
  canvas.setAttribute('role', 'img');
  const link = document.createElement('p');
  link.className = 'qr-link';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'primary';
  close.addEventListener('click', () => dialog.close());
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  dialog.append(caption, canvas, link, close);
  document.body.append(dialog);
  return { dialog, canvas, caption, link, close };
}

/**
 * Draws `text` as a QR code filling `canvas` (dark modules on white, a
 * four-module quiet zone), crisp at the screen's pixel ratio.
 * @param {HTMLCanvasElement} canvas @param {string} text
 */
export function drawQr(canvas, text) {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const side = canvas.clientWidth || 320;
  const ratio = window.devicePixelRatio || 1;
  // Whole device pixels per module, so no module blurs into its neighbour.
  const cell = Math.max(1, Math.floor((side * ratio) / size));
  canvas.width = canvas.height = cell * size;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  data.forEach((row, y) => row.forEach((dark, x) => dark && ctx.fillRect(x * cell, y * cell, cell, cell)));
  canvas.dataset.modules = String(size);
}

/**
 * Opens the dialog with the QR code of `link`, or says why there is none
 * (a page opened from a file has no address others can open).
 * @param {string | null} link
 */
export function showQr(link) {
  parts ??= build();
  const { dialog, canvas, caption, link: linkEl, close } = parts;
  caption.textContent = t(link ? 'ui.qr.title' : 'ui.qr.noLink');
  close.textContent = t('ui.qr.close');
  canvas.hidden = !link;
  linkEl.textContent = link ?? '';
  canvas.setAttribute('aria-label', t('ui.qr.label', { link: link ?? '' }));
  if (!dialog.open) dialog.showModal();
  // Drawn once the dialog has its size on screen. The code is an extra: if it
  // cannot be drawn, the dialog says why and still shows the link.
  if (link) {
    try {
      drawQr(canvas, link);
    } catch (err) {
      canvas.hidden = true;
      caption.textContent = say(['ui.qr.failed', { reason: { line: errorLine(err) } }]);
    }
  }
  close.focus();
}
