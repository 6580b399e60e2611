import { Paths } from '@metal/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { call, type SessionUser } from './support';

// Issue 16: the main pages at 360 and 390 px wide, in both languages, as a visitor and as the demo buyer,
// with no text overflowing its box. Each page is photographed into test-results (not committed) and
// every piece of text that spills out of its box, past the screen or is cut off without an ellipsis
// is printed (page, language, width, selector, text); any of them fails the test.

const WIDTHS = [360, 390] as const;
const LANGUAGES = ['zh-CN', 'en-US'] as const;
type Lang = (typeof LANGUAGES)[number];

const rootTab = (tab: string) => `${Paths.root}?tab=${tab}`;

/** Demo objects for the detail pages, read from the demo data through the app's own calls. */
interface DemoIds {
  stockId: number;
  supplierRootId: number;
  capacityId: number;
  inquiryId: number;
  /** An unpaid order of the demo buyer's (a forecast VIP renewal), for the cashier and the payment page. */
  orderNo: string;
}

function visitorPages(ids: DemoIds): string[] {
  return [
    Paths.root,
    rootTab('quickBuy'),
    rootTab('market'),
    rootTab('messages'),
    rootTab('me'),
    `${Paths.marketDetail}?aliasId=1`,
    Paths.forecast,
    Paths.stockList,
    Paths.hotPage,
    Paths.fiveDayStock,
    Paths.factoryList,
    Paths.procurementHall,
    Paths.nearby,
    Paths.homeSearch,
    Paths.checkPrice,
    `${Paths.stockDetail}?id=${ids.stockId}`,
    `${Paths.company}?id=${ids.supplierRootId}`,
    `${Paths.capacityDetail}?id=${ids.capacityId}`,
    `${Paths.inquiryDetail}?id=${ids.inquiryId}`,
    Paths.login,
    Paths.register,
    Paths.set,
    Paths.vipPower,
    Paths.openVip,
  ];
}

function buyerPages(ids: DemoIds): string[] {
  return [
    Paths.root,
    rootTab('quickBuy'),
    rootTab('messages'),
    rootTab('me'),
    Paths.inputInquiry,
    Paths.myInquiries,
    `${Paths.inquiryDetail}?id=${ids.inquiryId}`,
    Paths.userCenter,
    Paths.modifyCompany,
    Paths.linkInfo,
    Paths.inputAgentBuy,
    Paths.myAgentBuys,
    Paths.attentionCompany,
    Paths.linkPage,
    Paths.visitor,
    Paths.shopcart,
    Paths.meCheckPrice,
    Paths.quickBuySet,
    Paths.stockFootprint,
    `${Paths.stockDetail}?id=${ids.stockId}`,
    Paths.vipCenter,
    Paths.vipPower,
    Paths.openVip,
    Paths.openForecastVip,
    Paths.openDynamicVip,
    `${Paths.payDesk}?orderNo=${ids.orderNo}`,
    `${Paths.payPage}?orderNo=${ids.orderNo}`,
    Paths.payOrders,
  ];
}

/** One piece of text that does not fit, as the page reports it. */
interface Offender {
  kind: 'clipped' | 'spills out of its box' | 'past the screen';
  selector: string;
  text: string;
  /** By how many pixels. */
  by: number;
}

/**
 * Runs in the page: every visible text node is measured. Text is at fault when a box that hides its
 * overflow (overflow hidden or clip) cuts it without an ellipsis that says so (`text-overflow:
 * ellipsis`, or a line clamp), when its lines reach past a box they belong to (the block, flex or grid
 * boxes around it, up to the first one positioned out of the flow or cutting), or past the screen.
 * Text in a strip that scrolls sideways, or scrolled (or slid) wholly out of sight, is not judged; a
 * page that scrolls both ways is (its sideways scroll is the overflow).
 */
