// The stylesheets (and, chunkModules, the scripts) a public route needs at its first paint, besides the entry's (which
// scripts/prerender.mjs inlines into index.html, the shell of every page): the CSS of the route's
// page chunk (src/app/router.tsx -> src/app/routes/lazy-pages.tsx) and of every chunk it imports,
// statically or dynamically (a form loaded when it nears the screen is in the pre-rendered HTML
// already). The pre-render inlines them into that route's head, after the entry's, so a page is
// painted once, styled; no admin stylesheet is on a public page (the admin area is its own chunk).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Route pattern (`/`, `/blog/:id`, `*`) -> page module key in the Vite manifest. */
export function pageChunks(root, manifest) {
  const source = (file) => readFileSync(join(root, 'src', file), 'utf8');
  const modules = Object.fromEntries(
    [
      ...source('app/routes/lazy-pages.tsx').matchAll(
        /export const (\w+) = (?:lazy|staticPage)\(\s*\(\) => import\('([^']+)'\)/g,
      ),
    ].map(([, name, spec]) => [name, spec.replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/routes/')]),
  );
  const chunks = new Map();
  for (const [, attrs, name] of source('app/router.tsx').matchAll(/<Route ([^>]*?)element={<Pages\.(\w+)/g)) {
    const path = /\bindex\b/.test(attrs) ? '/' : /path="([^"]+)"/.exec(attrs)?.[1];
    const pattern = path === '*' || path === '/' ? path : `/${path}`;
    const key = ['.tsx', '.ts'].map((ext) => modules[name] + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`page-styles: no chunk for ${name} (${pattern}) in the manifest`);
    chunks.set(pattern, key);
  }
  return chunks;
}

/** The CSS files of `key`'s chunk and of what it imports (imports first, as Vite loads them),
 * leaving out the entry's (already inline on every page). */
export function chunkStyles(manifest, key, entryKey) {
  const entryCss = new Set();
  (function entry(k, seen = new Set()) {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const file of manifest[k].css ?? []) entryCss.add(file);
    for (const imported of manifest[k].imports ?? []) entry(imported, seen);
  })(entryKey);
  const files = [];
  const seen = new Set([entryKey]);
  (function walk(k) {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const imported of chunk.imports ?? []) walk(imported);
    for (const file of chunk.css ?? []) if (!entryCss.has(file) && !files.includes(file)) files.push(file);
    for (const imported of chunk.dynamicImports ?? []) walk(imported);
  })(key);
  return files;
}

/** The JavaScript files of `key`'s chunk and of what it imports statically (the files Vite's
 * preloader would request when the page's lazy import runs), leaving out the entry's own. */
export function chunkModules(manifest, key, entryKey) {
  const seen = new Set();
  (function entry(k) {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const imported of manifest[k].imports ?? []) entry(imported);
  })(entryKey);
  const files = [];
  (function walk(k) {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    if (manifest[k].file.endsWith('.js')) files.push(manifest[k].file);
    for (const imported of manifest[k].imports ?? []) walk(imported);
  })(key);
  return files;
}
