// Two builds of the same sources (scripts/bundle.mjs runs both):
//  - the static site in dist/: hashed assets, relative URLs so it works from
//    any folder, no inline script (strict CSP), chomp-game.js under a fixed
//    name for embedding;
//  - `--mode single`: the Chomp page as one HTML file with the scripts, the
//    styles, the worker and the wasm inlined, for file:// (a USB stick).
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { CSP } from './scripts/csp.mjs';

const here = (/** @type {string} */ path) => fileURLToPath(new URL(path, import.meta.url));
/** Where the site goes (several checkouts of work in progress may build side by side). */
const outDir = process.env.DIST_DIR ?? 'dist';

/**
 * The one file is opened alone: links to the other pages would lead nowhere,
 * and its icon must be inside it too.
 */
const singleFileHtml = {
  name: 'single-file-html',
  transformIndexHtml: {
    order: /** @type {const} */ ('pre'),
    handler: (/** @type {string} */ html) => {
      const icon = readFileSync(here('www/favicon.svg')).toString('base64');
      // Links copied from a file:// page lead nowhere else: with PUBLIC_URL
      // (where the site is published) they lead there instead.
      const url = process.env.PUBLIC_URL;
      const publicUrl = url ? `<meta name="impartial-public-url" content="${url.replace(/[&"<>]/g, '')}">` : '';
      return html
        .replace('<meta charset="utf-8">', `<meta charset="utf-8">${publicUrl}`)
        .replace(/<nav class="games"[\s\S]*?<\/nav>/, '')
        .replace('href="www/favicon.svg"', `href="data:image/svg+xml;base64,${icon}"`);
    },
  },
};

/**
 * Each page of the site carries its Content-Security-Policy in a <meta>, so
 * a host that sends no header still gets it (the single file, which inlines
 * its scripts, does not).
 */
const cspMeta = {
  name: 'csp-meta',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: /** @type {const} */ ('head-prepend') },
  ],
};

const site = defineConfig({
  base: './',
  publicDir: false,
  plugins: [cspMeta],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // data: URLs would need img-src data: under the site's CSP.
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        index: here('index.html'),
        grundy: here('grundy.html'),
        sum: here('sum.html'),
        bench: here('bench.html'),
        'embed-demo': here('embed-demo.html'),
        'chomp-game': here('www/chomp/element.js'),
      },
      output: {
        // Embedders write <script type="module" src=".../chomp-game.js">: that name stays.
        entryFileNames: (chunk) => (chunk.name === 'chomp-game' ? '[name].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  worker: { format: 'es' },
});

const single = defineConfig({
  base: './',
  publicDir: false,
  plugins: [singleFileHtml, viteSingleFile({ removeViteModuleLoader: true })],
  resolve: {
    alias: [{ find: /^\.\/spawn-worker\.js$/, replacement: here('www/shared/spawn-worker-inline.js') }],
  },
  build: {
    outDir: `target/single-${outDir.replace(/\W/g, '_')}`,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: () => true,
    rollupOptions: { input: here('index.html') },
  },
  worker: { format: 'iife' },
});

export default defineConfig(({ mode }) => (mode === 'single' ? single : site));
