import { Paths } from '@metal/shared';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { logInByCode, type SessionUser } from './support';

// Every tap target on the main pages answers in at least 44×44 CSS px (issue 16; Apple's and WCAG
// 2.5.5's size), at 390×844, as a visitor and as the demo buyer 13800000001. The pages are every route
// of the shared paths table (packages/shared/src/paths.ts) and the root's tabs, detail pages with the
// demo data's ids.
//
// How the hit box is measured: not the element's own box, since a small icon may answer in a larger
// area (padding, or an invisible ::before hit-slop) and a large-looking one may be covered by a
// neighbour. Each target is scrolled to the middle of the screen and `document.elementFromPoint` is
// asked, at the centre and at the corners and edge midpoints of the 44×44 square centred on the
// target, which element a finger there would reach; every probe must land on the target or inside it
// (a pseudo-element counts as its element). Probes past the screen's edge are not asked: a target on
// the edge answers there anyway; that includes a probe half a pixel inside it, which the browser rounds
// onto the pixel past the edge (elementFromPoint answers null, as it does only outside the viewport). Not checked, as WCAG 2.5.8 excepts them: a link or button inside a
// sentence (inline, with text around it), and targets under a mask or a sheet (their centre reaches something
// else). A checkbox input that is drawn by its label is measured as its label. A target inside another
// (a button in a row) is measured on its own.

const TARGETS = [
  'a[href]',
  'button',
  '[role=button]',
  '[role=tab]',
  'input[type=checkbox]',
  '.adm-list-item-clickable',
  '.adm-selector-item',
  '.adm-checkbox',
  '.adm-radio',
  '.adm-switch',
  '.adm-nav-bar-back',
  '.adm-input-clear',
  '.adm-popup-close-icon',
  '.adm-tabs-tab',
  '.adm-capsule-tabs-tab',
].join(',');

const MIN = 44;

interface Offender {
  what: string;
  size: string;
  missed: string;
}

