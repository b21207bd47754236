// The guides (README.md and docs/*.md) as pages of the site: rendered at
// build time into dist/docs/ (vite.config.mjs), so they are precached by the
// service worker and read offline like the games. Also what the link checks
// read (tests/docs/), so the rules for links are written once.
import MarkdownIt from 'markdown-it';
import GithubSlugger from 'github-slugger';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path/posix';
import { CSP } from './csp.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Pages of the built site a guide may link to: they exist at dist's root. */
const SITE_PAGES = ['index.html', 'grundy.html', 'sum.html', 'embed-demo.html', 'chomp.html', 'grundy-offline.html'];

/** The guides, repository paths: the front page first, then docs/*.md. */
export async function guideFiles() {
  const docs = (await readdir(path.join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).sort();
  return ['README.md', ...docs.map((f) => `docs/${f}`)];
}

/** Where a guide is published in the site (dist-relative): README.md is docs/index.html. */
export function sitePath(/** @type {string} */ repoPath) {
  if (repoPath === 'README.md') return 'docs/index.html';
  if (/^docs\/[^/]+\.md$/.test(repoPath)) return repoPath.replace(/\.md$/, '.html');
  if (/^docs\/[^/]+\.(png|svg|jpe?g|webp)$/.test(repoPath)) return repoPath;
  if (SITE_PAGES.includes(repoPath)) return repoPath;
  return null;
}

/** A link that leaves the repository (or the page: a mail). */
export const isExternal = (/** @type {string} */ href) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/**
 * The repository path and anchor a relative link of `from` (a repository
 * path) points to. `index.html?rows=2#graph` → { file: 'index.html', query: '?rows=2', hash: 'graph' }.
 * @param {string} from @param {string} href
 */
export function resolveLink(from, href) {
  const m = /^([^?#]*)(\?[^#]*)?(?:#(.*))?$/.exec(href);
  const [, file = '', query = '', hash = null] = m ?? [];
  const target = file === '' ? from : path.normalize(path.join(path.dirname(from), decodeURI(file)));
  return { file: target, query, hash: hash === null ? null : decodeURIComponent(hash) };
}

/** The Markdown reader: raw HTML allowed (images with a width), headings with GitHub's anchors. */
function markdown() {
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
  // Heading ids as GitHub makes them, so an anchor works on both.
  md.core.ruler.push('heading_ids', (state) => {
    const slugger = new GithubSlugger();
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      token.attrSet('id', slugger.slug(headingText(state.tokens[i + 1])));
    });
  });
  // Table alignment as a class: the site's CSP refuses style attributes.
  md.core.ruler.push('align_classes', (state) => {
    for (const token of state.tokens) {
      const style = token.attrGet('style');
      const align = style && /^text-align:(left|right|center)$/.exec(style);
      if (!align) continue;
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
      token.attrJoin('class', `align-${align[1]}`);
    }
  });
  return md;
}

/** The text of a heading's inline token, as GitHub slugs it (code spans keep their text). */
function headingText(/** @type {any} */ inline) {
  return (inline.children ?? []).filter((/** @type {any} */ c) => c.type === 'text' || c.type === 'code_inline').map((/** @type {any} */ c) => c.content).join('');
}

const MD = markdown();

/** Every `href`/`src` of raw HTML in Markdown. */
function htmlLinks(/** @type {string} */ html) {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
}

/**
 * A guide read: its tokens, its anchors, its links (with their lines) and its fenced code blocks.
 * @param {string} repoPath
 */
export async function readGuide(repoPath) {
  const text = await readFile(path.join(ROOT, repoPath), 'utf8');
  const env = {};
  const tokens = MD.parse(text, env);
  /** @type {{ href: string, line: number, image: boolean }[]} */
  const links = [];
  /** @type {string[]} */
  const anchors = [];
  /** @type {{ lang: string, info: string, code: string, line: number, heading: string }[]} */
  const blocks = [];
  let heading = '';
  tokens.forEach((token, i) => {
    const line = (token.map?.[0] ?? 0) + 1;
    if (token.type === 'heading_open') {
      anchors.push(/** @type {string} */ (token.attrGet('id')));
      heading = headingText(tokens[i + 1]);
    }
    if (token.type === 'fence') {
      const [lang = '', ...rest] = token.info.trim().split(/\s+/);
      blocks.push({ lang, info: rest.join(' '), code: token.content, line, heading });
    }
    if (token.type === 'html_block') for (const href of htmlLinks(token.content)) links.push({ href, line, image: false });
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') links.push({ href: /** @type {string} */ (child.attrGet('href')), line, image: false });
      if (child.type === 'image') links.push({ href: /** @type {string} */ (child.attrGet('src')), line, image: true });
      if (child.type === 'html_inline') for (const href of htmlLinks(child.content)) links.push({ href, line, image: false });
    }
  });
  // Raw HTML ids count as anchors too.
  for (const m of text.matchAll(/\sid="([^"]+)"/g)) anchors.push(m[1]);
  return { repoPath, text, tokens, links, anchors, blocks, title: title(tokens) };
}

function title(/** @type {any[]} */ tokens) {
  const i = tokens.findIndex((t) => t.type === 'heading_open' && t.tag === 'h1');
  return i < 0 ? 'Impartial games' : headingText(tokens[i + 1]);
}

