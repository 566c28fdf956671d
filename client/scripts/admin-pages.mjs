// The admin area's shells, one per admin route: index.html with the route's modules named in a
// `<meta name="page-modules">` (the admin chunk, the route's page chunk, what they import statically,
// and their stylesheets), for scripts/start-after-paint.js to request with the entry. Without them the
// entry ran, then asked for the admin chunk, which asked for the page's chunk: a chain of round trips
// before the first screen (issue 43). The server picks the shell by the admin route
// (src/app/pages/admin_shell.py reads dist/_pages/admin/routes.json).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ADMIN_APP = 'src/features/admin/AdminApp.tsx';

/** Admin route pattern relative to /admin (`''`, `applications/:applicationId`) -> page module key. */
function adminRouteChunks(root, manifest) {
  const source = readFileSync(join(root, ADMIN_APP), 'utf8');
  const modules = Object.fromEntries(
    [...source.matchAll(/const (\w+) = lazy\(\s*\(\) => import\('\.\/([^']+)'\),?\s*\)/g)].map(
      ([, name, spec]) => [name, `src/features/admin/${spec}`],
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
 * entry's own (loaded by the entry, its styles inline in index.html). */
function shellModules(manifest, keys, entryKey) {
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
    for (const file of chunk.css ?? []) if (!styles.includes(file)) styles.push(file);
  }
  for (const key of keys) walk(key);
  // Stylesheets first: Vite's preloader waits for them before it runs a chunk.
  return [...styles, ...scripts].map((file) => `/${file}`);
}

const fileName = (pattern) => `${pattern.replace(/[^a-z0-9]+/gi, '-') || 'index'}.html`;

/** Writes dist/_pages/admin/<route>.html for every admin page route and routes.json (pattern -> file). */
export function writeAdminShells(root, dist, manifest, entryKey, shell) {
  const out = join(dist, '_pages', 'admin');
  mkdirSync(out, { recursive: true });
  const routes = {};
  for (const [pattern, key] of adminRouteChunks(root, manifest)) {
    const modules = shellModules(manifest, [ADMIN_APP, key], entryKey);
    const meta = `<meta name="page-modules" content="${modules.join(' ')}">`;
    if (!shell.includes('</head>')) throw new Error('admin-pages: index.html has no </head>');
    writeFileSync(join(out, fileName(pattern)), shell.replace('</head>', `  ${meta}\n  </head>`));
    routes[pattern] = fileName(pattern);
  }
  writeFileSync(join(out, 'routes.json'), JSON.stringify(routes, null, 2));
  return Object.keys(routes).length;
}
