// @vitest-environment happy-dom
import { type CallContract, Calls, CodeFlag } from '@metal/shared';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { owner } from '../features/companies/fixtures';
import { showFail } from '../lib/feedback';
import '../lib/i18n';
import { setLanguage } from '../lib/language';
import { Paths, rootPath } from '../lib/navigation';
import { clearSession, setSession } from '../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, until } from '../test/pageHarness';

vi.mock('../lib/feedback', async () => (await import('../test/pageHarness')).feedbackMock);

/**
 * The pages that once drew their own failed load ("加载失败" and a retry of their own, their own
 * not-found wording) now speak the app's one error language through ErrorScreen: a rate limit says
 * when to try again from the server's wait, a fault offers retry, and a missing thing keeps the
 * page's own words with its way on.
 */
interface Case {
  name: string;
  page: () => Promise<{ default: ComponentType }>;
  route: string;
  path: string;
  call: CallContract;
  loggedIn?: boolean;
  /** What the page's other calls answer meanwhile. */
  besides?: () => void;
}

const cases: Case[] = [
  {
    name: 'album_manager',
    page: () => import('../features/albums/pages/AlbumManagerPage'),
    route: Paths.albumManager,
    path: Paths.albumManager,
    call: Calls.albumList,
    loggedIn: true,
  },
  {
    name: 'album_picture_manager',
    page: () => import('../features/albums/pages/AlbumPictureManagerPage'),
    route: Paths.albumPictureManager,
    path: `${Paths.albumPictureManager}?id=3`,
    call: Calls.albumPictures,
    loggedIn: true,
  },
  {
    name: 'shop_album',
    page: () => import('../features/albums/pages/ShopAlbumPage'),
    route: Paths.shopAlbum,
    path: `${Paths.shopAlbum}?id=7`,
    call: Calls.companyAlbums,
  },
  {
    name: 'license_page',
    page: () => import('../features/licences/pages/LicensePage'),
    route: Paths.licensePage,
    path: Paths.licensePage,
    call: Calls.licenceDetail,
    loggedIn: true,
  },
  {
    name: 'modify_company',
    page: () => import('../features/licences/pages/ModifyCompanyPage'),
    route: Paths.modifyCompany,
    path: Paths.modifyCompany,
    call: Calls.companyInfo,
    loggedIn: true,
  },
  {
    name: 'market_board',
    page: () => import('../features/markets/pages/MarketBoardPage'),
    route: Paths.marketBoard,
    path: Paths.marketBoard,
    call: Calls.marketBoard,
  },
  {
    name: 'market_detail',
    page: () => import('../features/markets/pages/MarketDetailPage'),
    route: Paths.marketDetail,
    path: `${Paths.marketDetail}?aliasId=12`,
    call: Calls.marketDetail,
  },
  {
    name: 'forecast',
    page: () => import('../features/forecasts/pages/ForecastPage'),
    route: Paths.forecast,
    path: `${Paths.forecast}?id=4`,
    call: Calls.forecastDetail,
  },
  {
    name: 'check_price_detail',
    page: () => import('../features/check-prices/pages/CheckPriceDetailPage'),
    route: Paths.checkPriceDetail,
    path: `${Paths.checkPriceDetail}?id=5`,
    call: Calls.checkPriceDetail,
  },
  {
    name: 'input_capacity',
    page: () => import('../features/capacities/pages/InputCapacityPage'),
    route: Paths.inputCapacity,
    path: `${Paths.inputCapacity}?id=5`,
    call: Calls.capacityDetail,
    loggedIn: true,
  },
  {
    name: 'add_friend',
    page: () => import('../features/contacts/pages/AddFriendPage'),
    route: Paths.addFriend,
    path: `${Paths.addFriend}?keyword=13800000099`,
    call: Calls.findUser,
    loggedIn: true,
    besides: () => h.serve(Calls.friendRequests, ok({ list: [], page: 1, hasMore: false, newCount: 0 })),
  },
];

