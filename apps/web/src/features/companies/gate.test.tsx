// @vitest-environment happy-dom

import { Calls, CodeFlag, translate } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
import { profileSummary } from '../../test/fixtures';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths, rootPath } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { click, createPageHarness, fail, ok, until } from '../../test/pageHarness';
import MeTab from '../accounts/components/MeTab';
import { owner } from './fixtures';
import { useCompanyInfoGate } from './useCompanyInfoGate';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const posted = vi.fn();

/** A page with a gated action, as posting, quoting and shop opening use the hook. */
function GatedAction() {
  const { guard, checking } = useCompanyInfoGate();
  return (
    <button type="button" data-testid="post" disabled={checking} onClick={() => void guard(posted)}>
      post
    </button>
  );
}

const render = (path = '/gated') =>
  h.render(
    {
      '/gated': GatedAction,
      [Paths.root]: MeTab,
      [Paths.userCenter]: Elsewhere,
      [Paths.openShop]: Elsewhere,
      [Paths.login]: Elsewhere,
    },
    path,
  );
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const path = () => h.router.state.location.pathname;
const dialogButton = (label: string) =>
  [...document.body.querySelectorAll('.adm-dialog button')].filter((b) => b.textContent?.trim() === label).at(-1);
const incomplete = (lang: 'zh-CN' | 'en-US' = 'zh-CN') =>
  fail(CodeFlag.companyInfoIncomplete, translate('companyInfo.incomplete', lang));

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  posted.mockClear();
});
afterEach(() => h.cleanup());

describe('useCompanyInfoGate', () => {
  it('runs the action when the company info is complete', async () => {
    setSession(owner);
    h.serve(Calls.hasCompanyInfo, ok(null));
    await render();
    await click(testId('post'));
    await until(() => posted.mock.calls.length === 1, 'the action');
    expect(h.calls(Calls.hasCompanyInfo)).toHaveLength(1);
  });

  it("stops an incomplete company with SPEC's dialog, not an error toast; 'complete now' goes to user_center", async () => {
    setSession(owner);
    h.serve(Calls.hasCompanyInfo, incomplete());
    await render();
    await click(testId('post'));
    await until(() => dialogButton('立即完善') !== undefined, 'the dialog');
    expect(document.body.textContent).toContain('您的公司信息不完善，是否立即去完善？');
    expect(dialogButton('暂不')).toBeDefined();
    expect(showFail).not.toHaveBeenCalled();
    await click(dialogButton('立即完善'));
    await until(() => path() === Paths.userCenter, 'user_center');
    expect(posted).not.toHaveBeenCalled();
  });

  it("'not now' stays, without the action, and asks again next time (in English too)", async () => {
    setSession(owner);
    setLanguage('en-US');
    h.serve(Calls.hasCompanyInfo, incomplete('en-US'), incomplete('en-US'), ok(null));
    await render();
    await click(testId('post'));
    await until(() => dialogButton('Not now') !== undefined, 'the dialog');
    expect(document.body.textContent).toContain('Your company info is incomplete, go complete it now?');
    expect(dialogButton('Complete now')).toBeDefined();
    await click(dialogButton('Not now'));
    await until(() => (testId('post') as HTMLButtonElement | null)?.disabled === false, 'the check done');
    expect(path()).toBe('/gated');
    expect(posted).not.toHaveBeenCalled();

    await click(testId('post'));
    await until(() => h.calls(Calls.hasCompanyInfo).length === 2, 'asked again');
    await until(() => dialogButton('Not now') !== undefined, 'the dialog again');
    await click(dialogButton('Not now'));
    await until(() => (testId('post') as HTMLButtonElement | null)?.disabled === false, 'the check done');
    await click(testId('post'));
    await until(() => posted.mock.calls.length === 1, 'the action once complete');
  });

  it('sends a visitor to login without asking the server', async () => {
    await render();
    await click(testId('post'));
    expect(path()).toBe(Paths.login);
    expect(h.calls(Calls.hasCompanyInfo)).toEqual([]);
  });

  it('leaves other failures to the toast callApi shows', async () => {
    setSession(owner);
    h.serve(Calls.hasCompanyInfo, fail(CodeFlag.serverFault, '服务器开小差了'));
    await render();
    const dialogsBefore = document.body.querySelectorAll('.adm-dialog').length;
    await click(testId('post'));
    await until(() => vi.mocked(showFail).mock.calls.length === 1, 'the toast');
    expect(showFail).toHaveBeenCalledWith('服务器开小差了');
    expect(document.body.querySelectorAll('.adm-dialog')).toHaveLength(dialogsBefore);
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('me tab entries', () => {
  const profile = profileSummary();

  it('opens user_center from the company entry, marked while the company info is incomplete', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profile));
    await render(rootPath('me'));
    await until(() => testId('me-service-company')?.textContent?.includes('待完善') === true, 'the entry');
    await click(testId('me-service-company'));
    expect(path()).toBe(Paths.userCenter);
  });

  it('gates the shop entry: an incomplete company gets the dialog, a complete one goes to open_shop', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profile));
    h.serve(Calls.hasCompanyInfo, incomplete(), ok(null));
    await render(rootPath('me'));
    await until(() => testId('me-service-stock') !== null, 'the entry');
    await click(testId('me-service-stock'));
    await until(() => dialogButton('暂不') !== undefined, 'the dialog');
    await click(dialogButton('暂不'));
    expect(path()).toBe(Paths.root);

    await click(testId('me-service-stock'));
    await until(() => path() === Paths.openShop, 'open_shop');
  });

  it('sends a visitor to login from both', async () => {
    await render(rootPath('me'));
    await until(() => testId('me-service-stock') !== null, 'the entry');
    for (const entry of ['me-service-company', 'me-service-stock']) {
      window.location.hash = '';
      await click(testId(entry));
      expect(window.location.hash).toBe(`#${Paths.login}`);
    }
    expect(h.calls(Calls.hasCompanyInfo)).toEqual([]);
    expect(path()).toBe(Paths.root);
  });
});
