// Serves the built site (dist/) on localhost, with the strict CSP of
// site-server.mjs, and prints the URL.
//   node scripts/serve.mjs [port] [folder]   (default 8080 or the next free port; dist)
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { siteHandler } from './site-server.mjs';

const folder = process.argv[3] ?? 'dist';
const root = fileURLToPath(new URL(`../${folder}/`, import.meta.url));
const wanted = Number(process.argv[2] ?? process.env.PORT ?? 8080);

/** @param {number} port */
function listen(port) {
  const server = http.createServer(siteHandler(root));
  server.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
    if (err.code === 'EADDRINUSE' && !process.argv[2]) listen(port + 1);
    else throw err;
  });
  server.listen(port, '127.0.0.1', () => {
    console.log(`The games are served at http://localhost:${port}/  (Ctrl+C to stop)`);
  });
}
listen(wanted);
