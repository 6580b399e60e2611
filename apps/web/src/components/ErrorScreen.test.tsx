// @vitest-environment happy-dom
import { CodeFlag, type Language, Paths } from '@metal/shared';
import { ApiError, NETWORK_CODE_FLAG } from '@metal/shared/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next } from '../lib/i18n';
import { buttonWith, click, createPageHarness } from '../test/pageHarness';
import { ErrorScreen, NotFoundScreen, type Way } from './ErrorScreen';

const page = createPageHarness();
const retry = vi.fn();

beforeEach(() => page.install());
afterEach(() => page.cleanup());

const toList = vi.fn();

async function show(error: unknown, lang: Language, notFoundTitle?: string, way?: Way) {
  await i18next.changeLanguage(lang);
  const Screen = () => <ErrorScreen error={error} onRetry={retry} notFoundTitle={notFoundTitle} way={way} />;
  await page.render({ '/here': Screen, '*': () => null }, '/here');
  const text = page.container.textContent ?? '';
  const buttons = [...page.container.querySelectorAll('button')].map((b) => b.textContent?.trim());
  return { text, buttons };
}

describe('ErrorScreen: each failure its own screen and way on', () => {
  it.each([
    ['zh-CN', '操作太频繁', '请3分钟后再试', '重试'],
    ['en-US', 'Too many attempts', 'Try again in 3 minutes', 'Retry'],
  ] as const)('rate limited (%s): the wait from the server, and retry', async (lang, title, wait, retryLabel) => {
    const { text, buttons } = await show(
      new ApiError(CodeFlag.tooManyRequests, '', undefined, { retryAfter: 170 }),
      lang,
      'this shop does not exist',
    );
    expect(text).toContain(title);
    expect(text).toContain(wait);
    expect(text).not.toContain('404');
    expect(text).not.toContain('this shop does not exist');
    expect(buttons).toEqual([retryLabel]);
    await click(buttonWith(page.container, retryLabel));
    expect(retry).toHaveBeenCalledOnce();
  });

  it.each([
    ['zh-CN', '店铺不存在', ['返回首页', '去搜索']],
    ['en-US', 'No such shop', ['Back to home', 'Search']],
  ] as const)('not found (%s): the page’s words, and ways to home and search', async (lang, title, actions) => {
    const { text, buttons } = await show(new ApiError(CodeFlag.notFound, ''), lang, title);
    expect(text).toContain(title);
    expect(buttons).toEqual(actions);
    await click(buttonWith(page.container, actions[1]));
    expect(page.router.state.location.pathname).toBe(Paths.homeSearch);
  });

  it('not found goes home too', async () => {
    await show(new ApiError(CodeFlag.notFound, ''), 'zh-CN');
    await click(buttonWith(page.container, '返回首页'));
    expect(page.router.state.location.pathname).toBe(Paths.root);
  });

  it.each([
    ['zh-CN', '请先登录', '去登录'],
    ['en-US', 'Please log in', 'Log in'],
  ] as const)('not logged in (%s): a login prompt', async (lang, title, action) => {
    const { text, buttons } = await show(new ApiError(CodeFlag.notLoggedIn, ''), lang);
    expect(text).toContain(title);
    expect(buttons).toEqual([action]);
    await click(buttonWith(page.container, action));
    expect(page.router.state.location.pathname).toBe(Paths.login);
  });

  it.each([
    ['zh-CN', '无权查看', '返回首页'],
    ['en-US', 'Not available to you', 'Back to home'],
  ] as const)('forbidden (%s): why, and home', async (lang, title, action) => {
    const { text, buttons } = await show(new ApiError(CodeFlag.forbidden, 'only its buyer sees this'), lang);
    expect(text).toContain(title);
    expect(text).toContain('only its buyer sees this');
    expect(buttons).toEqual([action]);
  });

  it.each([
    ['zh-CN', new ApiError(CodeFlag.serverFault, ''), '服务器开小差了', '重试'],
    ['en-US', new ApiError(CodeFlag.serverFault, ''), 'Something went wrong on our side', 'Retry'],
    ['zh-CN', new ApiError(NETWORK_CODE_FLAG, ''), '网络连接失败', '重试'],
    ['en-US', new ApiError(NETWORK_CODE_FLAG, ''), 'You are offline', 'Retry'],
  ] as const)('%s: %s → %s with retry', async (lang, error, title, action) => {
    const { text, buttons } = await show(error, lang);
    expect(text).toContain(title);
    expect(buttons).toEqual([action]);
    await click(buttonWith(page.container, action));
    expect(retry).toHaveBeenCalledOnce();
  });

  it.each([
    ['zh-CN', '相册不存在', ['返回相册', '返回首页']],
    ['en-US', 'No such album', ['Back to albums', 'Back to home']],
  ] as const)(
    'not found with the page’s own way (%s): that way first, home beside it',
    async (lang, title, actions) => {
      const { text, buttons } = await show(new ApiError(CodeFlag.notFound, ''), lang, title, {
        label: actions[0],
        onClick: toList,
      });
      expect(text).toContain(title);
      expect(buttons).toEqual(actions);
      await click(buttonWith(page.container, actions[0]));
      expect(toList).toHaveBeenCalledOnce();
      await click(buttonWith(page.container, actions[1]));
      expect(page.router.state.location.pathname).toBe(Paths.root);
    },
  );

  it('forbidden with the page’s own way: that way, then home; no retry', async () => {
    const { buttons } = await show(new ApiError(CodeFlag.forbidden, ''), 'zh-CN', undefined, {
      label: '返回相册',
      onClick: toList,
    });
    expect(buttons).toEqual(['返回相册', '返回首页']);
  });

  it('a rate limit or a fault still offers retry, not the page’s way', async () => {
    const way = { label: '返回相册', onClick: toList };
    const limited = await show(
      new ApiError(CodeFlag.tooManyRequests, '', undefined, { retryAfter: 30 }),
      'zh-CN',
      'x',
      way,
    );
    expect(limited.text).toContain('请30秒后再试');
    expect(limited.buttons).toEqual(['重试']);
    await page.cleanup();
    page.install();
    const fault = await show(new ApiError(CodeFlag.serverFault, ''), 'zh-CN', 'x', way);
    expect(fault.buttons).toEqual(['重试']);
  });
});

describe('NotFoundScreen: missing before any call', () => {
  it('offers home and search, or the page’s way and home', async () => {
    await i18next.changeLanguage('zh-CN');
    await page.render({ '/here': () => <NotFoundScreen title="品种不存在" />, '*': () => null }, '/here');
    const labels = () => [...page.container.querySelectorAll('button')].map((b) => b.textContent?.trim());
    expect(page.container.textContent).toContain('品种不存在');
    expect(labels()).toEqual(['返回首页', '去搜索']);
    await page.cleanup();
    page.install();
    const way = { label: '返回行情', onClick: toList };
    await page.render({ '/here': () => <NotFoundScreen title="品种不存在" way={way} />, '*': () => null }, '/here');
    expect(labels()).toEqual(['返回行情', '返回首页']);
    await click(buttonWith(page.container, '返回行情'));
    expect(toList).toHaveBeenCalledOnce();
  });
});
