// Bundles the pages into dist/ (the static site) and dist/chomp.html (the
// single file for file://), after scripts/build.sh has made www/pkg.
import { build } from 'vite';
import { copyFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

try {
  await stat('www/pkg/impartial_bg.wasm');
} catch {
  console.error('error: www/pkg is missing; run `bash scripts/build.sh` first (npm run build does both).');
  process.exit(1);
}

await build({ logLevel: 'warn' });
await build({ mode: 'single', logLevel: 'warn' });
const dist = process.env.DIST_DIR ?? 'dist';
await copyFile(`target/single-${dist.replace(/\W/g, '_')}/index.html`, `${dist}/chomp.html`);
const kib = (/** @type {number} */ bytes) => `${Math.round(bytes / 1024)} KiB`;
console.log(`[bundle] ${dist}/ written; ${dist}/chomp.html ${kib((await stat(`${dist}/chomp.html`)).size)}`);
