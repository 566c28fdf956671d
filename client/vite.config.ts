/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
  },
});