const h = createPageHarness();
const text = () => h.container.textContent ?? '';
/** The ways on the screen offers (the page's header may have buttons of its own). */
const buttons = () => [...h.container.querySelectorAll('.mm-empty-action button')].map((b) => b.textContent?.trim());
const Elsewhere = () => <p>elsewhere</p>;

async function open({ page, route, path, loggedIn, besides }: Case) {
  if (loggedIn) setSession(owner);
  besides?.();
  const { default: Page } = await page();
  await h.render({ [route]: Page, '*': Elsewhere }, path);
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('a failed load on every migrated page is the error screen', () => {
  it.each(cases)('$name: a rate limit says when to try again, and retry asks again', async (item) => {
    h.serve(item.call, fail(CodeFlag.tooManyRequests, '操作太频繁，请稍后再试', { data: { retryAfter: 170 } }));
    await open(item);
    await until(() => text().includes('请3分钟后再试'), 'the wait');
    expect(text()).toContain('操作太频繁');
    expect(text()).not.toContain('加载失败');
    expect(buttons()).toEqual(['重试']);
    const asked = h.calls(item.call).length;
    await click(buttonWith(h.container, '重试'));
    await until(() => h.calls(item.call).length > asked, 'another try');
  });

  it.each(cases)('$name: a server fault is the fault screen with retry', async (item) => {
    h.serve(item.call, fail(CodeFlag.serverFault, '系统繁忙'));
    await open(item);
    await until(() => text().includes('服务器开小差了'), 'the fault screen');
    expect(text()).toContain('请稍后重试');
    expect(text()).not.toContain('加载失败');
    expect(buttons()).toEqual(['重试']);
  });

  it('in English too: the wait in English', async () => {
    setLanguage('en-US');
    const board = cases.find((item) => item.name === 'market_board')!;
    h.serve(
      board.call,
      fail(CodeFlag.tooManyRequests, 'Too frequent, please try later', { data: { retryAfter: 170 } }),
    );
    await open(board);
    await until(() => text().includes('Try again in 3 minutes'), 'the wait');
    expect(buttons()).toEqual(['Retry']);
  });
});

describe('a missing thing keeps the page’s words and its way on', () => {
  const notFound = fail(CodeFlag.notFound, '内容不存在或已删除');

  it.each([
    ['album_picture_manager', '相册不存在或已删除', '返回公司相册', Paths.albumManager],
    ['market_detail', '未找到该品种', '返回行情', rootPath('market')],
    ['check_price_detail', '该查价已撤回或不存在', '返回查价', Paths.checkPrice],
    ['input_capacity', '产能不存在或已删除', '返回我的产能', Paths.capacityManage],
  ])('%s: %s, with %s and home', async (name, title, way, target) => {
    const item = cases.find((c) => c.name === name)!;
    h.serve(item.call, notFound);
    await open(item);
    await until(() => text().includes(title), 'the not-found screen');
    expect(buttons()).toEqual([way, '返回首页']);
    // The screen says it; a toast would say it twice.
    expect(showFail).not.toHaveBeenCalled();
    await click(buttonWith(h.container, way));
    const { pathname, search } = h.router.state.location;
    expect(`${pathname}${search}`).toBe(target);
  });

  it.each([
    ['shop_album', '企业不存在'],
    ['forecast', '未找到该品种'],
  ])('%s: %s, with home and search', async (name, title) => {
    const item = cases.find((c) => c.name === name)!;
    h.serve(item.call, notFound);
    await open(item);
    await until(() => text().includes(title), 'the not-found screen');
    expect(buttons()).toEqual(['返回首页', '去搜索']);
    expect(showFail).not.toHaveBeenCalled();
    await click(buttonWith(h.container, '去搜索'));
    expect(h.router.state.location.pathname).toBe(Paths.homeSearch);
  });

  it('market_detail in English: its words and the way back to quotes', async () => {
    setLanguage('en-US');
    const item = cases.find((c) => c.name === 'market_detail')!;
    h.serve(item.call, fail(CodeFlag.notFound, 'Not found'));
    await open(item);
    await until(() => text().includes('Product not found'), 'the not-found screen');
    expect(buttons()).toEqual(['Back to quotes', 'Back to home']);
  });
});
