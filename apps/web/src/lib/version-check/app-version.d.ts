/** The root package.json's version, injected at build time (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
