import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
