import { CodeFlag } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clearApiCache, NETWORK_CODE_FLAG } from './api';
import { showFail } from './feedback';
import { setLanguage } from './language';
import { Paths, setNavigator } from './navigation';
import { clearSession, getSession, setSession } from './session';
import { uploadFiles } from './upload';

vi.mock('./feedback', async () => (await import('../test/feedbackMock')).feedbackMock);

/** An XMLHttpRequest the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: FormData | undefined;
  headers: Record<string, string> = {};
  timeout = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const navigate = vi.fn<(to: string) => void>();
const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-abc', lastLoginDate: '2026-11-20 08:00:00' };
const stored = { id: 5, url: '/files/images/7/a.jpg', name: 'a.jpg', size: 3, type: 'image/jpeg', thumbUrl: '/t' };
const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setNavigator(navigate);
  setLanguage('zh-CN');
  setSession(user);
  clearApiCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  setNavigator(null);
  clearSession();
});

describe('uploadFiles', () => {
  it('posts the files in field `file` with session, platform, language and kind in the query, reporting progress', async () => {
    const progress = vi.fn();
    const pending = uploadFiles([file(), file()], { kind: 'licence', onProgress: progress });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    const url = new URL(xhr.url, 'http://x');
    expect(url.pathname).toBe('/upload/file.htmls');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      session_id: 'sess-abc',
      platform: '5',
      openId: '',
      lang: 'zh-CN',
      kind: 'licence',
    });
    expect(xhr.body?.getAll('file')).toHaveLength(2);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    expect(progress).toHaveBeenCalledWith(0.25);
    xhr.answer(200, { codeFlag: CodeFlag.ok, mesg: '', data: [stored] });
    await expect(pending).resolves.toEqual([stored]);
  });

  it('forgets the session and goes to login on codeFlag 1, without a toast', async () => {
    const pending = uploadFiles([file()], { kind: 'image' });
    FakeXhr.last!.answer(200, { codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    await expect(pending).rejects.toMatchObject({ codeFlag: CodeFlag.notLoggedIn });
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(Paths.login);
    expect(showFail).not.toHaveBeenCalled();
  });

  it('shows any other refusal as a fail toast and rejects with its field errors', async () => {
    const pending = uploadFiles([file()], { kind: 'image' });
    FakeXhr.last!.answer(200, {
      codeFlag: CodeFlag.invalidInput,
      mesg: '仅支持 JPG、PNG、WebP 格式的图片',
      errors: { file: '仅支持 JPG、PNG、WebP 格式的图片' },
    });
    const error = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.errors).toEqual({ file: '仅支持 JPG、PNG、WebP 格式的图片' });
    expect(showFail).toHaveBeenCalledWith('仅支持 JPG、PNG、WebP 格式的图片');
  });

  it('leaves a codeFlag the caller shows itself without a toast', async () => {
    const pending = uploadFiles([file()], { kind: 'image', quietCodeFlags: [CodeFlag.tooManyRequests] });
    FakeXhr.last!.answer(200, { codeFlag: CodeFlag.tooManyRequests, mesg: '一小时内最多上传120个文件' });
    await expect(pending).rejects.toMatchObject({ codeFlag: CodeFlag.tooManyRequests });
    expect(showFail).not.toHaveBeenCalled();
  });

  it('turns a network failure, a time-out or an answer without an envelope into a network error, logged only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = uploadFiles([file()], { kind: 'image' });
    FakeXhr.last!.onerror?.();
    await expect(failed).rejects.toMatchObject({ codeFlag: NETWORK_CODE_FLAG, mesg: '网络连接失败，请检查网络' });
    const slow = uploadFiles([file()], { kind: 'image' });
    FakeXhr.last!.ontimeout?.();
    await expect(slow).rejects.toMatchObject({ codeFlag: NETWORK_CODE_FLAG });
    const tooBig = uploadFiles([file()], { kind: 'image' });
    FakeXhr.last!.answer(413, '<html>Request Entity Too Large</html>');
    await expect(tooBig).rejects.toMatchObject({ codeFlag: NETWORK_CODE_FLAG, data: { status: 413 } });
    expect(showFail).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const pending = uploadFiles([file()], { kind: 'image', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