function findOverflows(): Offender[] {
  const TOLERANCE = 1;
  const offenders: Offender[] = [];
  const viewportWidth = document.documentElement.clientWidth;

  const describe = (element: Element) => {
    const parts: string[] = [];
    for (
      let node: Element | null = element;
      node && parts.length < 3 && node !== document.body;
      node = node.parentElement
    ) {
      const classes = Array.from(node.classList)
        .filter((name) => !name.startsWith('adm-') || parts.length === 0)
        .slice(0, 2);
      const testId = node.getAttribute('data-testid');
      parts.unshift(
        `${node.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${classes.map((name) => `.${name}`).join('')}`,
      );
    }
    return parts.join(' > ');
  };
  const intendedTruncation = (style: CSSStyleDeclaration) =>
    style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');
  const isBlockBox = (style: CSSStyleDeclaration) => !['inline', 'contents'].includes(style.display);
  /** A box that scrolls sideways only: a strip of tabs or chips, which may run past the screen. */
  const isSidewaysStrip = (element: Element, style: CSSStyleDeclaration) =>
    (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
    element.scrollWidth > element.clientWidth + TOLERANCE &&
    (style.overflowY === 'hidden' || element.scrollHeight <= element.clientHeight + TOLERANCE);

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set<string>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const element = node.parentElement;
    if (!text || !element?.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (element.closest('svg, script, style, noscript, [aria-hidden="true"]')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
    if (rects.length === 0) continue;
    const left = Math.min(...rects.map((rect) => rect.left));
    const right = Math.max(...rects.map((rect) => rect.right));
    const pastBox = (box: DOMRect) => Math.max(right - box.right, box.left - left);

    let spilledFrom: { box: Element; by: number } | undefined;
    let judgingSpills = true;
    let inStrip = false;
    let outOfSight = false;
    let cut: { by: Element; width: number } | undefined;
    let truncationIntended = false;
    for (
      let ancestor: Element | null = element;
      ancestor && ancestor !== document.documentElement;
      ancestor = ancestor.parentElement
    ) {
      const style = getComputedStyle(ancestor);
      if (intendedTruncation(style)) truncationIntended = true;
      const box = ancestor.getBoundingClientRect();
      if (judgingSpills && isBlockBox(style) && ancestor !== document.body && !spilledFrom) {
        const by = pastBox(box);
        if (by > TOLERANCE) spilledFrom = { box: ancestor, by };
      }
      // Boxes placed out of the flow (badges, popovers) may stand outside their parents by design.
      if (style.position === 'absolute' || style.position === 'fixed') judgingSpills = false;
      if (style.overflowX === 'visible') continue;
      judgingSpills = false;
      if (right <= box.left + TOLERANCE || left >= box.right - TOLERANCE) {
        outOfSight = true;
        break;
      }
      if (isSidewaysStrip(ancestor, style)) {
        inStrip = true;
        break;
      }
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      const width = pastBox(box);
      if (!cut && width > TOLERANCE) cut = { by: ancestor, width };
    }
    if (outOfSight || inStrip) continue;

    const report = (kind: Offender['kind'], by: number, at: Element) => {
      const key = `${kind}|${describe(at)}|${text}`;
      if (seen.has(key)) return;
      seen.add(key);
      offenders.push({ kind, selector: describe(at), text: text.slice(0, 60), by: Math.round(by) });
    };
    if (cut) {
      if (!truncationIntended) report('clipped', cut.width, element);
    } else if (right > viewportWidth + TOLERANCE || left < -TOLERANCE) {
      report('past the screen', Math.max(right - viewportWidth, -left), element);
    } else if (spilledFrom) {
      report('spills out of its box', spilledFrom.by, spilledFrom.box);
    }
  }

  // A placeholder is text set on the page too: an empty field whose hint is wider than the field cuts it.
  const measure = document.createElement('canvas').getContext('2d');
  for (const field of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
    if (!measure || field.value || !field.placeholder || !field.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(field, '::placeholder');
    measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    const by = measure.measureText(field.placeholder).width - room;
    if (by > TOLERANCE && style.textOverflow !== 'ellipsis')
      offenders.push({ kind: 'clipped', selector: describe(field), text: field.placeholder, by: Math.round(by) });
  }
  return offenders;
}

/**
 * Opens a page afresh (a whole load, so nothing of the page before is measured) and waits until it
 * has drawn: its lazy chunk in, its calls answered, its skeletons and loading dots gone, fonts in.
 */
async function openSettled(page: Page, path: string) {
  await page.goto('about:blank');
  await page.goto(`/#${path}`);
  await expect(page.locator('#root > *').first()).toBeAttached();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {
    // A page that keeps asking (a countdown, a poll) is measured as it stands.
  });
  await expect(page.locator('.mm-page-loading, .adm-skeleton')).toHaveCount(0, { timeout: 10_000 });
  await page.evaluate(() => document.fonts.ready);
  // Antd's entrance animations (popups, tabs' ink bar) run for up to 300 ms.
  await page.waitForTimeout(400);
}

async function phone(browser: Browser, width: number, lang: Lang, session: SessionUser | undefined) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: lang });
  await context.addInitScript(
    ({ stored, language }) => {
      localStorage.setItem('metal.privacyAgreed', '1');
      localStorage.setItem('metal.lang', language);
      if (stored) localStorage.setItem('metal.session', JSON.stringify(stored));
    },
    { stored: session ?? null, language: lang },
  );
  return context;
}

