// The Content-Security-Policy of the site, in one place: the test server
// sends it as a header and the build writes it into every page's <head>, so
// a host that sends no header still gets it.
import { createHash } from 'node:crypto';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

/**
 * The policy of a single file (dist/chomp.html, dist/grundy-offline.html),
 * which has no 'self' to load from: its own inline scripts, named by their
 * SHA-256, and wasm compiled from bytes. Its workers are made from the page's
 * own inlined code as blob: URLs (Vite's inline workers), and worker-src is
 * the only place a policy can allow those without allowing them as scripts.
 * @param {string} html the file, its inline scripts final
 */
export function singleFileCsp(html) {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[0].slice(0, m[0].indexOf('>'))))
    .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  return `script-src ${[...new Set(hashes)].join(' ')} 'wasm-unsafe-eval'; worker-src blob:`;
}

/**
 * Writes the single file's policy into its <head>, first, so that it holds
 * before any script.
 * @param {string} html
 */
export function withSingleFileCsp(html) {
  if (/http-equiv="Content-Security-Policy"/i.test(html)) throw new Error('the single file already has a policy');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${singleFileCsp(html)}">`;
  const at = html.indexOf('<meta charset="utf-8">');
  if (at < 0) throw new Error('the single file has no <meta charset="utf-8"> to put its policy after');
  const end = at + '<meta charset="utf-8">'.length;
  return html.slice(0, end) + meta + html.slice(end);
}
