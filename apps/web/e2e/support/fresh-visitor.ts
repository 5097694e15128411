/**
 * The browser state of someone who never came before: no cookie consent, no tour seen. The config's
 * default is a returning visitor (see playwright.config.ts), so specs of the cookie banner and the
 * tour opt in with `test.use({ storageState: FRESH_VISITOR })`.
 */
export const FRESH_VISITOR = { cookies: [], origins: [] };
