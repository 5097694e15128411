import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The product version (spec §4 "Version check") is the root package.json's. */
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Everything the server answers; in development Vite forwards these to it. */
const SERVER_PATHS = [
  '/api',
  '/home',
  '/featureflags',
  '/assets/json-values',
  '/assets/keys',
  '/assets/i18n',
];
const SERVER_URL = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(APP_VERSION) },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      SERVER_PATHS.map((prefix) => [prefix, { target: SERVER_URL, changeOrigin: true }]),
    ),
  },
  build: {
    target: 'es2022',
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments rollup cannot place; they cost nothing and are not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
});
