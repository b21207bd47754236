// Serves the game from this folder on localhost and prints the URL.
//   node scripts/serve.mjs [port]     (default 8080, or the next free port)
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = sirv(root, { dev: true, etag: true, dotfiles: false });
const wanted = Number(process.argv[2] ?? process.env.PORT ?? 8080);

/** @param {number} port */
function listen(port) {
  const server = http.createServer((req, res) => files(req, res, () => {
    res.statusCode = 404;
    res.end('not found');
  }));
  server.once('error', (/** @type {NodeJS.ErrnoException} */ err) => {
    if (err.code === 'EADDRINUSE' && !process.argv[2]) listen(port + 1);
    else throw err;
  });
  server.listen(port, '127.0.0.1', () => {
    console.log(`Chomp is served at http://localhost:${port}/  (Ctrl+C to stop)`);
  });
}
listen(wanted);
