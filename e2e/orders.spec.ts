import { companyPath, creditCodeCheckChar, orderDetailPath, Paths } from '@metal/shared';
import { type APIRequestContext, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { call, LICENCE_PNG, newPhone, ServerTime, type SessionUser, shot } from './support';

// Issue 18's walkthrough of a trade order, in Chromium at phone size against the e2e server with the
// demo data: the demo buyer 13800000001 adds two lots of the demo supplier 13800000002 to the cart from
// the supplier's shop, checks them out with a receipt address and an invoice title added on the way;
// the supplier, told in their chat, opens the order and quotes (the quote comes to the chat); the buyer
// opens the quote from the chat and agrees to pay by bank transfer, hands in a transfer slip; the
// supplier confirms the payment and ships; the buyer confirms receipt; and the supplier's cart-visitor
// page shows the adds. The main pages are kept as screenshots in zh-CN and en-US (the language the app
// stores, and a reload).
//
// What the other specs need of the demo data is left alone: the lots are 6063铝棒 and 废铝, which the
// demo cart and the demo orders do not use, ordered in part; the buyer adds them from the shop's list,
// never opening a listing, since stocks.spec.ts (run after this file) counts the supplier's listing
// views and expects the buyer's one view of its own new listing alone. Both log in with their
// passwords over the API: first-launch.spec.ts's wrong passwords count against another account, and
// SMS codes would make stocks.spec.ts's code logins of the same phones wait out the resend interval.
// Each phone's clock is the server's (the e2e server's clock starts on a fixed date, playwright.config.ts).

const BUYER_PHONE = '13800000001';
const SUPPLIER_PHONE = '13800000002';
const LOTS = [
  { productName: '6063铝棒', tons: '2' },
  { productName: '废铝', tons: '1' },
] as const;

// Each test takes the walk a step on from where the one before left it. Two phones and a reload per
// screenshot language: on a busy machine a step takes longer than the default minute, and a page's
// answer longer than expect's default 5 s.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

interface Walk {
  buyer: SessionUser;
  supplier: SessionUser;
  serverTime: ServerTime;
  cartAddsBefore: number;
  stamp: string;
  orderId: number;
  orderNo: string;
}
const walk = {} as Walk;

async function logIn(request: APIRequestContext, phone: string) {
  return call<SessionUser>(request, 'user/login', { account: phone, password: 'demo1234' });
}

/**
 * A screenshot in each language: the page as it is (zh-CN), then reloaded in en-US, then back in zh-CN.
 * `show` brings the page to what is shot after a reload (a sheet opened again) and waits for it.
 */
async function shotInBoth(page: Page, name: string, show: (lang: 'zh-CN' | 'en-US') => Promise<void>) {
  await shot(page, `${name}-zh-CN`);
  for (const lang of ['en-US', 'zh-CN'] as const) {
    await page.evaluate((language) => localStorage.setItem('metal.lang', language), lang);
    await page.reload();
    await show(lang);
    if (lang === 'en-US') await shot(page, `${name}-en-US`);
  }
}

/** The order's state tag in the page's head, in either language. */
const STATES = {
  awaiting_quote: { 'zh-CN': '待报价', 'en-US': 'Awaiting quote' },
  quoted: { 'zh-CN': '已报价', 'en-US': 'Quoted' },
  agreed: { 'zh-CN': '待付款', 'en-US': 'Awaiting payment' },
  payment_submitted: { 'zh-CN': '付款待确认', 'en-US': 'Payment submitted' },
  paid: { 'zh-CN': '已付款', 'en-US': 'Paid' },
  shipped: { 'zh-CN': '已发货', 'en-US': 'Shipped' },
  completed: { 'zh-CN': '已完成', 'en-US': 'Completed' },
} as const;
type ShownState = keyof typeof STATES;

const stateTag = (page: Page) => page.getByTestId('order-head').getByTestId('order-state');

/** The order's page in a state, shot in both languages. */
async function shotOrder(page: Page, name: string, state: ShownState) {
  await expect(stateTag(page)).toHaveText(STATES[state]['zh-CN']);
  await shotInBoth(page, name, async (lang) => {
    await expect(stateTag(page)).toHaveText(STATES[state][lang]);
  });
}

/** Confirms the app's question dialog with its button. */
async function answerDialog(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

/** A text box by its name (NamedTextArea puts it on the box itself). */
const textArea = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

const sheet = (page: Page, testId: string): Locator => page.locator('.mm-order-sheet').getByTestId(testId);

test("the buyer adds two lots of one seller to the cart from the seller's shop", async ({ browser, request }) => {
  walk.buyer = await logIn(request, BUYER_PHONE);
  walk.supplier = await logIn(request, SUPPLIER_PHONE);
  walk.serverTime = new ServerTime(walk.buyer.lastLoginDate);
  walk.stamp = String(Date.now()).slice(-4);
  const adds = await call<{ list: { count: number; visitor: { phone: string } }[] }>(
    request,
    'visitor/list',
    { kind: 'cart', page: '1' },
    walk.supplier.sessionId,
  );
  walk.cartAddsBefore = adds.list.find((row) => row.visitor.phone === '138****0001')?.count ?? 0;

  // From the supplier's shop: each lot's "add to cart" under its row, a quantity in tons.
  const buyer = await newPhone(browser, walk.serverTime, walk.buyer);
  await buyer.goto(`/#${companyPath(walk.supplier.rootId)}`);
  for (const lot of LOTS) {
    const row = buyer.getByTestId('stock-row').filter({ hasText: lot.productName });
    await row.getByTestId('add-to-cart').click();
    const quantitySheet = buyer.getByTestId('cart-sheet');
    await quantitySheet.getByRole('textbox', { name: '购买数量（吨）' }).fill(lot.tons);
    await expect(quantitySheet.getByTestId('cart-sheet-amount')).toBeVisible();
    await quantitySheet.getByTestId('cart-sheet-submit').click();
    await expect(quantitySheet).toHaveCount(0);
  }

  // The cart: the supplier's group has the demo lines too; only the two new ones are chosen.
  await buyer.goto(`/#${Paths.shoppingCart}`);
  const group = buyer.getByTestId('cart-group').filter({ hasText: LOTS[0].productName });
  for (const lot of LOTS) {
    await group.getByTestId('cart-line').filter({ hasText: lot.productName }).locator('.mm-cart-check').click();
  }
  await expect(group.getByTestId('cart-checkout')).toHaveText('结算(2)');
  await shot(buyer, 'cart-zh-CN');
  await buyer.evaluate(() => localStorage.setItem('metal.lang', 'en-US'));
  await buyer.reload();
  await expect(group.getByTestId('cart-line')).not.toHaveCount(0);
  await shot(buyer, 'cart-en-US');
  await buyer.context().close();
});

test('the buyer checks the two lots out with a new receipt address and invoice title', async ({ browser }) => {
  const buyer = await newPhone(browser, walk.serverTime, walk.buyer);
  await buyer.goto(`/#${Paths.shoppingCart}`);
  const group = buyer.getByTestId('cart-group').filter({ hasText: LOTS[0].productName });
  for (const lot of LOTS) {
    await group.getByTestId('cart-line').filter({ hasText: lot.productName }).locator('.mm-cart-check').click();
  }
  await group.getByTestId('cart-checkout').click();
  await expect(buyer).toHaveURL(/confirm_stock_order/);
  await expect(buyer.getByTestId('checkout-line')).toHaveCount(2);
  await shotInBoth(buyer, 'confirm-stock-order', async () => {
    await expect(buyer.getByTestId('checkout-line')).toHaveCount(2);
  });

  // A new receipt address, added from the address picker and picked.
  const receiver = `王收货E2E${walk.stamp}`;
  await buyer.getByTestId('checkout-address').getByRole('button', { name: '更换' }).click();
  await expect(buyer).toHaveURL(/receipt_address\?pick=/);
  await buyer.getByTestId('address-add').click();
  await buyer.locator('#address-receiver').fill(receiver);
  await buyer.locator('#address-phone').fill('13912345678');
  await buyer.getByTestId('region-picker').click();
  for (const place of ['河南省', '郑州市', '中原区']) await buyer.getByText(place, { exact: true }).last().click();
  await buyer.locator('.adm-cascader-header').getByText('确定', { exact: true }).click();
  await buyer.locator('#address-detail').fill('建设西路18号 铝材仓库');
  await buyer.getByTestId('address-save').click();
  await expect(buyer).toHaveURL(/receipt_address\?pick=/);
  await buyer.getByTestId('address-item').filter({ hasText: receiver }).locator('.mm-addr-main').click();
  await expect(buyer).toHaveURL(/confirm_stock_order/);
  await expect(buyer.getByTestId('checkout-address')).toContainText(receiver);

  // A new invoice title, added from the invoice picker and picked.
  const first17 = `91410100MA4E2E${walk.stamp.slice(0, 3)}`;
  const invoiceTitle = { name: `郑州金属贸易有限公司E2E${walk.stamp}`, taxNo: first17 + creditCodeCheckChar(first17) };
  await buyer.getByTestId('checkout-want-invoice').click();
  await expect(buyer).toHaveURL(/invoice_page\?pick=/);
  await buyer.getByTestId('invoice-add').click();
  await buyer.locator('#invoice-name').fill(invoiceTitle.name);
  await buyer.locator('#invoice-taxNo').fill(invoiceTitle.taxNo);
  await buyer.getByTestId('invoice-save').click();
  const title = buyer.getByTestId('invoice-item').filter({ hasText: invoiceTitle.name });
  await title.locator('.mm-addr-main').click();
  await expect(buyer).toHaveURL(/confirm_stock_order/);
  await expect(buyer.getByTestId('checkout-invoice')).toContainText(invoiceTitle.taxNo);
  await textArea(buyer, '备注').fill('请用托盘包装');
  await shot(buyer, 'confirm-stock-order-picked-zh-CN');

  // The order: waiting for the seller's quote, with the address and title as chosen.
  await buyer.getByTestId('checkout-submit').click();
  await expect(buyer).toHaveURL(/order_detail\?id=\d+/);
  walk.orderId = Number(new URL(buyer.url().replace('/#/', '/')).searchParams.get('id'));
  await expect(stateTag(buyer)).toHaveText('待报价');
  const facts = buyer.getByTestId('order-facts');
  await expect(facts.getByTestId('order-address')).toContainText(receiver);
  await expect(facts.getByTestId('order-address')).toContainText('河南省 郑州市 中原区');
  await expect(facts.getByTestId('order-invoice')).toContainText(invoiceTitle.name);
  for (const lot of LOTS) await expect(buyer.getByTestId('order-goods')).toContainText(lot.productName);
  walk.orderNo = (await facts.getByText(/^TO\d+$/).textContent()) ?? '';
  await shotOrder(buyer, 'order-awaiting-quote', 'awaiting_quote');
  await buyer.context().close();
});

test('the seller quotes from the chat', async ({ browser }) => {
  // The supplier's chat with the buyer says an order waits for a quote, and opens it.
  const supplier = await newPhone(browser, walk.serverTime, walk.supplier);
  await supplier.goto(`/#${Paths.chatPage}?userId=${walk.buyer.userId}`);
  // This order's request, by its link: the chat also holds the demo orders' requests.
  const asked = supplier
    .getByTestId('chat-action')
    .filter({ hasText: '已下单，请为订单报价' })
    .filter({ has: supplier.locator(`[data-testid="chat-open-order"][href$="?id=${walk.orderId}"]`) });
  await expect(asked).toBeVisible();
  await asked.getByTestId('chat-open-order').click();
  await expect(supplier).toHaveURL(new RegExp(`order_detail\\?id=${walk.orderId}$`));
  await expect(stateTag(supplier)).toHaveText('待报价');

  // The quote sheet: a price per lot, freight, terms.
  const openQuote = async () => {
    await supplier.getByTestId('order-action-quote').click();
    await expect(sheet(supplier, 'quote-form')).toBeVisible();
  };
  await openQuote();
  await shotInBoth(supplier, 'quote-sheet', openQuote);
  const quoteForm = sheet(supplier, 'quote-form');
  await quoteForm.getByRole('textbox', { name: `${LOTS[0].productName} 单价（元/吨）` }).fill('21500');
  await quoteForm.getByRole('textbox', { name: `${LOTS[1].productName} 单价（元/吨）` }).fill('15600');
  await quoteForm.getByRole('textbox', { name: '运费（元）' }).fill('800');
  await textArea(quoteForm, '说明').fill('郑州仓发货，三日内到厂');
  await sheet(supplier, 'quote-submit').click();
  await expect(sheet(supplier, 'quote-form')).toHaveCount(0);
  // 2 t × 21500 + 1 t × 15600 + 800.
  await expect(supplier.getByTestId('order-total')).toContainText('¥59400');
  await shotOrder(supplier, 'order-quoted-seller', 'quoted');
  await supplier.context().close();
});

test('the buyer agrees to the quote from the chat', async ({ browser }) => {
  // The quote is a message in the buyer's chat with the seller; it opens the order, which the buyer agrees to.
  const buyer = await newPhone(browser, walk.serverTime, walk.buyer);
  await buyer.goto(`/#${Paths.chatPage}?userId=${walk.supplier.userId}`);
  // By the order's number: the chat also holds the demo orders' quotes, and a card's amounts and number
  // may contain the order's id among their digits.
  const quote = buyer.getByTestId('chat-quote').filter({ hasText: walk.orderNo }).last();
  await expect(quote).toBeVisible();
  await shot(buyer, 'chat-quote-buyer-zh-CN');
  await quote.click();
  await expect(buyer).toHaveURL(new RegExp(`order_detail\\?id=${walk.orderId}$`));
  await expect(buyer.getByTestId('order-quote')).toContainText('卖方报价（第1版）');
  await expect(buyer.getByTestId('order-total')).toContainText('¥59400');
  await shotOrder(buyer, 'order-quoted-buyer', 'quoted');
  await buyer.getByTestId('order-action-agree').click();
  await expect(buyer.getByRole('dialog')).toContainText('¥59400');
  // The demo supplier takes the platform's cashier too (the demo data's order paid online), so agreeing
  // asks how to pay: the buyer picks the bank transfer.
  await answerDialog(buyer, '对公转账');
  await expect(stateTag(buyer)).toHaveText('待付款');
  await expect(buyer.getByTestId('order-payment')).toContainText('6222000000000002');
  await shotOrder(buyer, 'order-agreed', 'agreed');

  // The seller's chat says so.
  const supplier = await newPhone(browser, walk.serverTime, walk.supplier);
  await supplier.goto(`/#${Paths.chatPage}?userId=${walk.buyer.userId}`);
  await expect(supplier.getByTestId('chat-action').filter({ hasText: '已同意你的现货报价' }).last()).toBeVisible();
  await shot(supplier, 'chat-agreed-seller-zh-CN');
  await buyer.context().close();
  await supplier.context().close();
});

const orderPagePath = () => `/#${orderDetailPath(walk.orderId)}`;

test('the buyer hands in a transfer slip; the seller returns the first, then confirms the payment', async ({
  browser,
}) => {
  const path = orderPagePath();
  const buyer = await newPhone(browser, walk.serverTime, walk.buyer);
  await buyer.goto(path);
  const handInSlip = async (note: string) => {
    await buyer.getByTestId('order-action-pay_slip').click();
    const slipForm = sheet(buyer, 'slip-form');
    await slipForm
      .getByTestId('upload-album')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: LICENCE_PNG });
    await expect(slipForm.getByTestId('upload-item')).toHaveCount(1);
    await expect(slipForm.locator('.mm-uploader-tile.is-done')).toHaveCount(1);
    await slipForm.getByRole('textbox', { name: '备注' }).fill(note);
    await sheet(buyer, 'slip-submit').click();
    await expect(stateTag(buyer)).toHaveText('付款待确认');
  };
  await handInSlip('网银转账 ¥59400');
  await expect(buyer.getByTestId('order-slip')).toHaveCount(1);
  await shotOrder(buyer, 'order-payment-submitted', 'payment_submitted');

  // The seller finds no such transfer and returns the slip, saying why; the order waits for payment again.
  const supplier = await newPhone(browser, walk.serverTime, walk.supplier);
  await supplier.goto(path);
  await expect(supplier.getByTestId('order-slip')).toHaveCount(1);
  await supplier.getByTestId('order-action-reject_slip').click();
  await textArea(sheet(supplier, 'reject-slip-form'), '退回原因').fill('未查到该笔转账，请核对收款账户');
  await shot(supplier, 'order-reject-slip-form-zh-CN');
  await sheet(supplier, 'reject-slip-submit').click();
  await answerDialog(supplier, '退回凭证');
  await shotOrder(supplier, 'order-slip-returned-seller', 'agreed');
  await buyer.reload();
  await expect(stateTag(buyer)).toHaveText('待付款');
  await expect(buyer.getByTestId('order-slip-returned')).toHaveText(
    '卖方未收到转账，已退回凭证：未查到该笔转账，请核对收款账户',
  );
  await shotOrder(buyer, 'order-slip-returned-buyer', 'agreed');

  // The buyer transfers again and hands in the new slip; the seller confirms the money arrived.
  await handInSlip('重新转账 ¥59400');
  await expect(buyer.getByTestId('order-slip')).toHaveCount(2);
  await supplier.reload();
  await expect(supplier.getByTestId('order-slip')).toHaveCount(2);
  await supplier.getByTestId('order-action-confirm_paid').click();
  await answerDialog(supplier, '确认收款');
  await expect(stateTag(supplier)).toHaveText('已付款');
  await shotOrder(supplier, 'order-paid-seller', 'paid');
  await buyer.context().close();
  await supplier.context().close();
});