let ids: DemoIds;
let buyer: SessionUser;

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const stocks = await call<{ list: { id: number; rootId: number }[] }>(request, 'stock/list', {
    page: '1',
    pageSize: '20',
  });
  // The demo supplier with passed capacity has listings for sale too; its shop and a capacity are opened.
  let capacity: { id: number; rootId: number } | undefined;
  for (const rootId of new Set(stocks.list.map((stock) => stock.rootId))) {
    const page = await call<{ list: { id: number }[] }>(request, 'capacity/company_list', {
      rootId: String(rootId),
      page: '1',
      pageSize: '1',
    });
    if (page.list[0]) capacity = { id: page.list[0].id, rootId };
    if (capacity) break;
  }
  const stock = stocks.list.find((item) => item.rootId === capacity?.rootId);
  expect(stock && capacity, 'the demo data has a supplier with stock for sale and passed capacity').toBeTruthy();
  const hall = await call<{ list: { id: number }[] }>(request, 'inquiry/hall', { page: '1', pageSize: '1' });
  expect(hall.list[0], 'the demo data has an open inquiry').toBeTruthy();
  ids = {
    stockId: stock!.id,
    supplierRootId: capacity!.rootId,
    capacityId: capacity!.id,
    inquiryId: hall.list[0]!.id,
    orderNo: '',
  };
  buyer = await call<SessionUser>(request, 'user/login', { account: '13800000001', password: 'demo1234' });
  const forecastPlans = await call<{ list: { id: number }[] }>(request, 'vip/plans', { kind: 'forecast_vip' });
  expect(forecastPlans.list[0], 'the demo data has a forecast VIP plan on sale').toBeTruthy();
  const opened = await call<{ orderNo: string }>(
    request,
    'vip/open',
    { planId: String(forecastPlans.list[0]!.id) },
    buyer.sessionId,
  );
  ids.orderNo = opened.orderNo;
  await request.dispose();
});

test('the check finds clipped, spilt and off-screen text and cut placeholders, and passes ellipses, sideways strips and badges', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.setContent(`
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <body style="margin:0;font:16px sans-serif">
      <div style="width:200px;padding:8px">
        <div class="cut" style="width:100px;overflow:hidden;white-space:nowrap">clipped without an ellipsis</div>
        <div style="width:100px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">cut with an ellipsis, as meant</div>
        <div class="narrow" style="width:80px;white-space:nowrap">spills out of its box</div>
        <div style="width:100px;overflow-x:auto;white-space:nowrap"><span>a strip of tabs that scrolls sideways</span></div>
        <div style="position:relative;width:40px"><span style="position:absolute;left:30px;white-space:nowrap">badge</span></div>
        <div>fits</div>
        <input class="hint" style="width:80px;padding:0 4px" placeholder="a placeholder too long for its field">
        <input style="width:180px" placeholder="fits">
      </div>
      <p class="wide" style="width:600px;margin:0;white-space:nowrap">text running past the screen, on and on and on and on</p>
    </body>`);
  const found = await page.evaluate(findOverflows);
  expect(found.map(({ kind, selector, text }) => ({ kind, selector, text }))).toEqual([
    { kind: 'clipped', selector: 'div > div.cut', text: 'clipped without an ellipsis' },
    { kind: 'spills out of its box', selector: 'div > div.narrow', text: 'spills out of its box' },
    { kind: 'past the screen', selector: 'p.wide', text: 'text running past the screen, on and on and on and on' },
    { kind: 'clipped', selector: 'div > input.hint', text: 'a placeholder too long for its field' },
  ]);
});

for (const role of ['visitor', 'buyer'] as const) {
  for (const lang of LANGUAGES) {
    for (const width of WIDTHS) {
      test(`no text overflows its box: ${role}, ${lang}, ${width} px`, async ({ browser }) => {
        test.setTimeout(300_000);
        const context = await phone(browser, width, lang, role === 'buyer' ? buyer : undefined);
        const page = await context.newPage();
        const found: string[] = [];
        try {
          for (const path of role === 'buyer' ? buyerPages(ids) : visitorPages(ids)) {
            await openSettled(page, path);
            const name = path.replace(/^\/pages[A]?\//, '').replace(/[/?=&]+/g, '_');
            await page.screenshot({ path: test.info().outputPath(`${role}-${lang}-${width}-${name}.png`) });
            for (const offender of await page.evaluate(findOverflows)) {
              found.push(
                `${path} · ${lang} · ${width}px · ${offender.kind} by ${offender.by}px · ${offender.selector} · "${offender.text}"`,
              );
            }
          }
        } finally {
          await context.close();
        }
        if (found.length) console.log(`text overflowing its box (${role}, ${lang}, ${width} px):\n${found.join('\n')}`);
        expect(found, 'text overflowing its box').toEqual([]);
      });
    }
  }
}
