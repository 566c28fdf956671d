#!/usr/bin/env node
// Prints, per public route, the JavaScript (and CSS) on the wire that the route loads until it is
// idle: the index entry and its static imports, plus the route's page chunk (router.tsx ->
// lazy-pages.tsx) and its static imports, as the brotli files the build wrote beside them
// (scripts/prerender.mjs), which are the bytes the server sends (Accept-Encoding: br). What a
// page imports dynamically waits for the visitor (a form's chunk at the first use of the form,
// `whenUsed` in lib/load-when-needed.ts; notistack at the first interaction or toast,
// app/provider.tsx; the chat panel and pop-up on their own): bench/lighthouse.py's "JS until idle"
// column and tests/browser/test_deferred_forms.py check that nothing else loads. Fails the build
// when a route is above the budget.
// tests/api/test_public_pages.py measures `/` over HTTP.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageChunks } from './page-styles.mjs';

// Every public route, the ones with a form included (issue 25).
const LIMIT_JS_KB = 90;
// The entry alone (React, the router, the shell), on every route.
const LIMIT_ENTRY_KB = 80;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`size: ${manifestPath} not found; run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find(
  (k) => manifest[k].isEntry && (k === 'index.html' || manifest[k].src === 'index.html'),
);
if (!entryKey) {
  console.error('size: no index.html entry in the manifest.');
  process.exit(2);
}

// Route -> page module, read from the router and the lazy page table (as the pre-render reads them).
const routes = [...pageChunks(root, manifest)]
  .filter(([path]) => !path.startsWith('/admin') && path !== '*')
  .map(([path, key]) => ({ path, key }));
if (routes.length < 15) {
  console.error(`size: found only ${routes.length} public routes in src/app/router.tsx.`);
  process.exit(2);
}

// Chunks a page imports dynamically that wait for the visitor: notistack (first interaction or
// toast, app/provider.tsx), the footer (hydrated at the first interaction, app/routes/root-layout.tsx),
// the chat panel (opened), the newsletter pop-up (after 10 s, once), and
// the forms imported behind `whenUsed(...)` (first use of the form, lib/load-when-needed.ts), read
// from the sources so that only what truly waits is left out. Every other dynamic import of a page
// loads before idle and counts.
const ON_DEMAND_NAMES = /(^|\/)(notistack|snackbar-host|Footer|ChatPanel|NewsletterDialog)[^/]*$/;
const sourceFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
const formChunks = new Set();
for (const file of sourceFiles(join(root, 'src'))) {
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/whenUsed\([^)]*\)[^;]*?import\('([^']+)'\)/g)) {
    const path = spec.startsWith('@/')
      ? `src/${spec.slice(2)}`
      : relative(root, join(dirname(file), spec)).replaceAll('\\', '/');
    const key = ['.tsx', '.ts'].map((ext) => path + ext).find((k) => manifest[k]);
    if (!key) {
      console.error(`size: ${spec} (behind whenUsed in ${relative(root, file)}) is not in the manifest.`);
      process.exit(2);
    }
    formChunks.add(key);
  }
}
const onDemand = (key) => ON_DEMAND_NAMES.test(key) || formChunks.has(key);

function closure(key, js = new Set(), css = new Set(), dynamic = false, seen = new Set()) {
  // A page imports the entry (shared code): already counted, and its dynamic imports are other pages.
  if (seen.has(key) || (dynamic && key === entryKey)) return { js, css };
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return { js, css };
  if (chunk.file.endsWith('.js')) js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) closure(imported, js, css, dynamic, seen);
  if (dynamic)
    for (const imported of chunk.dynamicImports ?? [])
      if (!onDemand(imported)) closure(imported, js, css, dynamic, seen);
  return { js, css };
}

const served = (file) => {
  const path = join(dist, `${file}.br`);
  // The build leaves files that do not shrink uncompressed (scripts/prerender.mjs).
  if (existsSync(path)) return readFileSync(path).length;
  if (existsSync(join(dist, file))) return readFileSync(join(dist, file)).length;
  console.error(`size: ${file} not found in ${dist}.`);
  process.exit(2);
};
const sum = (files) => [...files].reduce((total, file) => total + served(file), 0);
const kb = (bytes) => (bytes / 1024).toFixed(1);

const entry = closure(entryKey);
// The script that starts the app after the first paint (scripts/start-after-paint.js) is on every page.
const starter = /<script defer src="\/(assets\/start-[^"]+\.js)"/.exec(
  readFileSync(join(dist, 'index.html'), 'utf8'),
);
if (!starter) {
  console.error('size: no start script in dist/index.html (scripts/prerender.mjs writes it).');
  process.exit(2);
}
entry.js.add(starter[1]);
console.log('Entry (every route):');
for (const file of entry.js) console.log(`  JS   ${kb(served(file)).padStart(7)} KB  ${file}`);
for (const file of entry.css)
  console.log(`  CSS  ${kb(served(file)).padStart(7)} KB  ${file} (inlined in the HTML)`);
console.log(
  `\nForms loaded at their first use (not counted until idle): ${[...formChunks].sort().join(', ')}`,
);
console.log(`\nJS per route until idle (brotli, as served; limit ${LIMIT_JS_KB} KB):`);
const over = [];
for (const route of routes) {
  const { js, css } = closure(route.key, new Set(entry.js), new Set(entry.css), true);
  const total = sum(js);
  const extraCss = [...css].filter((file) => !entry.css.has(file));
  const note = extraCss.length ? `  + ${kb(sum(extraCss))} KB CSS` : '';
  console.log(
    `  ${route.path.padEnd(24)} ${kb(total).padStart(6)} KB  (page ${kb(total - sum(entry.js))} KB)${note}`,
  );
  if (total / 1024 > LIMIT_JS_KB) over.push(`${route.path} ${kb(total)} KB (limit ${LIMIT_JS_KB} KB)`);
}
if (sum(entry.js) / 1024 > LIMIT_ENTRY_KB)
  over.push(`the entry ${kb(sum(entry.js))} KB (limit ${LIMIT_ENTRY_KB} KB)`);
if (over.length) {
  console.error(`size: FAIL, above the per-route limit: ${over.join(', ')}`);
  process.exit(1);
}
