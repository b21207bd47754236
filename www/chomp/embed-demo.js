// The host page's side of the iframe form: each frame of a game says how
// tall it is (www/shared/frame-height.js), and the frame is sized to it. The
// same lines as the README's snippet, in a file of their own (a site with a
// strict CSP runs no inline script).
// Where the games are served from: the demo's own site.
const GAMES_ORIGIN = location.origin;
addEventListener('message', (e) => {
  if (e.origin !== GAMES_ORIGIN) return;
  if (e.data?.type !== 'impartial-games:height' || typeof e.data.height !== 'number') return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === e.source) frame.style.height = `${e.data.height}px`;
  }
});
