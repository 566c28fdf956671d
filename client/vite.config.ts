/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** Test files with no DOM, no React rendering and no msw: Vitest runs them in Node. */
const NODE_TESTS = [
  'src/app/tests/toasts.test.ts',
  'src/features/admin-appointments/calendar/AppointmentCalendarPage.test.ts',
  'src/features/admin-bulk/selection.test.ts',
  'src/features/admin-content/job-rules.test.ts',
  'src/features/admin-employers/bundle.test.ts',
  'src/features/admin-pipeline/bundle.test.ts',
  'src/features/admin-shell/feature-sizes.test.ts',
  'src/features/admin-shell/query/bundle.test.ts',
  'src/features/admin-shell/lib/filters.test.ts',
  'src/features/chat/lib/chat-rules.test.ts',
  'src/lib/api-urls.test.ts',
  'src/lib/appointment-date.test.ts',
  'src/lib/class-names.test.ts',
  'src/lib/forms/schema-from-rules.test.ts',
  'src/lib/slug.test.ts',
  'src/styles/type-scale.test.ts',
];

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
    // Two projects: the files below test plain functions and files and run in Node, without a jsdom
    // to build, React Testing Library or msw; every other file gets jsdom and src/testing/setup.ts
    // (docs/performance/2026-11-28-test-fast.md). A new test file is a DOM one unless listed here.
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: NODE_TESTS },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: NODE_TESTS,
        },
      },
    ],
    css: false,
    restoreMocks: true,
    // Each wait has 15 s (src/testing/setup.ts); a test makes several beside `make test`'s pytest workers.
    testTimeout: 60_000,
    // On CI a failed test runs once more (the browser tests' rule, tests/conftest.py): jsdom shares two
    // cores with four pytest workers there. The reporter marks a test that passed only then.
    retry: process.env.CI ? 1 : 0,
  },
}));
