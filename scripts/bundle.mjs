// Bundles the pages into dist/ (the static site), dist/chomp.html and
// dist/grundy-offline.html (the single files for file://), after
// scripts/build.sh has made www/pkg.
import { build } from 'vite';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { withSingleFileCsp } from './csp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

try {
  await stat('www/pkg/impartial_bg.wasm');
} catch {
  console.error('error: www/pkg is missing; run `bash scripts/build.sh` first (npm run build does both).');
  process.exit(1);
}

await build({ logLevel: 'warn' });
const dist = process.env.DIST_DIR ?? 'dist';
const kib = (/** @type {number} */ bytes) => `${Math.round(bytes / 1024)} KiB`;
// One file per game for file://: dist/grundy.html is the site's Grundy page,
// so Grundy's single file is grundy-offline.html.
for (const [page, html, out] of [
  ['index', 'index.html', 'chomp.html'],
  ['grundy', 'grundy.html', 'grundy-offline.html'],
]) {
  process.env.SINGLE_PAGE = page;
  await build({ mode: 'single', logLevel: 'warn' });
  // Its policy names its final inline scripts by hash: written last.
  const built = await readFile(`target/single-${page}-${dist.replace(/\W/g, '_')}/${html}`, 'utf8');
  await writeFile(`${dist}/${out}`, withSingleFileCsp(built));
  console.log(`[bundle] ${dist}/${out} ${kib((await stat(`${dist}/${out}`)).size)}`);
}
console.log(`[bundle] ${dist}/ written`);