/** The targets on the page now whose effective hit box is smaller than MIN×MIN. */
function measure(page: Page): Promise<Offender[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const describe = (el: Element) => {
        const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24);
        const label = el.getAttribute('aria-label') ?? '';
        const cls =
          typeof el.className === 'string' ? el.className.split(' ').filter(Boolean).slice(0, 3).join('.') : '';
        return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${label ? ` [${label}]` : ''}${text ? ` "${text}"` : ''}`;
      };
      const inSentence = (el: Element) => {
        if (getComputedStyle(el).display !== 'inline') return false;
        const parent = el.parentElement;
        return !!parent && (parent.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      };
      const seen = new Set<Element>();
      const offenders: { what: string; size: string; missed: string }[] = [];
      for (const found of Array.from(document.querySelectorAll(selector))) {
        let el: Element = found;
        if (el instanceof HTMLInputElement && el.type === 'checkbox') el = el.closest('label') ?? el;
        if (seen.has(el) || !(el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true }))
          continue;
        if (inSentence(el)) continue;
        seen.add(el);
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        const hits = (x: number, y: number) => {
          const at = document.elementFromPoint(x, y);
          return !!at && (at === el || el.contains(at));
        };
        // Only the viewport answers: elementFromPoint gives null nowhere else, so a probe whose answer is
        // null was rounded past the screen's edge (x = 389.5 on a 390 px screen asks pixel 390).
        const onScreen = (x: number, y: number) =>
          x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && document.elementFromPoint(x, y) !== null;
        if (!hits(cx, cy)) continue; // under a mask, a sheet or a sticky bar: not tappable here
        const half = min / 2 - 0.5;
        const probes: [string, number, number][] = [
          ['left', cx - half, cy],
          ['right', cx + half, cy],
          ['top', cx, cy - half],
          ['bottom', cx, cy + half],
          ['top-left', cx - half, cy - half],
          ['top-right', cx + half, cy - half],
          ['bottom-left', cx - half, cy + half],
          ['bottom-right', cx + half, cy + half],
        ];
        const missed = probes.filter(([, x, y]) => onScreen(x, y) && !hits(x, y)).map(([name]) => name);
        if (missed.length > 0) {
          offenders.push({
            what: describe(el),
            size: `${Math.round(box.width)}×${Math.round(box.height)}`,
            missed: missed.join(' '),
          });
        }
      }
      window.scrollTo(0, 0);
      return offenders;
    },
    { selector: TARGETS, min: MIN },
  );
}

type Json = unknown;

/** The first number under `key` anywhere in an answer (the demo data's first row's id). */
function firstNumber(value: Json, key: string): number | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstNumber(item, key);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    const own = (value as Record<string, Json>)[key];
    if (typeof own === 'number' && own > 0) return own;
    for (const inner of Object.values(value)) {
      const found = firstNumber(inner, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

async function answer(request: APIRequestContext, path: string, fields: Record<string, string>, session = '') {
  const response = await request.post(`/${path}.htmls`, {
    form: { ...fields, session_id: session, platform: '5', openId: '', lang: 'zh-CN' },
  });
  return ((await response.json()) as { data?: Json }).data;
}

/** Every page to visit: the paths table, the root's tabs, and detail pages with the demo data's ids. */
async function pagesToVisit(request: APIRequestContext, buyer: SessionUser): Promise<string[]> {
  const stocks = await answer(request, 'stock/list', { page: '1' });
  const stockId = firstNumber(stocks, 'id');
  const supplierRoot = firstNumber(stocks, 'rootId');
  const supplierUser = firstNumber(stocks, 'userId') ?? supplierRoot;
  const inquiryId = firstNumber(await answer(request, 'inquiry/hall', { page: '1' }), 'id');
  const agentBuyId = firstNumber(await answer(request, 'agent_buy/mine', { page: '1' }, buyer.sessionId), 'id');
  const checkPriceId = firstNumber(await answer(request, 'check_price/list', { page: '1' }), 'id');
  const capacityId = supplierRoot
    ? firstNumber(await answer(request, 'capacity/company_list', { rootId: String(supplierRoot), page: '1' }), 'id')
    : undefined;
  const aliasId = firstNumber(await answer(request, 'market/groups', {}), 'aliasId');
  // An unpaid order of the buyer's (a forecast VIP renewal) for the cashier and the payment pages.
  const forecastPlanId = firstNumber(await answer(request, 'vip/plans', { kind: 'forecast_vip' }), 'id');
  const opened = forecastPlanId
    ? await answer(request, 'vip/open', { planId: String(forecastPlanId) }, buyer.sessionId)
    : undefined;
  const orderNo = (opened as { orderNo?: string } | undefined)?.orderNo;

  const withId: Partial<Record<keyof typeof Paths, string | undefined>> = {
    stockDetail: stockId ? `id=${stockId}` : undefined,
    stockSameSpec: stockId ? `id=${stockId}` : undefined,
    company: supplierRoot ? `id=${supplierRoot}` : undefined,
    companyDetail: supplierRoot ? `id=${supplierRoot}` : undefined,
    shopAlbum: supplierRoot ? `id=${supplierRoot}` : undefined,
    userInfo: supplierUser ? `userId=${supplierUser}` : undefined,
    chatPage: supplierUser ? `userId=${supplierUser}` : undefined,
    inquiryDetail: inquiryId ? `id=${inquiryId}` : undefined,
    agentBuyDetail: agentBuyId ? `id=${agentBuyId}` : undefined,
    checkPriceDetail: checkPriceId ? `id=${checkPriceId}` : undefined,
    capacityDetail: capacityId ? `id=${capacityId}` : undefined,
    marketDetail: aliasId ? `aliasId=${aliasId}` : undefined,
    forecast: 'id=13',
    web: 'url=https%3A%2F%2Fexample.com',
    payDesk: orderNo ? `orderNo=${orderNo}` : undefined,
    payPage: orderNo ? `orderNo=${orderNo}` : undefined,
    paySuccess: orderNo ? `orderNo=${orderNo}` : undefined,
  };
  const skipped = new Set<keyof typeof Paths>(['startAd']);
  const pages = (Object.entries(Paths) as [keyof typeof Paths, string][])
    .filter(([name]) => !skipped.has(name))
    .map(([name, path]) => (withId[name] ? `${path}?${withId[name]}` : path));
  const tabs = ['quickBuy', 'market', 'messages', 'me'].map((tab) => `${Paths.root}?tab=${tab}`);
  return [...pages, ...tabs];
}

async function phone(browser: Browser, session: SessionUser | null) {
  const context = await browser.newContext();
  await context.addInitScript((stored) => {
    localStorage.setItem('metal.privacyAgreed', '1');
    if (stored && !localStorage.getItem('metal.session')) localStorage.setItem('metal.session', JSON.stringify(stored));
  }, session);
  return context.newPage();
}

test('every tap target on every main page answers in at least 44×44 px, for a visitor and the demo buyer', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const buyer = await logInByCode(request, '13800000001');
  const pages = await pagesToVisit(request, buyer);
  const report: string[] = [];
  let measured = 0;
  for (const [who, session] of [
    ['visitor', null],
    ['buyer', buyer],
  ] as const) {
    const page = await phone(browser, session);
    for (const path of pages) {
      await page.goto(`/#${path}`);
      await page.waitForLoadState('networkidle');
      // The page's own loading is over when no skeleton or route progress remains (or after 3 s).
      await page
        .waitForFunction(() => !document.querySelector('.adm-skeleton, .mm-route-progress'), undefined, {
          timeout: 3000,
        })
        .catch(() => undefined);
      const offenders = await measure(page);
      measured += 1;
      for (const offender of offenders) {
        report.push(`${who} ${path} → ${offender.what} ${offender.size}, misses ${offender.missed}`);
      }
    }
    await page.context().close();
  }
  console.log(`tap targets: ${measured} page views, ${report.length} targets under ${MIN}×${MIN}`);
  for (const line of report) console.log(`  ${line}`);
  expect(report, report.join('\n')).toEqual([]);
});
