import { expect, type Page, test } from '@playwright/test';
import { companyAccount, newPhone, operatorConsole, operatorLogin, type ServerTime, shot } from './support';

// A purchase inquiry from posting to its outcome, in Chromium at phone size against the e2e server: a
// buyer posts an inquiry with two products; it waits for review until the demo operator approves it in
// the console; one verified supplier grabs it and quotes, another quotes dearer; the buyer gets both
// quotes in chat, compares them side by side and agrees to the cheaper one; the winner reads the
// agreement in chat and on the inquiry, and the other supplier sees that the buyer went elsewhere.
//
// The three companies are set up through the app's own calls (company info, a licence the operator
// approves, real-person verification by the sandbox provider), each with a phone number of this run, so
// the spec does not depend on what other specs did. Nobody logs in with a password (see stocks.spec.ts).

const PLACES = {
  foshan: { province: '广东省', city: '佛山市', district: '南海区' },
  gongyi: { province: '河南省', city: '郑州市', district: '巩义市' },
  baotou: { province: '内蒙古自治区', city: '包头市', district: '东河区' },
};

/** yyyy-mm-ddThh:mm of the Shanghai time `days` days after the server's now, as a datetime-local input takes it. */
function shanghaiLocal(serverTime: ServerTime, days: number) {
  const at = new Date(serverTime.now() + days * 86_400_000 + 8 * 3_600_000);
  return at.toISOString().slice(0, 16);
}

async function inquiryRowIn(page: Page, buyerCompany: string) {
  await page.goto('/#/pages/procurement/procurement_hall');
  // A fresh load, as pulling the list down does: this phone may have shown the hall before.
  await page.reload();
  const row = page.getByTestId('inquiry-row').filter({ hasText: buyerCompany });
  await expect(row).toBeVisible();
  return row;
}

/** A supplier's quote from the sheet: a price per ton for each of the two products, and the delivery date. */
async function quote(page: Page, prices: [string, string], deliveryDate: string) {
  await page.getByTestId('quote-start').click();
  const sheet = page.getByTestId('quote-sheet');
  await expect(sheet).toBeVisible();
  const priceInputs = sheet.locator('input[name^="price"]');
  await expect(priceInputs).toHaveCount(2);
  await priceInputs.nth(0).fill(prices[0]);
  await priceInputs.nth(1).fill(prices[1]);
  await sheet.locator('input[name="deliveryDate"]').fill(deliveryDate);
  await sheet.getByTestId('quote-submit').click();
  await expect(page.getByTestId('own-quote').first()).toContainText(prices[0]);
}

