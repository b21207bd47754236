// The offline app's service worker (dist/sw.js, made by vite-plugin-pwa):
// registered here rather than by the plugin's own script, which lets a
// refusal go unhandled. Offline use is an extra: where the browser refuses
// (a private window, a full disk, a host that does not serve sw.js), a line
// under the page says so and the game plays on.

import { say, errorLine } from './i18n.js';

/**
 * Registers the worker once the page has loaded and its first game is on
 * the board; says so under the page if that fails.
 * @param {Promise<unknown>} [playable] settles when the first game is shown:
 *   the precache (the whole site, Graphviz's megabyte included) no longer
 *   competes with the page's start on a slow device's cores
 */
export function registerOfflineApp(playable = Promise.resolve()) {
  // The single file (file://) has no service worker, nor needs one; a browser without them has nothing to refuse.
  if (!import.meta.env.PROD || import.meta.env.MODE === 'single' || location.protocol === 'file:' || !('serviceWorker' in navigator)) return;
  // After the page's own loads, so the precache does not compete with them;
  // WebKitGTK may have fired `load` before a module script runs.
  const register = () => {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch((err) => {
      const note = document.createElement('p');
      note.id = 'offline-note';
      note.className = 'offline-note';
      note.setAttribute('role', 'status');
      note.textContent = say(['offline.failed', { reason: { line: errorLine(err) } }]);
      (document.querySelector('main') ?? document.body).after(note);
    });
  };
  const loaded = new Promise((resolve) => {
    if (document.readyState === 'complete') resolve(null);
    else window.addEventListener('load', resolve, { once: true });
  });
  // A first game refused or overtaken still lets the offline app register.
  void Promise.all([loaded, playable.catch(() => null)]).then(register);
}
