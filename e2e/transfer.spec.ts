import { Paths } from '@metal/shared';
import { expect, test } from '@playwright/test';
import {
  call,
  companyAccount,
  LICENCE_PNG,
  newPhone,
  operatorConsole,
  operatorLogin,
  ServerTime,
  shot,
} from './support';

// Issue 17's last journey: a company pays for the membership by bank transfer (对公转账) and the
// platform confirms it. A new company (so no other spec's account changes under it) opens open_vip at
// phone size, agrees, chooses bank transfer at the cashier, reads the platform's account and the
// reference, uploads the bank's slip and waits; the demo operator opens the console's bank-transfer
// queue, sees the slip and confirms the money arrived; the payment page, which asks every few seconds,
// moves on to the success page, the order list says paid and vip_center says the membership is on.
//
// The file runs after first-launch.spec.ts (files run in name order), whose wrong passwords make this
// address need an image captcha: the operator's console session comes from an SMS-code login over the API.

test('a new company pays 6 months by bank transfer, the demo operator confirms the slip in the console, and the membership is on', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-7);
  const companyName = `E2E转账铜业${stamp}有限公司`;
  const owner = await companyAccount(request, {
    phone: `1393${stamp}`,
    companyName,
    place: { province: '江苏省', city: '苏州市', district: '昆山市' },
  });
  // The certified-supplier membership is a selling company's.
  await call(
    request,
    'user_center/compay_info/save',
    { businessModel: 'producer', buyProducts: '[13]', sellProducts: '[13]' },
    owner.sessionId,
  );
  const before = await call<{ vip: boolean }>(request, 'vip/status', {}, owner.sessionId);
  expect(before.vip, 'a new company is not certified').toBe(false);
  const serverTime = new ServerTime(owner.lastLoginDate);

  // open_vip: the agreement, then the cashier.
  const phone = await newPhone(browser, serverTime, owner);
  await expect(phone.viewportSize()).toEqual({ width: 390, height: 844 });
  await phone.goto(`/#${Paths.openVip}`);
  await phone.getByTestId('vip-plan').filter({ hasText: '认证供应商 半年' }).click();
  await phone.getByTestId('vip-agree').click();
  await phone.getByRole('button', { name: '去支付 ¥4999' }).click();

  await expect(phone).toHaveURL(/pay-desk\/pay-desk\?orderNo=/);
  const orderNo = new URL(phone.url().replace('/#/', '/')).searchParams.get('orderNo')!;
  await expect(phone.getByTestId('pay-amount')).toHaveText('¥4999');
  await phone.getByTestId('pay-channel-offline').click();
  await expect(phone.getByTestId('pay-channel-offline')).toHaveAttribute('aria-pressed', 'true');
  await phone.getByTestId('pay-submit').click();

  // The platform's account and the reference to write in the transfer's remark.
  const instructions = phone.getByTestId('offline-instructions');
  await expect(instructions).toContainText('对公转账');
  await expect(phone.getByTestId('offline-accountName')).toContainText('户名');
  await expect(phone.getByTestId('offline-accountNo')).toContainText(/账号\d{4}( \d{4})+/);
  await expect(phone.getByTestId('offline-amount')).toContainText('4999');
  const reference = (await phone.getByTestId('offline-reference').locator('.mm-pay-reference').textContent())!.trim();
  expect(reference).toMatch(/^[0-9A-Z]{8}$/);
  await shot(phone, 'transfer-instructions');

  // Handing in without the slip is refused; with it, the payment page waits for the platform.
  await phone.getByTestId('offline-submit').click();
  await expect(phone.getByRole('alert')).toHaveText('请先上传转账凭证');
  await phone
    .getByTestId('offline-slip')
    .getByTestId('upload-album')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: LICENCE_PNG });
  await expect(phone.getByTestId('upload-item')).toHaveClass(/is-done/);
  await phone.getByTestId('offline-submit').click();
  await expect(phone).toHaveURL(/pay\/pay\?orderNo=/);
  await expect(phone.getByTestId('pay-status')).toContainText('凭证已提交，等待平台确认');
  await expect(phone.getByTestId('receipt-channel')).toContainText('对公转账');
  await shot(phone, 'transfer-waiting');

  // The demo operator finds the slip in the console's bank-transfer queue and confirms it.
  const { session, serverTime: consoleTime } = await operatorLogin(request);
  const console = await operatorConsole(browser, consoleTime, session);
  await console.getByRole('menuitem', { name: /对公转账确认/ }).click();
  const row = console.getByTestId('queue-row').filter({ hasText: companyName });
  await expect(row).toContainText(reference);
  await expect(row).toContainText('4999 元');
  await row.click();
  await expect(console.getByTestId('fact-orderNo')).toHaveText(orderNo);
  await expect(console.getByTestId('fact-reference')).toHaveText(reference);
  const slip = console.getByTestId('fact-slip').locator('img');
  await expect(slip).toBeVisible();
  expect(await slip.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await shot(console, 'transfer-console-slip');
  await console.getByRole('button', { name: /通\s*过/ }).click();
  const confirmation = console.locator('.ant-popconfirm');
  await expect(confirmation).toContainText(reference);
  await confirmation.getByRole('button', { name: /通\s*过/ }).click();
  await expect(console.getByText('已确认到账，订单已支付').first()).toBeVisible();
  await expect(console.getByTestId('queue-row').filter({ hasText: companyName })).toHaveCount(0);
  await console.context().close();

  // Back on the phone: the waiting page moves on by itself, the order is paid, the membership is on.
  await expect(phone).toHaveURL(/success\/success\?orderNo=/, { timeout: 20_000 });
  await expect(phone.getByTestId('pay-success')).toContainText('支付成功');
  await expect(phone.getByTestId('receipt-channel')).toContainText('对公转账');
  await shot(phone, 'transfer-success');
  await phone.goto(`/#${Paths.payOrders}`);
  const order = phone.getByTestId('pay-order').filter({ hasText: '认证供应商 半年' });
  await expect(order.getByTestId('pay-state')).toHaveText('已支付');
  await phone.goto(`/#${Paths.vipCenter}`);
  await expect(phone.getByTestId('vip-certified-state')).toHaveText('已开通');
  await expect(phone.getByTestId('vip-days-left')).toHaveText(/^18\d 天$/);
  await shot(phone, 'transfer-vip-center');
  const after = await call<{ vip: boolean }>(request, 'vip/status', {}, owner.sessionId);
  expect(after.vip).toBe(true);
  await phone.context().close();
});
