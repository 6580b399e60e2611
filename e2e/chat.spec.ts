import { CodeFlag } from '@metal/shared';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
  type WebSocketRoute,
} from '@playwright/test';

// Two people chat, each on a phone of their own (a browser context), against the e2e server with the
// demo data: the demo buyer 13800000001 (userId 1) writes to the demo supplier 13800000002 (userId 2).
// The supplier sees an unread badge in the conversation list, opens the conversation, and the buyer's
// mark goes from delivered to read; they exchange messages; then the supplier's phone loses its network
// while the buyer writes several more, and when it comes back the messages are there, in order, each
// once, and read; the supplier's list has no badge left.
//
// Both log in over the API with their passwords (this file runs before first-launch.spec.ts, whose wrong
// passwords make this address need an image captcha) and the session goes where the web app keeps it.
// Chromium's offline mode (context.setOffline) fails HTTP but leaves open WebSockets alone, so the
// supplier's chat socket runs through a route that the test cuts while the phone is offline and that
// refuses reconnects until it is back online. Each phone's clock is the server's (the e2e server's
// clock starts on a fixed date whatever the real one, playwright.config.ts).

const BUYER = { phone: '13800000001', nickName: '演示买家（Demo）', userId: 1 };
const SUPPLIER = { phone: '13800000002', nickName: '演示供应商（Demo）', userId: 2 };

async function login(request: APIRequestContext, phone: string) {
  const response = await request.post('/user/login.htmls', {
    form: { account: phone, password: 'demo1234', session_id: '', platform: '5', openId: '', lang: 'zh-CN' },
  });
  const body = (await response.json()) as { codeFlag: number; mesg: string; data: Record<string, unknown> };
  expect(body.codeFlag, `user/login: ${body.mesg}`).toBe(CodeFlag.ok);
  return body.data;
}

/** The server's now in ms, from a login answer's 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai time. */
const serverNow = (lastLoginDate: unknown) => Date.parse(`${String(lastLoginDate).replace(' ', 'T')}+08:00`);

/** A phone logged in as the session's user, its clock the server's, past the privacy consent. */
async function newPhone(browser: Browser, session: Record<string, unknown>) {
  const context = await browser.newContext();
  await context.clock.setSystemTime(serverNow(session.lastLoginDate));
  await context.addInitScript((stored) => {
    localStorage.setItem('metal.privacyAgreed', '1');
    if (!localStorage.getItem('metal.session')) localStorage.setItem('metal.session', JSON.stringify(stored));
  }, session);
  return context;
}

/** The phone's chat socket, passed through to the server while online and cut while offline. */
async function cuttableChatSocket(context: BrowserContext) {
  let offline = false;
  const open: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
  await context.routeWebSocket(/\/chat\/ws$/, (page) => {
    if (offline) {
      void page.close();
      return;
    }
    open.push({ page, server: page.connectToServer() });
  });
  return {
    async goOffline() {
      offline = true;
      await context.setOffline(true);
      for (const { page, server } of open.splice(0)) {
        await server.close();
        await page.close();
      }
    },
    async goOnline() {
      offline = false;
      await context.setOffline(false);
    },
  };
}

const chatPath = (userId: number) => `/#/pages/chat_page/chat_page?userId=${userId}`;

