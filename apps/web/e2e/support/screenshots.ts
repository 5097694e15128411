import type { Page, TestInfo } from '@playwright/test';

/** Keeps a picture of a screen in e2e-screenshots/ (git-ignored) for a look by eye. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `e2e-screenshots/${testInfo.project.name}-${name}.png`, fullPage: false });
}