test('a buyer posts a two-product inquiry → the operator approves it → two verified suppliers quote → the buyer agrees in the chat → both suppliers see the outcome', async ({
  browser,
  request,
}) => {
  // Four browser contexts and three accounts set up through the app: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-7);
  const { session: operatorSession, serverTime } = await operatorLogin(request);
  const names = {
    buyer: `佛山采购测试${stamp}有限公司`,
    cheaper: `巩义报价测试${stamp}铝业有限公司`,
    dearer: `包头报价测试${stamp}铝业有限公司`,
  };
  const buyerUser = await companyAccount(request, {
    phone: `1361${stamp}`,
    companyName: names.buyer,
    place: PLACES.foshan,
  });
  const cheaperUser = await companyAccount(request, {
    phone: `1371${stamp}`,
    companyName: names.cheaper,
    place: PLACES.gongyi,
    supplier: { operatorSession: operatorSession.sessionId, realName: '张伟', identitySequence: '01' },
  });
  const dearerUser = await companyAccount(request, {
    phone: `1381${stamp}`,
    companyName: names.dearer,
    place: PLACES.baotou,
    supplier: { operatorSession: operatorSession.sessionId, realName: '王芳', identitySequence: '02' },
  });

  // The buyer posts the inquiry: category, two products with tons, payment, deadline, delivery address.
  const buyer = await newPhone(browser, serverTime, buyerUser);
  await buyer.goto('/#/pages/input_inquiry/input_inquiry');
  await buyer.getByTestId('sort-picker').click();
  await buyer.getByTestId('sort-sheet').getByRole('button', { name: 'A00铝', exact: true }).click();
  await buyer.locator('input[name="specs.0.productName"]').fill('A00铝锭');
  await buyer.locator('input[name="specs.0.specification"]').fill('AL99.70');
  await buyer.locator('input[name="specs.0.quantity"]').fill('100');
  await buyer.getByTestId('spec-add').click();
  await buyer.locator('input[name="specs.1.productName"]').fill('6063铝棒');
  await buyer.locator('input[name="specs.1.specification"]').fill('Φ178mm');
  await buyer.locator('input[name="specs.1.quantity"]').fill('20');
  await buyer.getByTestId('payment-onDelivery').click();
  await buyer.locator('input[name="quoteDeadline"]').fill(shanghaiLocal(serverTime, 2));
  await buyer.getByTestId('region-picker').click();
  for (const place of ['广东省', '佛山市', '南海区']) await buyer.getByText(place, { exact: true }).last().click();
  await buyer.locator('.adm-cascader-header').getByText('确定', { exact: true }).click();
  await buyer.locator('input[name="receiver"]').fill('陈采购');
  await buyer.locator('input[name="address"]').fill('狮山镇工业大道8号');
  await shot(buyer, 'input-inquiry-zh-CN');
  await buyer.getByTestId('inquiry-submit').click();
  await expect(buyer.getByTestId('inquiry-submitted')).toContainText('审核');
  await shot(buyer, 'inquiry-submitted-zh-CN');

  // Waiting for review, it is not in the hall.
  const cheaper = await newPhone(browser, serverTime, cheaperUser);
  await cheaper.goto('/#/pages/procurement/procurement_hall');
  await expect(cheaper.getByTestId('inquiry-list').or(cheaper.getByText('暂无符合条件的询价'))).toBeVisible();
  await expect(cheaper.getByTestId('inquiry-row').filter({ hasText: names.buyer })).toHaveCount(0);

  // The operator approves it in the console's inquiry queue.
  const operator = await operatorConsole(browser, serverTime, operatorSession);
  await operator.getByRole('menuitem', { name: /询价审核/ }).click();
  const queued = operator.getByTestId('queue-row').filter({ hasText: names.buyer });
  await expect(queued).toBeVisible();
  await queued.click();
  await expect(operator.getByTestId('inquiry-products')).toContainText('6063铝棒');
  await shot(operator, 'console-inquiry-review');
  await operator.getByRole('button', { name: /通\s*过/ }).click();
  await operator
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /通\s*过/ })
    .click();
  await expect(queued).toHaveCount(0);
  await operator.context().close();

  // The first supplier finds it in the hall, grabs it for its company and quotes.
  await (await inquiryRowIn(cheaper, names.buyer)).click();
  await expect(cheaper.getByTestId('inquiry-spec')).toHaveCount(2);
  await cheaper.getByTestId('inquiry-grab').click();
  await expect(cheaper.getByTestId('supplier-state')).toHaveText('您已抢单，请在截止前报价');
  await quote(cheaper, ['20500', '23000'], '2026-12-01');
  await expect(cheaper.getByTestId('supplier-state')).toHaveText('您已报价，等待采购方回复');
  await shot(cheaper, 'supplier-quoted-zh-CN');

  // The second supplier quotes dearer.
  const dearer = await newPhone(browser, serverTime, dearerUser);
  await (await inquiryRowIn(dearer, names.buyer)).click();
  await quote(dearer, ['20800', '23500'], '2026-12-03');

  // The buyer gets each quote in the chat with its supplier, opens the side-by-side comparison from
  // it, and back in the chat agrees to the cheaper one.
  const chatWithCheaper = `/#/pages/chat_page/chat_page?userId=${cheaperUser.userId}`;
  await buyer.goto(chatWithCheaper);
  const quoteCard = buyer.getByTestId('chat-quote');
  // 100 t × 20500 + 20 t × 23000 = ¥2510000, against the other supplier's ¥2550000.
  await expect(quoteCard.getByTestId('chat-quote-summary')).toContainText('¥2510000');
  await expect(quoteCard).toContainText(names.cheaper);
  await shot(buyer, 'chat-quote-zh-CN');
  await quoteCard.getByTestId('chat-quote-open').click();
  await expect(buyer).toHaveURL(/procurement\/inquiry_detail\?id=\d+/);
  const inquiryPath = `/${new URL(buyer.url()).hash}`;
  const columns = buyer.getByTestId('quote-column');
  await expect(columns).toHaveCount(2);
  await expect(columns.nth(0)).toContainText(names.cheaper);
  await expect(columns.nth(1)).toContainText(names.dearer);
  await expect(buyer.getByTestId('quote-comparison')).toContainText('2550000');
  await shot(buyer, 'quote-comparison-zh-CN');
  await buyer.goBack();
  await quoteCard.getByTestId('chat-quote-agree').click();
  await buyer.getByRole('dialog').getByRole('button', { name: '同意合作' }).click();
  await expect(buyer.getByText('你已同意询价报价')).toBeVisible();
  await expect(quoteCard.getByTestId('chat-quote-summary')).toContainText('已合作');
  await expect(quoteCard.getByTestId('chat-quote-agree')).toHaveCount(0);
  await shot(buyer, 'chat-agreed-buyer-zh-CN');
  await buyer.goto(inquiryPath);
  await expect(buyer.getByTestId('inquiry-status')).toHaveText('已合作');
  await shot(buyer, 'agreed-zh-CN');
  await buyer.evaluate(() => localStorage.setItem('metal.lang', 'en-US'));
  await buyer.reload();
  await expect(buyer.getByTestId('inquiry-status')).toHaveText('Deal made');
  await shot(buyer, 'agreed-en-US');

  // The winner reads the agreement in its chat with the buyer.
  await cheaper.goto(`/#/pages/chat_page/chat_page?userId=${buyerUser.userId}`);
  await expect(cheaper.getByText(/已同意你的询价报价/)).toBeVisible();
  await shot(cheaper, 'chat-agreed-zh-CN');

  // The winner is told to contact the buyer; the other supplier sees that the buyer went elsewhere.
  await cheaper.goto(inquiryPath);
  await expect(cheaper.getByTestId('supplier-state')).toHaveText('采购方已同意您的报价，请尽快联系采购方');
  await expect(cheaper.getByTestId('contact-buyer')).toBeVisible();
  await shot(cheaper, 'supplier-agreed-zh-CN');

  await dearer.reload();
  await expect(dearer.getByTestId('supplier-state')).toHaveText('采购方已与其他供应商合作');
  await expect(dearer.getByTestId('quote-ended')).toBeVisible();
  await shot(dearer, 'supplier-lost-zh-CN');

  // The same in English.
  await dearer.evaluate(() => localStorage.setItem('metal.lang', 'en-US'));
  await dearer.reload();
  await expect(dearer.getByTestId('supplier-state')).toHaveText('The buyer went with another supplier');
  await shot(dearer, 'supplier-lost-en-US');
  await cheaper.evaluate(() => localStorage.setItem('metal.lang', 'en-US'));
  await cheaper.reload();
  await expect(cheaper.getByTestId('supplier-state')).toHaveText('The buyer agreed to your quote: contact them soon');
  await shot(cheaper, 'supplier-agreed-en-US');
});