/**
 * A link of the guide `from` as the published page writes it: a guide's
 * `.md` becomes its page, an image its copy, a site page stays the page
 * (`../index.html?…`). Links the site cannot serve are left as they are (the
 * built site's link check then fails on them).
 * @param {string} from @param {string} href
 */
export function siteHref(from, href) {
  if (isExternal(href) || href.startsWith('#')) return href;
  const { file, query, hash } = resolveLink(from, href);
  const target = sitePath(file);
  if (!target) return href;
  const fromDir = path.dirname(/** @type {string} */ (sitePath(from)));
  const rel = path.relative(fromDir, target) || path.basename(target);
  return `${rel}${query}${hash === null ? '' : `#${encodeURIComponent(hash)}`}`;
}

/** The language of a guide: French guides say so in their first line (`<!-- lang: fr -->`). */
const guideLang = (/** @type {string} */ text) => (/^<!--\s*lang:\s*fr\s*-->/.test(text) ? 'fr' : 'en');

const NAV = {
  en: {
    guides: [['index.html', 'Overview'], ['playing.html', 'Playing'], ['teaching.html', 'Teaching'], ['enseigner.html', 'Enseigner (fr)'], ['embedding.html', 'Embedding'], ['api.html', 'JavaScript API'], ['solver.html', 'The solver']],
    games: [['../index.html', 'Chomp'], ['../grundy.html', 'Grundy’s game'], ['../sum.html', 'Sums of games']],
  },
  // The French guides link the games in French; the other guides are in English.
  fr: {
    guides: [['index.html', 'Présentation (en)'], ['playing.html', 'Jouer (en)'], ['teaching.html', 'Teaching (en)'], ['enseigner.html', 'Enseigner'], ['embedding.html', 'Intégrer (en)'], ['api.html', 'API JavaScript (en)'], ['solver.html', 'Le solveur (en)']],
    games: [['../index.html?lang=fr', 'Chomp'], ['../grundy.html?lang=fr', 'Jeu de Grundy'], ['../sum.html?lang=fr', 'Sommes de jeux']],
  },
};

const escapeHtml = (/** @type {string} */ s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * Every file of dist/docs/: each guide as a page, the images they show, the
 * stylesheet and the icon. Under the site's CSP: no script, no style attribute.
 * @returns {Promise<{ fileName: string, source: string | Buffer }[]>}
 */
export async function renderDocs() {
  /** @type {{ fileName: string, source: string | Buffer }[]} */
  const out = [];
  const images = new Set();
  for (const file of await guideFiles()) {
    const guide = await readGuide(file);
    for (const link of guide.links) {
      if (isExternal(link.href) || link.href.startsWith('#')) continue;
      const target = resolveLink(file, link.href).file;
      if (/\.(png|svg|jpe?g|webp)$/.test(target) && sitePath(target)) images.add(target);
    }
    // Links and images of the tokens, and of raw HTML, rewritten for the site.
    for (const token of guide.tokens) {
      for (const child of token.children ?? []) {
        if (child.type === 'link_open') child.attrSet('href', siteHref(file, /** @type {string} */ (child.attrGet('href'))));
        if (child.type === 'image') child.attrSet('src', siteHref(file, /** @type {string} */ (child.attrGet('src'))));
        if (child.type === 'html_inline') child.content = rewriteHtml(file, child.content);
      }
      if (token.type === 'html_block') token.content = rewriteHtml(file, token.content);
    }
    const lang = guideLang(guide.text);
    const body = MD.renderer.render(guide.tokens, MD.options, {});
    const self = path.basename(/** @type {string} */ (sitePath(file)));
    const nav = (/** @type {string[][]} */ items) =>
      items.map(([href, label]) => `<a href="${href}"${href === self ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a>`).join(' ');
    const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(guide.title)}</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="docs.css">
</head>
<body>
<header class="docs-top">
<nav class="docs-games" aria-label="${lang === 'fr' ? 'Jeux' : 'Games'}">${nav(NAV[lang].games)}</nav>
<nav class="docs-guides" aria-label="Guides">${nav(NAV[lang].guides)}</nav>
</header>
<main class="doc">
${body}</main>
</body>
</html>
`;
    out.push({ fileName: /** @type {string} */ (sitePath(file)), source: html });
  }
  for (const image of images) out.push({ fileName: image, source: await readFile(path.join(ROOT, image)) });
  out.push({ fileName: 'docs/docs.css', source: await readFile(path.join(ROOT, 'www/shared/docs.css'), 'utf8') });
  out.push({ fileName: 'docs/favicon.svg', source: await readFile(path.join(ROOT, 'www/favicon.svg'), 'utf8') });
  return out;
}

/** Raw HTML of a guide with its `src`/`href` rewritten for the site. */
function rewriteHtml(/** @type {string} */ from, /** @type {string} */ html) {
  return html.replace(/(\s(?:href|src)=")([^"]*)"/g, (_, before, href) => `${before}${siteHref(from, href)}"`);
}

/** Whether a repository path exists (for the link checks). */
export const repoFileExists = (/** @type {string} */ p) => existsSync(path.join(ROOT, p));
