#!/usr/bin/env node
// Build step after `vite build` and `vite build --ssr`: renders every static public route
// (src/app/public-routes.json) and the templates of the record pages to dist/_pages/, and writes
// dist/_pages/pages.json (file, title, description per route) for the Python app, which adds the
// head tags and serves them. Then compresses every text asset of dist/ once (.br and .gz beside it).
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeAdminShells } from './admin-pages.mjs';
import { chunkModules, chunkStyles, pageChunks } from './page-styles.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssr = join(root, 'dist-ssr');
const out = join(dist, '_pages');
const routes = JSON.parse(readFileSync(join(root, 'src', 'app', 'public-routes.json'), 'utf8'));
process.env.NODE_ENV = 'production';
const { render } = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const pages = { static: {}, records: {} };
// Each route's own stylesheets go inline into its head (scripts/page-styles.mjs).
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && manifest[k].src === 'index.html');
const chunks = pageChunks(root, manifest);
function inlineStyle(attribute, href) {
  const css = readFileSync(join(dist, href.slice(1)), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`prerender: ${href} contains </style>`);
  // The disabled <link> beside it is not fetched, but tells Vite's preloader the file is already
  // in the page: without it, a chunk loaded later (a form, notistack) appends the stylesheet again
  // at the end of the head, after the page's own, and the cascade changes (a late shift).
  return `<style ${attribute}="${href}">${css.trim()}</style><link rel="stylesheet" href="${href}" disabled>`;
}
function pageStyles(pattern) {
  const key = chunks.get(pattern);
  if (!key) throw new Error(`prerender: no page chunk for ${pattern} in src/app/router.tsx`);
  return chunkStyles(manifest, key, entryKey)
    .map((file) => inlineStyle('data-page-style', `/${file}`))
    .join('');
}
// What the page's lazy import will load, for scripts/start-after-paint.js to request with the entry.
function pageModules(pattern) {
  const files = chunkModules(manifest, chunks.get(pattern), entryKey);
  return files.length
    ? `<meta name="page-modules" content="${files.map((file) => `/${file}`).join(' ')}">`
    : '';
}
const fileName = (path) => (path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/gi, '-')) + '.html';

async function write(name, url, data, pattern) {
  const rendered = await render(url, data);
  // React puts the preloads it found (images) first: they belong in the head, not in #root.
  const lead = /^(?:<link [^>]*\/>)+/.exec(rendered.html)?.[0] ?? '';
  const html = rendered.html.slice(lead.length);
  if (!html.trim()) throw new Error(`prerender: ${url} rendered nothing`);
  if (/<script\b|<template\b/.test(html))
    throw new Error(`prerender: ${url} has an inline script or template (CSP)`);
  writeFileSync(join(out, name), html);
  const meta = rendered.meta;
  const head = lead + pageStyles(pattern) + pageModules(pattern);
  return { file: name, title: meta?.title ?? null, description: meta?.description ?? null, head };
}

for (const route of routes.static)
  pages.static[route.path] = await write(fileName(route.path), route.path, null, route.path);

// Record templates: the page rendered with a placeholder record whose fields are tokens the
// Python side replaces (src/app/pages/), and once with no record (the not-found answer).
const TOKEN = (field) => `__RECORD_${field.toUpperCase()}__`;
const placeholderPost = (featured) => ({
  id: TOKEN('id'),
  title: TOKEN('title'),
  excerpt: TOKEN('excerpt'),
  image: TOKEN('image'),
  author: TOKEN('author'),
  date: TOKEN('date'),
  content: TOKEN('content'),
  category: TOKEN('category'),
  tags: [TOKEN('tag')],
  readTime: TOKEN('readtime'),
  featured,
});
const placeholderJob = (status) => ({
  id: TOKEN('id'),
  title: TOKEN('title'),
  country: TOKEN('country'),
  city: TOKEN('city'),
  category: TOKEN('category'),
  employmentType: TOKEN('employmenttype'),
  positions: TOKEN('positions'),
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: '',
  salaryPeriod: '',
  salary: TOKEN('salary'),
  description: TOKEN('description'),
  requirements: TOKEN('requirements'),
  benefits: [TOKEN('benefit')],
  closingDate: TOKEN('closingdate'),
  status,
  publishedAt: TOKEN('publishedat'),
  updatedAt: TOKEN('updatedat'),
});
// Every country and category count of the job board is the one token (src/app/pages/job_list.py).
const counts = () => new Proxy({}, { get: () => TOKEN('count') });
const placeholderBoard = (items, totalOpen = 0) => ({
  items,
  total: items.length ? TOKEN('total') : 0,
  totalOpen,
  countries: counts(),
  categories: counts(),
});
// More templates of a kind, beside `found` and `missing`: a closed job, an empty job board.
const variants = {
  job: { closed: placeholderJob('closed') },
  // `empty-more`: a filtered view with no match while other jobs are open (src/app/pages/job_filters.py);
  // the page compares that number, so it is a number the server replaces (TOTAL_OPEN there).
  'job-list': { empty: placeholderBoard([]), 'empty-more': placeholderBoard([], 987654321) },
  'blog-category': { empty: [] },
  'blog-tag': { empty: [] },
};
const placeholders = {
  job: placeholderJob('open'),
  'job-list': placeholderBoard([placeholderJob('open')]),
  'blog-post': placeholderPost(false),
  // The featured article and one card: the Python side fills the first and repeats the second.
  'blog-list': [placeholderPost(true), placeholderPost(false)],
  // One card, repeated per post of the category or tag (src/app/pages/blog_listing.py).
  'blog-category': [placeholderPost(false)],
  'blog-tag': [placeholderPost(false)],
};
for (const record of routes.records) {
  const placeholder = placeholders[record.kind];
  if (!placeholder) throw new Error(`prerender: no placeholder record for kind ${record.kind}`);
  const url = record.template;
  const base = { kind: record.kind, path: url, url: TOKEN('url') };
  pages.records[record.kind] = {
    found: await write(`${record.kind}.html`, url, { ...base, record: placeholder }, record.path),
    missing: await write(`${record.kind}-missing.html`, url, { ...base, record: null }, record.path),
  };
  for (const [name, variant] of Object.entries(variants[record.kind] ?? {})) {
    pages.records[record.kind][name] = await write(
      `${record.kind}-${name}.html`,
      url,
      { ...base, record: variant },
      record.path,
    );
  }
}
pages.notFound = await write('not-found.html', routes.notFound, null, '*');
writeFileSync(join(out, 'pages.json'), JSON.stringify(pages, null, 2));
console.log(
  `prerender: ${Object.keys(pages.static).length} routes, ${routes.records.length} record templates`,
);

