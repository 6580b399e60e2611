import { type APIRequestContext, devices, expect, test } from '@playwright/test';
import { call, register, uploadLicence } from './support';

// The operators' console at a desktop size against the e2e server, which loads the demo data (and so
// the demo operator 13800000009 / demo1234) as the start command does. Two users, registered through
// the app's own calls as the web app makes them, ask for new company names; the demo operator logs
// in to the console, rejects one with a reason and approves the other; each user's company then shows
// the decision, and the action log lists both.
//
// A second test walks a verification request: a user at the daily attempt limit asks customer service,
// and the operator, shown only masked values, verifies the user.
//
// The operator logs in with a password. first-launch.spec.ts's wrong passwords make this address need
// an image captcha for 15 minutes, so this file runs before it (specs run in name order, one at a time).

// A desktop context without the device's browser type: that is a worker option, and a file that changes
// one runs in a worker group of its own after the others, so after first-launch.spec.ts's lockout.
const { defaultBrowserType: _browserType, ...desktop } = devices['Desktop Chrome'];
test.use({ ...desktop, viewport: { width: 1280, height: 800 } });

const DEMO_OPERATOR = { account: '13800000009', password: 'demo1234' };

/** A new user (register with the sandbox SMS code) with a company name, asking to change it. */
async function userAskingForName(request: APIRequestContext, phone: string, first: string, wanted: string) {
  const { sessionId } = await register(request, phone);
  await call(request, 'user_center/compay_info/set_name', { name: first }, sessionId);
  const licenceFileId = await uploadLicence(request, sessionId);
  await call(request, 'user_center/compay_info/modify_name', { name: wanted, licenceFileId }, sessionId);
  return sessionId;
}

interface CompanyInfo {
  name: string;
  companyModifyInfo: { status: string; modifyCompanyName: string; reason: string } | null;
}

