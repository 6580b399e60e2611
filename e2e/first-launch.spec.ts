import { expect, test } from '@playwright/test';

// A new user's first minutes, in Chromium at phone size against the built app and a fresh database
// (SMS_SANDBOX=1, so the register code comes back in the answer and the form fills it in).
test('first launch → privacy → register → log in → me → English → log out', async ({ page }) => {
  const phone = `139${String(Date.now()).slice(-8)}`;
  const password = 'abc12345';
  const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: '有色汇' })).toBeVisible();
  await page.getByRole('button', { name: /跳过/ }).click();

  await expect(page).toHaveURL(/agree_privacy_policy/);
  await page.getByRole('button', { name: '同意并继续' }).click();
  await expect(page).toHaveURL(/pages\/root\/root/);

  await page.getByText('我的', { exact: true }).click();
  await expect(page.getByTestId('me-name')).toHaveText('请登录');
  await page.getByTestId('me-name').click();
  await expect(page).toHaveURL(/login\/login/);

  await page.getByRole('button', { name: '立即注册' }).click();
  await expect(page).toHaveURL(/login\/register/);
  await page.locator('input[name=phone]').fill(phone);
  await page.getByTestId('send-code-register').click();
  await expect(page.locator('input[name=code]')).toHaveValue(/^\d{6}$/);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password2]').fill(password);
  await page.getByTestId('terms').click();
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/tab=me/);
  await expect(page.getByTestId('me-name')).toHaveText(masked);

  // Log out, then log in with the password just set.
  await page.goto('/#/pages/set/set');
  await page.locator('.mm-set-logout').click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByTestId('me-name')).toHaveText('请登录');

  await page.getByTestId('me-name').click();
  await expect(page).toHaveURL(/login\/login/);
  await page.locator('input[name=account]').fill(phone);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('terms').click();
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/tab=me/);
  await expect(page.getByTestId('me-name')).toHaveText(masked);

  // Switch to English: the interface and the server's messages change language.
  await page.goto('/#/pages/set/set');
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByText('Language', { exact: true })).toBeVisible();
  await page.locator('.mm-set-logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/tab=me/);
  await expect(page.getByTestId('me-name')).toHaveText('Please log in');
  await expect(page.getByText('Me', { exact: true })).toBeVisible();

  // The consent and the language are remembered, and the start ad shows once a day: the next launch
  // goes straight to the shell, in English.
  await page.goto('/');
  await expect(page).toHaveURL(/pages\/root\/root/);
  await expect(page.getByText('Me', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Skip/ })).toHaveCount(0);
});

test('a wrong password says so in the user language, and three failures ask for the image captcha', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('metal.privacyAgreed', '1'));
  await page.goto('/#/pages/login/login');
  await page.getByTestId('terms').click();
  await page.locator('input[name=account]').fill('13900000000');
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.locator('input[name=password]').fill('wrong999');
    await page.locator('button[type=submit]').click();
    await expect(page.getByText('账号或密码错误').first()).toBeVisible();
  }
  await expect(page.locator('.mm-captcha img')).toBeVisible();
});
