// The built site for the cross-engine suite: scripts/site-server.mjs (the
// strict CSP header), with the test-only capture.js put first in every
// page's <head>, a switch that takes the network away (every request but
// capture.js's fails, as on a tablet offline), and a way to make given
// files fail (an optional part that cannot load).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { siteHandler, CSP } from '../../scripts/site-server.mjs';

export const CAPTURE = readFileSync(new URL('./capture.js', import.meta.url), 'utf8');
export const DIST = fileURLToPath(new URL(`../../${process.env.DIST_DIR ?? 'dist'}/`, import.meta.url));
const CAPTURE_PATH = '/__test/capture.js';

/** A page with capture.js first in its <head>. @param {string} html */
export function withCapture(html) {
  return html.replace(/<head>/i, `<head><script src="${CAPTURE_PATH}"></script>`);
}

/**
 * A single file with capture.js inlined first in its <head> and allowed by
 * its hash in the file's own policy (nothing else in the policy changes).
 * @param {string} html
 */
export function singleFileWithCapture(html) {
  const hash = `'sha256-${createHash('sha256').update(CAPTURE, 'utf8').digest('base64')}'`;
  const policy = /<meta http-equiv="Content-Security-Policy" content="script-src /;
  if (!policy.test(html)) throw new Error('the single file has no policy of its own');
  return html.replace(policy, (m) => `${m}${hash} `).replace(/<head>/i, `<head><script>${CAPTURE}</script>`);
}

/**
 * @param {string} [root] the built site
 * @returns {Promise<{ url: string, close: () => Promise<void>, offline: (on: boolean) => void, failing: (pattern: RegExp | null) => void }>}
 */
export async function startSite(root = DIST) {
  const files = siteHandler(root);
  let offline = false;
  /** @type {RegExp | null} */
  let failing = null;
  const server = http.createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === CAPTURE_PATH) {
      res.setHeader('Content-Type', 'text/javascript');
      res.setHeader('Cache-Control', 'no-store');
      res.end(CAPTURE);
      return;
    }
    if (offline) {
      req.socket.destroy();
      return;
    }
    if (failing?.test(path)) {
      res.statusCode = 503;
      res.end('made to fail by the test');
      return;
    }
    const page = path.endsWith('/') ? `${path}index.html` : path;
    if (page.endsWith('.html')) {
      const file = `${root}${page.slice(1)}`;
      if (await stat(file).then((s) => s.isFile(), () => false)) {
        res.setHeader('Content-Security-Policy', CSP);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(withCapture(await readFile(file, 'utf8')));
        return;
      }
    }
    files(req, res);
  });
  // Keep-alive sockets would outlive close() and a switch to offline.
  server.keepAliveTimeout = 1;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    // 127.0.0.1 is a secure context (service workers) and needs no name lookup.
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
    offline: (on) => {
      offline = on;
      if (on) server.closeAllConnections();
    },
    failing: (pattern) => {
      failing = pattern;
    },
  };
}
