import { TwoFactorToast } from './pages/two-factor-toast.ts';
import { WalletsPage } from './pages/wallets-page.ts';
import { signInOwnerOnWallets } from './support/connections.ts';
import { expect, test } from './support/test.ts';

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

test.describe('bank two-factor toast (spec §4)', () => {
  test('token: the value, a second confirmation with a way back, then connected', async ({
    page,
    request,
  }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'rt-token');
    const wallets = new WalletsPage(page);
    await expect(wallets.addButton).toBeVisible();
    const name = unique('Token');
    await wallets.addSandboxConnection(name, 'token');

    const toast = new TwoFactorToast(page);
    await expect(toast.root).toBeVisible();
    await expect(toast.root).toContainText(name);
    await expect(toast.progress).toBeVisible();
    await expect(toast.button('CONFIRM')).toBeDisabled();
    await toast.field('TOKEN_LABEL').fill('123456');
    await toast.button('CONFIRM').click();
    await expect(toast.root).toContainText('123456');
    await toast.button('BACK').click();
    await expect(toast.field('TOKEN_LABEL')).toHaveValue('123456');
    await toast.button('CONFIRM').click();
    await toast.button('SEND').click();

    await expect(toast.root).toBeHidden();
    await expect(toast.outcome('CONNECTED', name)).toBeVisible();
    await wallets.expectStatus(name, 'CONNECTED');
  });

  test('token: a wrong value gets the invalid-token toast', async ({ page, request }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'rt-token-wrong');
    const wallets = new WalletsPage(page);
    const name = unique('Wrong token');
    await wallets.addSandboxConnection(name, 'token');
    const toast = new TwoFactorToast(page);
    await toast.field('TOKEN_LABEL').fill('000000');
    await toast.button('CONFIRM').click();
    await toast.button('SEND').click();
    await expect(toast.root).toBeHidden();
    await expect(toast.outcome('INVALID_TOKEN', name)).toBeVisible();
    await wallets.expectStatus(name, 'INVALID_TOKEN');
  });

  test('question: the question is shown; a wrong answer is refused, the right one connects', async ({
    page,
    request,
  }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'rt-question');
    const wallets = new WalletsPage(page);
    const wrong = unique('Question wrong');
    await wallets.addSandboxConnection(wrong, 'question');
    const toast = new TwoFactorToast(page);
    await expect(toast.root.getByTestId('two-factor-question')).toContainText('Security question');
    await toast.field('ANSWER_LABEL').fill('not it');
    await toast.button('CONFIRM').click();
    await toast.button('SEND').click();
    await expect(toast.outcome('INVALID_TOKEN', wrong)).toBeVisible();

    const right = unique('Question right');
    await wallets.addSandboxConnection(right, 'question');
    await expect(toast.root).toContainText(right);
    await toast.field('ANSWER_LABEL').fill('Fluxo');
    await toast.button('CONFIRM').click();
    await toast.button('SEND').click();
    await expect(toast.outcome('CONNECTED', right)).toBeVisible();
    await wallets.expectStatus(right, 'CONNECTED');
  });

  test('qrcode: the code is shown, scanned, confirmed', async ({ page, request }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'rt-qrcode');
    const wallets = new WalletsPage(page);
    const name = unique('QR');
    await wallets.addSandboxConnection(name, 'qrcode');
    const toast = new TwoFactorToast(page);
    await expect(toast.qrCode).toBeVisible();
    await toast.button('SCANNED').click();
    await toast.button('BACK').click();
    await expect(toast.qrCode).toBeVisible();
    await toast.button('SCANNED').click();
    await toast.button('SEND').click();
    await expect(toast.outcome('CONNECTED', name)).toBeVisible();
    await wallets.expectStatus(name, 'CONNECTED');
  });

  test('app: "I approved in my bank app", confirmed', async ({ page, request }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'rt-app');
    const wallets = new WalletsPage(page);
    const name = unique('App');
    await wallets.addSandboxConnection(name, 'app');
    const toast = new TwoFactorToast(page);
    await toast.button('APPROVED_IN_APP').click();
    await toast.button('SEND').click();
    await expect(toast.outcome('CONNECTED', name)).toBeVisible();
    await wallets.expectStatus(name, 'CONNECTED');
  });

  test('the toast closes when its countdown ends (clock control)', async ({ page, request }, testInfo) => {
    await page.clock.install();
    await signInOwnerOnWallets(page, request, testInfo, 'rt-countdown');
    const wallets = new WalletsPage(page);
    const name = unique('Countdown');
    await wallets.addSandboxConnection(name, 'token');
    const toast = new TwoFactorToast(page);
    await expect(toast.root).toBeVisible();
    const countdown = toast.root.getByTestId('two-factor-countdown');
    const secondsLeft = async () => Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(await secondsLeft()).toBeGreaterThan(100);
    await page.clock.fastForward('01:00');
    await expect.poll(secondsLeft).toBeLessThanOrEqual(60);
    await expect(toast.root).toBeVisible();
    await page.clock.fastForward('01:01');
    await expect(toast.root).toBeHidden();
  });

  test('no answer in time: the server times the attempt out', async ({ page, request }, testInfo) => {
    await signInOwnerOnWallets(page, request, testInfo, 'rt-timeout');
    const wallets = new WalletsPage(page);
    // The sandbox bank reads a per-connection deadline from the name.
    const name = `${unique('Late')} [timeout=8s]`;
    await wallets.addSandboxConnection(name, 'token');
    const toast = new TwoFactorToast(page);
    await expect(toast.root).toBeVisible();
    await expect(toast.outcome('TIMEOUT', name)).toBeVisible({ timeout: 25_000 });
    await expect(toast.root).toBeHidden();
    await wallets.expectStatus(name, 'TWO_FACTOR_AUTH_TIMEOUT');
  });
});
