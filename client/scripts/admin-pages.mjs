// The admin area's shells, one per admin route: index.html with the route's modules named in a
// `<meta name="page-modules">` (the admin chunk, the route's page chunk, what they import statically,
// and the page's stylesheets), for scripts/start-after-paint.js to request with the entry. Without them
// the entry ran, then asked for the admin chunk, which asked for the page's chunk: a chain of round
// trips before the first screen (issue 43). The server picks the shell by the admin route
// (src/app/pages/admin_shell.py reads dist/_pages/admin/routes.json).
// Each shell's #root holds the admin frame pre-rendered (the sidebar, the header and "Loading..." in
// the main area; on /admin/login the sign-in form itself), with the admin chunk's stylesheets inline:
// the first paint comes from the HTML, not from the scripts, and the app hydrates it in place. It is
// rendered signed out, so it carries no name and no data: the same bytes for every visitor.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ADMIN_APP = 'src/features/admin-shell/AdminApp.tsx';

/** Admin route pattern relative to /admin (`''`, `applications/:applicationId`) -> page module key. */
function adminRouteChunks(root, manifest) {
  const source = readFileSync(join(root, ADMIN_APP), 'utf8');
  const modules = Object.fromEntries(
    // `./x/Page` (a page of the shell's own) or `@/features/admin-login/LoginPage`.
    [...source.matchAll(/const (\w+) = lazy\(\s*\(\) => import\('(\.\/|@\/)([^']+)'\),?\s*\)/g)].map(
      ([, name, from, spec]) => [name, from === '@/' ? `src/${spec}` : `src/features/admin-shell/${spec}`],
    ),
  );
  const chunks = new Map();
  for (const [, attrs, name] of source.matchAll(/<Route ((?:index|path="[^"]*"))\s+element={<(\w+) \/>}/g)) {
    if (!modules[name]) continue; // a page defined in AdminApp itself (its not-found page)
    const pattern = attrs === 'index' ? '' : /path="([^"]*)"/.exec(attrs)[1];
    const key = ['.tsx', '.ts'].map((ext) => modules[name] + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`admin-pages: no chunk for ${name} (/admin/${pattern}) in the manifest`);
    chunks.set(pattern, key);
  }
  if (!chunks.size) throw new Error(`admin-pages: no lazy page routes found in ${ADMIN_APP}`);
  return chunks;
}

/** The JavaScript and CSS files of `keys` and of what they import statically, leaving out the
 * entry's own (loaded by the entry, its styles inline in index.html) and the stylesheets `inlined`. */
function shellModules(manifest, keys, entryKey, inlined = []) {
  const entry = new Set();
  (function walk(k) {
    if (entry.has(k) || !manifest[k]) return;
    entry.add(k);
    for (const imported of manifest[k].imports ?? []) walk(imported);
  })(entryKey);
  const scripts = [];
  const styles = [];
  const seen = new Set(entry);
  function walk(k) {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const imported of chunk.imports ?? []) walk(imported);
    if (chunk.file.endsWith('.js')) scripts.push(chunk.file);
    for (const file of chunk.css ?? [])
      if (!styles.includes(file) && !inlined.includes(file)) styles.push(file);
  }
  for (const key of keys) walk(key);
  // Stylesheets first: Vite's preloader waits for them before it runs a chunk.
  return [...styles, ...scripts].map((file) => `/${file}`);
}

const fileName = (pattern) => `${pattern.replace(/[^a-z0-9]+/gi, '-') || 'index'}.html`;

/** The admin chunk's own stylesheets and those of its static imports (not the entry's). */
function adminStyles(manifest, entryKey) {
  return shellModules(manifest, [ADMIN_APP], entryKey)
    .filter((file) => file.endsWith('.css'))
    .map((file) => file.slice(1));
}

/** An admin URL of `pattern`, a parameter given a placeholder (the frame does not show it). */
const sampleUrl = (pattern) => `/admin/${pattern.replace(/:\w+/g, 'x')}`.replace(/\/$/, '');

const ROOT = '<div id="root"></div>';

/**
 * Writes dist/_pages/admin/<route>.html for every admin page route and routes.json (pattern -> file).
 * `render(url)` is the pre-render (src/entry-server.tsx); `inlineStyle(attribute, href)` the tag that
 * puts a stylesheet inline (scripts/prerender.mjs).
 */
export async function writeAdminShells(root, dist, manifest, entryKey, shell, { render, inlineStyle }) {
  const out = join(dist, '_pages', 'admin');
  mkdirSync(out, { recursive: true });
  if (!shell.includes('</head>')) throw new Error('admin-pages: index.html has no </head>');
  if (!shell.includes(ROOT)) throw new Error(`admin-pages: index.html has no ${ROOT}`);
  const inlined = adminStyles(manifest, entryKey);
  const styles = inlined.map((file) => inlineStyle('data-page-style', `/${file}`)).join('');
  const routes = {};
  for (const [pattern, key] of adminRouteChunks(root, manifest)) {
    const modules = shellModules(manifest, [ADMIN_APP, key], entryKey, inlined);
    const meta = `<meta name="page-modules" content="${modules.join(' ')}">`;
    const url = sampleUrl(pattern);
    const rendered = (await render(url)).html;
    // React puts the preloads it found (the logo) first: they belong in the head, not in #root.
    const lead = /^(?:<link [^>]*\/>)+/.exec(rendered)?.[0] ?? '';
    const html = rendered.slice(lead.length);
    if (!html.includes('admin-root')) throw new Error(`admin-pages: ${url} did not render the admin frame`);
    if (/<script\b|<template\b/.test(html))
      throw new Error(`admin-pages: ${url} has an inline script or template (CSP)`);
    const page = shell
      .replace('</head>', () => `  ${lead}${styles}${meta}\n  </head>`)
      // Started at once (scripts/start-after-paint.js): the frame is tiny and its styles are inline.
      .replace(ROOT, () => `<div id="root" data-start="now">${html}</div>`);
    writeFileSync(join(out, fileName(pattern)), page);
    routes[pattern] = fileName(pattern);
  }
  writeFileSync(join(out, 'routes.json'), JSON.stringify(routes, null, 2));
  return Object.keys(routes).length;
}
