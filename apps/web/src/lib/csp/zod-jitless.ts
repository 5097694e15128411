import { config } from 'zod/v4/core';

/**
 * The Content-Security-Policy forbids evaluated code (no 'unsafe-eval'). Zod would otherwise probe
 * `new Function` on the first object parse to compile fast validators; even caught, the probe is a
 * reported violation. Jitless validation interprets the schemas instead: same results, no eval.
 * Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });
