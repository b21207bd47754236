// The built site as an HTTP handler, with the strict Content-Security-Policy a
// careful math site would send (so an inline script or eval fails here first),
// optionally under a sub-path, as when dist/ is copied into a site's folder.
import sirv from 'sirv';
import { CSP } from './csp.mjs';

export { CSP };

/**
 * @param {string} root folder to serve (absolute)
 * @param {string} [prefix] URL path it appears under, e.g. '/maths/chomp/'
 * @param {{ header?: boolean }} [options] `header: false` serves as a plain host would, without the CSP header
 * @returns {import('node:http').RequestListener}
 */
export function siteHandler(root, prefix = '/', { header = true } = {}) {
  const files = sirv(root, { dev: true, etag: true, dotfiles: false });
  return (req, res) => {
    if (header) res.setHeader('Content-Security-Policy', CSP);
    const url = req.url ?? '/';
    const notFound = () => {
      res.statusCode = 404;
      res.end('not found');
    };
    if (!url.startsWith(prefix)) return notFound();
    req.url = `/${url.slice(prefix.length)}`;
    files(req, res, notFound);
  };
}
