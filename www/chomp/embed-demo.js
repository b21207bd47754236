// The host page's side of the iframe form: each frame of a game says how
// tall it is (www/shared/frame-height.js), and the frame is sized to it. The
// same lines as the README's snippet, in a file of their own (a site with a
// strict CSP runs no inline script).
addEventListener('message', (e) => {
  if (e.data?.type !== 'impartial-games:height' || typeof e.data.height !== 'number') return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === e.source) frame.style.height = `${e.data.height}px`;
  }
});
