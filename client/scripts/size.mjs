#!/usr/bin/env node
// Prints the size on the wire of the JS and CSS that `/` loads statically (the index entry and its
// static imports, not dynamic imports): the brotli files the build wrote beside them
// (scripts/prerender.mjs), which are the bytes the server sends to a browser (Accept-Encoding: br).
// Fails above the budget. tests/api/test_public_pages.py measures the same over HTTP.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TARGET_JS_KB = 80;
const LIMIT_JS_KB = 80;

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

const js = new Set();
const css = new Set();
const seen = new Set();
(function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  if (chunk.file.endsWith('.js')) js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) walk(imported);
})(entryKey);

const gz = (file) => {
  const served = join(dist, `${file}.br`);
  if (!existsSync(served)) {
    console.error(`size: ${served} not found; the build compresses assets (scripts/prerender.mjs).`);
    process.exit(2);
  }
  return readFileSync(served).length;
};
const kb = (bytes) => (bytes / 1024).toFixed(1);
let jsTotal = 0;
let cssTotal = 0;
console.log('Assets loaded statically by / (brotli, as served):');
for (const file of js) {
  const size = gz(file);
  jsTotal += size;
  console.log(`  JS   ${kb(size).padStart(7)} KB  ${file}`);
}
for (const file of css) {
  const size = gz(file);
  cssTotal += size;
  console.log(`  CSS  ${kb(size).padStart(7)} KB  ${file}`);
}
console.log(`Total JS:  ${kb(jsTotal)} KB (target <= ${TARGET_JS_KB} KB, limit ${LIMIT_JS_KB} KB)`);
console.log(`Total CSS: ${kb(cssTotal)} KB`);
console.log(`Total:     ${kb(jsTotal + cssTotal)} KB`);
if (jsTotal / 1024 > LIMIT_JS_KB) {
  console.error(`size: FAIL, JS for / is ${kb(jsTotal)} KB, above the ${LIMIT_JS_KB} KB limit.`);
  process.exit(1);
}
if (jsTotal / 1024 > TARGET_JS_KB)
  console.warn(`size: warning, JS for / is above the ${TARGET_JS_KB} KB target.`);
