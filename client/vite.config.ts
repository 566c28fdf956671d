/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package.json exports only its development build, whose warnings and their
      // long texts then ship to every phone (remix-run/react-router#14102). A build takes its
      // production twin, the same code with ENABLE_DEV_WARNINGS false; `vite` (dev) and Vitest keep the warnings.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false },
      // Blog images uploaded in the admin area are served by the app, not by Vite.
      '/media': { target: 'http://127.0.0.1:8000', changeOrigin: false },
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    restoreMocks: true,
    // Each wait has 15 s (src/testing/setup.ts); a test makes several beside `make test`'s pytest workers.
    testTimeout: 60_000,
    // On CI a failed test runs once more (the browser tests' rule, tests/conftest.py): jsdom shares two
    // cores with four pytest workers there. The reporter marks a test that passed only then.
    retry: process.env.CI ? 1 : 0,
  },
}));
