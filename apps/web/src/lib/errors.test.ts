import { CodeFlag, type Language, TRANSPORT_MESSAGES } from '@metal/shared';
import { ApiError, NETWORK_CODE_FLAG } from '@metal/shared/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFailure, failureToast, retryAfterOf, waitText } from './errors';
import { i18next, loadCore } from './i18n';

beforeAll(async () => {
  await loadCore('en-US');
});

const inLanguage = async (lang: Language) => {
  await i18next.changeLanguage(lang);
};

const rateLimited = (
  retryAfter: number | undefined,
  mesg: string = TRANSPORT_MESSAGES['common.tooManyRequests']['zh-CN'],
) => new ApiError(CodeFlag.tooManyRequests, mesg, undefined, retryAfter === undefined ? undefined : { retryAfter });

describe('waitText: when to try again', () => {
  it.each([
    ['zh-CN', 1, '请1秒后再试'],
    ['zh-CN', 42, '请42秒后再试'],
    ['zh-CN', 60, '请1分钟后再试'],
    ['zh-CN', 61, '请2分钟后再试'],
    ['zh-CN', 600, '请10分钟后再试'],
    ['zh-CN', 7199, '请120分钟后再试'],
    ['zh-CN', 50_400, '请14小时后再试'],
    ['en-US', 1, 'Try again in 1 second'],
    ['en-US', 42, 'Try again in 42 seconds'],
    ['en-US', 60, 'Try again in 1 minute'],
    ['en-US', 600, 'Try again in 10 minutes'],
    ['en-US', 7200, 'Try again in 2 hours'],
  ] as const)('%s, %i s: %s', async (lang, seconds, text) => {
    await inLanguage(lang);
    expect(waitText(seconds)).toBe(text);
  });
});

describe('retryAfterOf', () => {
  it('reads the wait of a codeFlag 6 envelope only', () => {
    expect(retryAfterOf(rateLimited(90))).toBe(90);
    expect(retryAfterOf(rateLimited(undefined))).toBeUndefined();
    expect(retryAfterOf(new ApiError(CodeFlag.tooManyRequests, '', undefined, { retryAfter: -3 }))).toBeUndefined();
    expect(retryAfterOf(new ApiError(CodeFlag.conflict, '', undefined, { retryAfter: 90 }))).toBeUndefined();
    expect(retryAfterOf(new Error('x'))).toBeUndefined();
  });
});

describe('describeFailure: the screen each codeFlag gets', () => {
  const cases: { name: string; error: unknown; zh: [string, string, string]; en: [string, string, string] }[] = [
    {
      name: 'not logged in',
      error: new ApiError(CodeFlag.notLoggedIn, '请先登录'),
      zh: ['notLoggedIn', '请先登录', '登录后即可查看'],
      en: ['notLoggedIn', 'Please log in', 'Log in to see this'],
    },
    {
      name: 'forbidden, with the server’s reason',
      error: new ApiError(CodeFlag.forbidden, 'only the buyer sees its quotes'),
      zh: ['forbidden', '无权查看', 'only the buyer sees its quotes'],
      en: ['forbidden', 'Not available to you', 'only the buyer sees its quotes'],
    },
    {
      name: 'not found',
      error: new ApiError(CodeFlag.notFound, '内容不存在或已删除'),
      zh: ['notFound', '内容不存在或已删除', '它可能已被删除，或链接有误'],
      en: ['notFound', 'Not found or already deleted', 'It may have been deleted, or the link is wrong'],
    },
    {
      name: 'rate limited, with the server’s wait',
      error: rateLimited(300),
      zh: ['tooManyRequests', '操作太频繁', '请5分钟后再试'],
      en: ['tooManyRequests', 'Too many attempts', 'Try again in 5 minutes'],
    },
    {
      name: 'rate limited without a wait',
      error: rateLimited(undefined),
      zh: ['tooManyRequests', '操作太频繁', '请稍后再试'],
      en: ['tooManyRequests', 'Too many attempts', 'Please try again later'],
    },
    {
      name: 'a server fault',
      error: new ApiError(CodeFlag.serverFault, ''),
      zh: ['serverFault', '服务器开小差了', '请稍后重试'],
      en: ['serverFault', 'Something went wrong on our side', 'Please try again in a moment'],
    },
    {
      name: 'no network',
      error: new ApiError(NETWORK_CODE_FLAG, 'offline'),
      zh: ['offline', '网络连接失败', '请检查网络后重试'],
      en: ['offline', 'You are offline', 'Check your connection and try again'],
    },
    {
      name: 'an answer that is not the protocol (a proxy’s 502)',
      error: new ApiError(NETWORK_CODE_FLAG, 'x', undefined, { status: 502 }),
      zh: ['serverFault', '服务器开小差了', '请稍后重试'],
      en: ['serverFault', 'Something went wrong on our side', 'Please try again in a moment'],
    },
    {
      name: 'a page that broke (not an API error)',
      error: new TypeError('x is undefined'),
      zh: ['serverFault', '服务器开小差了', '请稍后重试'],
      en: ['serverFault', 'Something went wrong on our side', 'Please try again in a moment'],
    },
    {
      name: 'a codeFlag with no screen of its own: the server’s words',
      error: new ApiError(CodeFlag.conflict, 'already sold out'),
      zh: ['other', 'already sold out', ''],
      en: ['other', 'already sold out', ''],
    },
  ];

  it.each(cases)('$name', async ({ error, zh, en }) => {
    for (const [lang, [kind, title, text]] of [
      ['zh-CN', zh],
      ['en-US', en],
    ] as const) {
      await inLanguage(lang);
      expect(describeFailure(error)).toMatchObject({ kind, title, text });
    }
  });

  it('never shows a rate limit as "not found" (the user card’s 404 for a rate limit)', async () => {
    await inLanguage('zh-CN');
    expect(describeFailure(rateLimited(60)).kind).not.toBe('notFound');
  });

  it('keeps a feature’s own codeFlag 6 reason as the title, with the wait below', async () => {
    await inLanguage('zh-CN');
    expect(describeFailure(rateLimited(50_400, '认证失败，已达最大尝试次数'))).toMatchObject({
      title: '认证失败，已达最大尝试次数',
      text: '请14小时后再试',
      retryAfter: 50_400,
    });
  });
});

describe('failureToast: the toast after a refused action', () => {
  it.each([
    ['zh-CN', rateLimited(120), '操作太频繁，请2分钟后再试'],
    [
      'en-US',
      rateLimited(120, TRANSPORT_MESSAGES['common.tooManyRequests']['en-US']),
      'Too many attempts. Try again in 2 minutes',
    ],
    ['zh-CN', rateLimited(50_400, '今日获取验证码次数已达上限'), '今日获取验证码次数已达上限，请14小时后再试'],
    [
      'en-US',
      rateLimited(50_400, 'You have asked for too many codes today'),
      'You have asked for too many codes today. Try again in 14 hours',
    ],
    // The SMS resend message names its own wait: it is complete as it is.
    ['zh-CN', rateLimited(30, '验证码发送太频繁，请30秒后再试'), '验证码发送太频繁，请30秒后再试'],
    ['zh-CN', rateLimited(undefined), '操作太频繁，请稍后再试'],
    ['zh-CN', new ApiError(CodeFlag.forbidden, '无权进行此操作'), '无权进行此操作'],
  ] as const)('%s: %s', async (lang, error, toast) => {
    await inLanguage(lang);
    expect(failureToast(error)).toBe(toast);
  });
});
