// Two builds of the same sources (scripts/bundle.mjs runs both):
//  - the static site in dist/: hashed assets, relative URLs so it works from
//    any folder, no inline script (strict CSP), chomp-game.js under a fixed
//    name for embedding;
//  - `--mode single`: a game's page as one HTML file with the scripts, the
//    styles, the workers and the wasm inlined, for file:// (a USB stick):
//    Chomp, or Grundy's game with SINGLE_PAGE=grundy.
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { CSP } from './scripts/csp.mjs';
import { uplotCheckedLocale } from './scripts/uplot-locale.mjs';
import { renderDocs } from './scripts/docs.mjs';
import { pageHeader } from './scripts/page-header.mjs';

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
      // The published page of this game: the site's folder for Chomp, its
      // grundy.html for Grundy's game (a link to the folder would open Chomp).
      const page = url && new URL(process.env.SINGLE_PAGE === 'grundy' ? 'grundy.html' : '', url.endsWith('/') ? url : `${url}/`).href;
      const publicUrl = page ? `<meta name="impartial-public-url" content="${page.replace(/[&"<>]/g, '')}">` : '';
      return html
        .replace('<meta charset="utf-8">', `<meta charset="utf-8">${publicUrl}`)
        .replace(/<nav class="games"[\s\S]*?<\/nav>/, '')
        // The guides are pages of the site, not of the file.
        .replace(/<span class="guide-links">[\s\S]*?<\/span>\s*/, '')
        .replace('href="www/favicon.svg"', `href="data:image/svg+xml;base64,${icon}"`);
    },
  },
};

/**
 * Each page of the site carries its Content-Security-Policy in a <meta>, so
 * a host that sends no header still gets it (the single file, which inlines
 * its scripts, gets its own policy from scripts/bundle.mjs, by hash).
 */
const cspMeta = {
  name: 'csp-meta',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: /** @type {const} */ ('head-prepend') },
  ],
};

/**
 * The installable offline app (static site only): a web app manifest and a
 * Workbox service worker that precaches every page, script, style, both
 * wasm modules and both workers, so after one visit the site opens and plays
 * with the network off (a classroom tablet). A new version waits until every
 * tab of the old one is closed: updates take effect on the next visit. The
 * worker is registered by the pages' own module (www/shared/offline-app.js), not inline: the CSP
 * holds.
 */
const offlineApp = VitePWA({
  // www/shared/offline-app.js registers it, and says so when the browser refuses.
  injectRegister: false,
  registerType: 'prompt',
  // The icons are in the glob below already.
  includeManifestIcons: false,
  manifest: {
    name: 'Impartial games: Chomp, Grundy’s game, sums',
    short_name: 'Chomp',
    description: 'Play and understand impartial games: Chomp, Grundy’s game, game graphs and sums of games.',
    start_url: './index.html',
    scope: './',
    display: 'standalone',
    background_color: '#f7f0e6',
    theme_color: '#7a3b12',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{html,js,css,wasm,svg,png}'],
    // The single file is for file:// (it has its own copy of everything); the bench page is for measuring.
    globIgnores: ['chomp.html', 'grundy-offline.html', 'bench.html', '**/bench-*.js'],
    // The wasm modules and the inlined workers are larger than Workbox's default 2 MiB limit allows for comfort.
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    // Every address of a page (?rows=5&cols=7…) is that page.
    ignoreURLParametersMatching: [/.*/],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
  },
});

/**
 * The guides (README.md, docs/*.md) as pages of the site, in dist/docs/,
 * written before the service worker lists its files: they are read offline
 * like the games.
 */
const guides = {
  name: 'guides',
  async generateBundle() {
    for (const { fileName, source } of await renderDocs()) {
      /** @type {any} */ (this).emitFile({ type: 'asset', fileName, source });
    }
  },
};

/** The custom elements' scripts, kept under fixed names for embedders. */
const ELEMENTS = ['chomp-game', 'grundy-game'];

/**
 * Each element's script names every module it needs, not only those it
 * imports itself: a page's <script type="module" src="chomp-game.js"> then
 * fetches them all at once, where the browser found them one level of
 * imports at a time (three round trips, a fifth of a slow device's time to
 * a playable board). The pages have modulepreload links for this; a host
 * page has only the one script. (Rollup's hoistTransitiveImports, which
 * rolldown lacks.) Added after the element's own imports, they change no
 * module's evaluation order.
 */
const flatElementImports = {
  name: 'flat-element-imports',
  /** @param {unknown} _options @param {Record<string, any>} bundle */
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry || !ELEMENTS.includes(chunk.name)) continue;
      const direct = new Set(chunk.imports);
      const all = new Set();
      const visit = (/** @type {string} */ file) => {
        if (all.has(file)) return;
        all.add(file);
        for (const next of bundle[file]?.imports ?? []) visit(next);
      };
      for (const file of chunk.imports) visit(file);
      const hoisted = [...all].filter((file) => !direct.has(file));
      if (hoisted.length > 0) chunk.code += `\n${hoisted.map((file) => `import './${file}';`).join('\n')}\n`;
    }
  },
};

const site = defineConfig({
  base: './',
  // Copied as they are: the app's icons.
  publicDir: here('www/public'),
  plugins: [pageHeader, cspMeta, guides, offlineApp, uplotCheckedLocale, flatElementImports],
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
        'grundy-game': here('www/grundy/element.js'),
      },
      output: {
        // Embedders write <script type="module" src=".../chomp-game.js"> (or grundy-game.js): those names stay.
        entryFileNames: (chunk) => (ELEMENTS.includes(chunk.name) ? '[name].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  worker: { format: 'es' },
});

/** The page the single-file build makes: Chomp (dist/chomp.html) or Grundy's game (dist/grundy-offline.html). */
const singlePage = process.env.SINGLE_PAGE === 'grundy' ? 'grundy' : 'index';

const single = defineConfig({
  base: './',
  publicDir: false,
  plugins: [pageHeader, singleFileHtml, uplotCheckedLocale, viteSingleFile({ removeViteModuleLoader: true })],
  resolve: {
    alias: [{ find: /^\.\/spawn-worker\.js$/, replacement: here('www/shared/spawn-worker-inline.js') }],
  },
  build: {
    outDir: `target/single-${singlePage}-${outDir.replace(/\W/g, '_')}`,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: () => true,
    rollupOptions: { input: here(`${singlePage === 'grundy' ? 'grundy' : 'index'}.html`) },
  },
  worker: { format: 'iife' },
});

export default defineConfig(({ mode }) => (mode === 'single' ? single : site));