test('the seller ships', async ({ browser }) => {
  const path = orderPagePath();
  const supplier = await newPhone(browser, walk.serverTime, walk.supplier);
  await supplier.goto(path);

  const openShip = async () => {
    await supplier.getByTestId('order-action-ship').click();
    await expect(sheet(supplier, 'ship-form')).toBeVisible();
  };
  await openShip();
  await shotInBoth(supplier, 'ship-sheet', openShip);
  const shipForm = sheet(supplier, 'ship-form');
  await textArea(shipForm, '物流信息').fill('中原物流 运单 ZY20261120088');
  await shipForm.getByRole('textbox', { name: '车牌号' }).fill('豫a12345');
  await shipForm.getByRole('textbox', { name: '司机电话' }).fill('13712345678');
  await sheet(supplier, 'ship-submit').click();
  await answerDialog(supplier, '发货');
  await expect(stateTag(supplier)).toHaveText('已发货');
  await expect(supplier.getByTestId('order-shipment')).toContainText('豫A12345');
  await shotOrder(supplier, 'order-shipped-seller', 'shipped');
  await supplier.context().close();
});

test('the buyer sees the shipment and confirms receipt', async ({ browser }) => {
  const buyer = await newPhone(browser, walk.serverTime, walk.buyer);
  await buyer.goto(orderPagePath());
  await expect(stateTag(buyer)).toHaveText('已发货');
  await expect(buyer.getByTestId('order-shipment')).toContainText('ZY20261120088');
  await shotOrder(buyer, 'order-shipped-buyer', 'shipped');
  await buyer.getByTestId('order-action-receive').click();
  await answerDialog(buyer, '确认收货');
  await expect(stateTag(buyer)).toHaveText('已完成');
  await expect(buyer.getByTestId('order-actions')).toHaveCount(0);
  await shotOrder(buyer, 'order-completed', 'completed');
  await buyer.context().close();
});