test('a name change is asked for → the demo operator rejects one with a reason and approves another → the companies show it', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const rejected = { first: `审核甲${stamp}铝业有限公司`, wanted: `审核甲${stamp}铝业集团有限公司` };
  const approved = { first: `审核乙${stamp}铜业有限公司`, wanted: `审核乙${stamp}铜业集团有限公司` };
  const rejectedSession = await userAskingForName(request, `135${stamp}`, rejected.first, rejected.wanted);
  const approvedSession = await userAskingForName(request, `136${stamp}`, approved.first, approved.wanted);

  // A trader who is not an operator is told so and stays out.
  await page.goto('/console/');
  await expect(page.getByRole('heading', { name: '运营后台登录' })).toBeVisible();
  await page.getByLabel('账号').fill('13800000001');
  await page.getByLabel('密码').fill('demo1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('not-operator')).toContainText('该账号不是运营人员，不能进入运营后台');

  // The demo operator gets in and finds both requests in the names queue, with the count in the menu.
  await page.getByLabel('账号').fill(DEMO_OPERATOR.account);
  await page.getByLabel('密码').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/reviews\/company-names$/);
  await expect(page.getByTestId('operator')).toContainText('演示运营（Demo）');
  const rows = page.getByTestId('queue-row');
  await expect(rows.filter({ hasText: rejected.wanted })).toContainText(rejected.first);
  await expect(rows.filter({ hasText: approved.wanted })).toContainText(approved.first);
  const waiting = await rows.count();
  await expect(page.getByTestId('badge-company-names')).toContainText(String(waiting));

  // Reject the first: old and new side by side; no decision without a reason.
  await rows.filter({ hasText: rejected.wanted }).click();
  await expect(page.getByTestId('compare-name')).toContainText(rejected.first);
  await expect(page.getByTestId('compare-name')).toContainText(rejected.wanted);
  await page.getByRole('button', { name: /驳\s*回/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(dialog).toContainText('驳回时请填写原因');
  await dialog.getByRole('textbox').fill('与营业执照上的名称不一致');
  await dialog.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(page.getByText('已驳回，用户会收到通知')).toBeVisible();
  await expect(page).toHaveURL(/#\/reviews\/company-names$/);
  await expect(rows.filter({ hasText: rejected.wanted })).toHaveCount(0);

  // Approve the second, after the confirmation.
  await rows.filter({ hasText: approved.wanted }).click();
  await page.getByRole('button', { name: /通\s*过/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /通\s*过/ })
    .click();
  await expect(page.getByText('已通过，用户会收到通知')).toBeVisible();
  await expect(rows.filter({ hasText: approved.wanted })).toHaveCount(0);
  await expect(rows).toHaveCount(waiting - 2);

  // Each user's company shows the decision.
  const rejectedCompany = await call<CompanyInfo>(request, 'user_center/compay_info/detail', {}, rejectedSession);
  expect(rejectedCompany.name).toBe(rejected.first);
  expect(rejectedCompany.companyModifyInfo).toMatchObject({
    status: 'rejected',
    modifyCompanyName: rejected.wanted,
    reason: '与营业执照上的名称不一致',
  });
  const approvedCompany = await call<CompanyInfo>(request, 'user_center/compay_info/detail', {}, approvedSession);
  expect(approvedCompany).toMatchObject({ name: approved.wanted, companyModifyInfo: null });

  // The action log has both decisions, newest first; the console switches to English.
  await page.getByRole('menuitem', { name: '操作日志' }).click();
  const actions = page.getByTestId('action-row');
  await expect(actions.nth(0)).toContainText('通过公司名称变更');
  await expect(actions.nth(0)).toContainText(approved.wanted);
  await expect(actions.nth(1)).toContainText('驳回公司名称变更');
  await expect(actions.nth(1)).toContainText('与营业执照上的名称不一致');
  await page.getByText('English', { exact: true }).click();
  await expect(actions.nth(0)).toContainText('Approved a company name change');
  await expect(page.getByRole('heading', { name: 'Action log' })).toBeVisible();

  // Logging out of the console leaves the login, and the console's pages ask for it again.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeVisible();
  await page.goto('/console/#/operator-actions');
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeVisible();
});

interface VerificationStatus {
  state: string;
  verified: boolean;
  verifiedBy: string | null;
  realName: string;
  idNumber: string;
}

test('a user at the verification limit asks customer service → the operator sees masked values only and verifies the user', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now()).slice(-8);
  const phone = `137${stamp}`;
  const { code } = await call<{ code: string }>(request, 'user/send_code', { phone, purpose: 'register' });
  const { sessionId } = await call<{ sessionId: string }>(request, 'user/register', {
    phone,
    code,
    password: 'abc12345',
    password2: 'abc12345',
    agree: '1',
  });
  // The sandbox provider finds names containing 不符 mismatched: three tries use up the day.
  const idNumber = '320582198806147734';
  for (let i = 0; i < 3; i++) await call(request, 'verify/submit', { realName: '欧阳不符', idNumber }, sessionId);
  await call(request, 'verify/escalate', { note: `我的名字就是欧阳不符 ${stamp}` }, sessionId);

  await page.goto('/console/');
  await page.getByLabel('账号').fill(DEMO_OPERATOR.account);
  await page.getByLabel('密码').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/reviews\/company-names$/);
  await page.getByRole('menuitem', { name: /实名认证人工审核/ }).click();
  const row = page.getByTestId('queue-row').filter({ hasText: phone });
  await expect(row).toContainText('认证次数已用完');
  await row.click();

  await expect(page.getByTestId('fact-note')).toHaveText(`我的名字就是欧阳不符 ${stamp}`);
  await expect(page.getByTestId('fact-realName')).toHaveText('欧**符');
  await expect(page.getByTestId('fact-idNumber')).toHaveText('3****************4');
  await expect(page.getByTestId('attempt-row')).toHaveCount(3);
  await expect(page.locator('body')).not.toContainText(idNumber);

  await page.getByRole('button', { name: /通\s*过/ }).click();
  const confirmation = page.locator('.ant-popconfirm');
  await expect(confirmation).toContainText('通过后，该用户以上述姓名和身份证号完成实名认证。');
  await confirmation.getByRole('button', { name: /通\s*过/ }).click();
  await expect(page.getByText('已通过，用户会收到通知')).toBeVisible();
  await expect(page).toHaveURL(/#\/reviews\/verifications$/);
  await expect(row).toHaveCount(0);

  const status = await call<VerificationStatus>(request, 'verify/status', {}, sessionId);
  expect(status).toMatchObject({ state: 'verified', verified: true, verifiedBy: 'operator', realName: '欧**符' });
});