// The entry stylesheet (tokens, reset, layout, header, footer, widgets) goes inline into
// index.html, the shell of every page: as a <link> it is a render-blocking round trip before the
// first paint (the CSP allows inline styles, `style-src 'self' 'unsafe-inline'`, never inline
// scripts). The file stays in dist/. It goes before <title>, where the app puts a page's head tags
// (src/app/pages/document.py), so the page's own styles come after it in the cascade.
const indexPath = join(dist, 'index.html');
const shell = readFileSync(indexPath, 'utf8');
const link = /\s*<link rel="stylesheet"[^>]*href="(\/assets\/index-[^"]+\.css)"[^>]*>/.exec(shell);
if (!link) throw new Error('prerender: no entry stylesheet to inline in index.html');
if (/<link rel="stylesheet"/.test(shell.replace(link[0], '')))
  throw new Error('prerender: index.html has a stylesheet besides the entry one');
const inlined = shell
  .replace(link[0], '')
  .replace('<title>', `${inlineStyle('data-inlined', link[1])}\n    <title>`);

// The entry's module script and its modulepreload links give way to scripts/start-after-paint.js,
// which requests them once the page has been painted (why: in that file). The element names them,
// so what a page loads stays readable in its HTML (tests/api/test_public_pages.py, scripts/size.mjs).
const entryScript = /\s*<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/.exec(
  inlined,
);
if (!entryScript) throw new Error('prerender: no entry module script in index.html');
const preloadTags = [...inlined.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
let started = inlined.replace(entryScript[0], '');
for (const tag of preloadTags) started = started.replace(tag[0], '');
if (/<script\b|modulepreload/.test(started))
  throw new Error('prerender: index.html loads a script besides the entry');
// Its comments stay in the source: every visitor downloads the copy.
const starter = readFileSync(join(root, 'scripts', 'start-after-paint.js'), 'utf8')
  .split('\n')
  .filter((line) => !/^\s*\/\//.test(line))
  .map((line) => line.trim())
  .join('\n');
const starterFile = `assets/start-${createHash('sha256').update(starter).digest('base64url').slice(0, 8)}.js`;
writeFileSync(join(dist, starterFile), starter);
const preloads = preloadTags.map((tag) => tag[1]).join(' ');
started = started.replace(
  '</head>',
  `  <script defer src="/${starterFile}" data-entry="${entryScript[1]}" data-preload="${preloads}"></script>\n  </head>`,
);
writeFileSync(indexPath, started);
console.log(`prerender: entry stylesheet inlined into index.html, the app started by /${starterFile}`);
const adminShells = await writeAdminShells(root, dist, manifest, entryKey, started, { render, inlineStyle });
console.log(`prerender: ${adminShells} admin route shells, their frame pre-rendered (dist/_pages/admin/)`);

// Compress once at build time what the app serves as files (fonts, images and video are not).
const COMPRESS = /\.(js|mjs|css|svg|json|html|txt|xml|map|webmanifest)$/;
let count = 0;
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESS.test(name) && statSync(path).size >= 256) {
      const body = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      count += 1;
    }
  }
})(dist);
console.log(`prerender: compressed ${count} files (.br, .gz)`);