test("the buyer's bought orders and the seller's sold orders have it, completed", async ({ browser }) => {
  const buyer = await newPhone(browser, walk.serverTime, walk.buyer);
  await buyer.goto(`/#${Paths.myOrders}`);
  const bought = buyer.getByTestId('order-row').filter({ hasText: walk.orderNo });
  await expect(bought.getByTestId('order-state')).toHaveText('已完成');
  await expect(bought).toContainText('演示铝业有限公司（Demo）');
  await shotInBoth(buyer, 'my-orders-bought', async () => {
    await expect(bought.getByTestId('order-state')).not.toHaveText('');
  });
  const supplier = await newPhone(browser, walk.serverTime, walk.supplier);
  await supplier.goto(`/#${Paths.myOrders}?role=sold`);
  const sold = supplier.getByTestId('order-row').filter({ hasText: walk.orderNo });
  await expect(sold.getByTestId('order-state')).toHaveText('已完成');
  await shotInBoth(supplier, 'my-orders-sold', async () => {
    await expect(sold.getByTestId('order-state')).not.toHaveText('');
  });
  await buyer.context().close();
  await supplier.context().close();
});

test("the seller's cart-visitor page shows the buyer's adds", async ({ browser }) => {
  const supplier = await newPhone(browser, walk.serverTime, walk.supplier);
  await supplier.goto(`/#${Paths.shopcart}`);
  const row = supplier.getByTestId('visitor-row').filter({ hasText: '138****0001' });
  await expect(row).toContainText(`加购 ${walk.cartAddsBefore + LOTS.length} 次`);
  await expect(row).toContainText(`最近加购：${LOTS[1].productName}`);
  await shotInBoth(supplier, 'visitors-cart', async () => {
    await expect(row).toBeVisible();
  });
  await supplier.context().close();
});
