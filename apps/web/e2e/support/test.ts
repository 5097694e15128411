import { type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * Every spec imports `test` from here (not from @playwright/test): the browser suite runs under the
 * server's Content-Security-Policy and a test fails when any page broke it. Violations are seen twice
 * over: the page's `securitypolicyviolation` events (reported through a binding) and Chromium's console
 * "Refused to …" messages. Contexts a spec opens itself with `browser.newContext()` are watched too.
 */
export * from '@playwright/test';

const BINDING = '__fluxoCspViolation';
const CONSOLE_VIOLATION = /Refused to |Content Security Policy/;

const watched = new WeakSet<BrowserContext>();

async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript((binding: string) => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, (text: string) => Promise<void>>)[binding];
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        report?.(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}${where}`).catch(
          () => {},
        );
      },
      true,
    );
  }, BINDING);
  context.on('console', (message) => {
    if (CONSOLE_VIOLATION.test(message.text()))
      violations.push(`${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

export const test = base.extend<{ cspViolations: string[] }>({
  /** What the pages of this test reported; a test that provokes a violation on purpose empties it. */
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        await watch(context, violations);
        return context;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => {
    await watch(context, cspViolations);
    await use(context);
  },
});