async function send(page: Page, text: string) {
  const input = page.locator('.mm-chat-input textarea');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/** Which of these messages the page shows, in the order shown (a row holds its text, and for my own its mark too). */
async function shown(page: Page, messages: string[]) {
  const rows = await page.getByTestId('chat-message').allTextContents();
  return rows.flatMap((row) => messages.filter((message) => row.includes(message)));
}

/** The row of one of my messages. */
const ownRow = (page: Page, text: string) =>
  page.locator('.mm-chat-row.is-own').filter({ hasText: text }).getByTestId('chat-status');

/** The supplier's conversation-list row for the buyer. */
const buyerRow = (page: Page) => page.getByTestId('conversation').filter({ hasText: BUYER.nickName });
/** The unread count on that row (none when everything is read). */
const unreadBadge = (page: Page) => buyerRow(page).locator('.adm-badge-content');

test('two users chat; one goes offline and back; messages arrive in order, once, with delivered and read marks', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = `E2E${String(Date.now()).slice(-6)}`;
  const buyerContext = await newPhone(browser, await login(request, BUYER.phone));
  const supplierContext = await newPhone(browser, await login(request, SUPPLIER.phone));
  const supplierSocket = await cuttableChatSocket(supplierContext);
  const buyer = await buyerContext.newPage();
  const supplier = await supplierContext.newPage();

  // The supplier waits in the conversation list; the buyer opens the chat and writes.
  await supplier.goto('/#/pages/root/root?tab=messages');
  // The demo data's order already left the supplier messages from the buyer (placed, agreed) to read.
  await expect(buyerRow(supplier)).toBeVisible();
  const unreadBefore = Number((await unreadBadge(supplier).allTextContents())[0] ?? 0);
  await buyer.goto(chatPath(SUPPLIER.userId));
  await expect(buyer.getByTestId('chat-list')).toBeVisible();
  await expect(buyer.getByTestId('chat-connection')).toHaveCount(0);
  const hello = `你好，铝锭还有货吗？${stamp}`;
  await send(buyer, hello);
  await expect(ownRow(buyer, hello)).toHaveText('已送达');

  // Unread in the supplier's list, until the supplier opens the conversation: then read on the buyer's side.
  await expect(buyerRow(supplier)).toContainText(hello);
  await expect(unreadBadge(supplier)).toHaveText(String(unreadBefore + 1));
  await buyerRow(supplier).click();
  await expect(supplier).toHaveURL(/chat_page\?userId=1/);
  await expect(supplier.getByTestId('chat-message').filter({ hasText: hello })).toHaveCount(1);
  await expect(ownRow(buyer, hello)).toHaveText('已读');

  const reply = `有的，A00铝锭30吨 ${stamp}`;
  await send(supplier, reply);
  await expect(buyer.getByTestId('chat-message').filter({ hasText: reply })).toHaveCount(1);
  await expect(ownRow(supplier, reply)).toHaveText('已读');

  // The supplier's phone loses its network; the buyer writes on, and the server stores each message.
  await supplierSocket.goOffline();
  await expect(supplier.getByTestId('chat-connection')).toBeVisible();
  const whileOffline = [1, 2, 3, 4].map((n) => `离线消息${n}：价格20500 ${stamp}`);
  const after = `好的，下单 ${stamp}`;
  const all = [hello, reply, ...whileOffline, after];
  for (const text of whileOffline) {
    await send(buyer, text);
    await expect(ownRow(buyer, text)).toHaveText('已送达');
  }
  await expect(supplier.getByTestId('chat-message').filter({ hasText: whileOffline[0] })).toHaveCount(0);

  // Back online: the connection comes back by itself, and what was missed is fetched, in order, once, and read.
  await supplierSocket.goOnline();
  await expect(supplier.getByTestId('chat-connection')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => shown(supplier, all)).toEqual([hello, reply, ...whileOffline]);
  for (const text of whileOffline) await expect(ownRow(buyer, text)).toHaveText('已读');

  // And online again, a live message still arrives once, after the others.
  await send(buyer, after);
  await expect.poll(() => shown(supplier, all)).toEqual(all);
  await expect(ownRow(buyer, after)).toHaveText('已读');

  // The buyer's page shows each message once, its own in the order written. (Where the supplier's reply
  // sits among them depends on the phone's clock: an own message is placed by the phone's time until the
  // page lists it from the server again.)
  await expect.poll(async () => (await shown(buyer, all)).sort()).toEqual([...all].sort());
  const written = [hello, ...whileOffline, after];
  expect(await shown(buyer, written)).toEqual(written);

  // Nothing unread is left in the supplier's list.
  await supplier.goto('/#/pages/root/root?tab=messages');
  await expect(buyerRow(supplier)).toContainText(after);
  await expect(unreadBadge(supplier)).toHaveCount(0);

  await buyerContext.close();
  await supplierContext.close();
});
