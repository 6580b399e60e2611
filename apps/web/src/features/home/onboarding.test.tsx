// @vitest-environment happy-dom

import { Calls, type TVerificationStatus } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { profileSummary } from '../../test/fixtures';
import { click, createPageHarness, ok, until } from '../../test/pageHarness';
import { owner } from '../companies/fixtures';
import OnboardingCard from './components/OnboardingCard';
import { pendingSteps } from './onboarding';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = () =>
  h.render(
    { '/home': OnboardingCard, [Paths.login]: Elsewhere, [Paths.userCenter]: Elsewhere, [Paths.faceVerify]: Elsewhere },
    '/home',
  );
const steps = () =>
  [...h.container.querySelectorAll('[data-testid^="home-step-"]')].map((step) => step.textContent ?? '');
const card = () => h.container.querySelector('[data-testid="home-onboarding"]');

const verification = (verified: boolean): TVerificationStatus => ({
  state: verified ? 'verified' : 'unverified',
  verified,
  realName: '',
  idNumber: '',
  verifiedAt: null,
  verifiedBy: null,
  attemptsLeft: 3,
  dailyLimit: 3,
  retryAt: null,
  lastAttempt: null,
  escalation: null,
  canEscalate: false,
});

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('pendingSteps', () => {
  it('gives a visitor all three steps', () => {
    expect(pendingSteps({ loggedIn: false }).map(({ step }) => step)).toEqual(['signUp', 'company', 'verify']);
  });

  it('keeps the numbers of the steps left and leaves out those whose answer has not come', () => {
    expect(pendingSteps({ loggedIn: true, companyComplete: true, verified: false })).toEqual([
      { step: 'verify', number: 3 },
    ]);
    expect(pendingSteps({ loggedIn: true })).toEqual([]);
    expect(pendingSteps({ loggedIn: true, companyComplete: false, verified: true })).toEqual([
      { step: 'company', number: 2 },
    ]);
  });
});

describe('home onboarding card', () => {
  it('shows a visitor the steps and the login button, asking the server nothing', async () => {
    await render();
    expect(steps()).toEqual([
      '1注册登录手机号注册，登录后参与交易',
      '2完善公司信息公司名称、经营模式与主营产品',
      '3实名认证认证后可报价、开店、实名采购',
    ]);
    expect(card()?.textContent).toContain('登录 / 注册');
    expect(h.calls(Calls.info)).toEqual([]);
    expect(h.calls(Calls.verificationStatus)).toEqual([]);
  });

  it('no longer tells a logged-in user to sign up; an incomplete company is the next step and opens user_center', async () => {
    setSession(owner);
    setLanguage('en-US');
    h.serve(Calls.info, ok(profileSummary({ complete_info: false })));
    h.serve(Calls.verificationStatus, ok(verification(false)));
    await render();
    await until(() => steps().length === 2, 'the steps left');
    expect(steps()).toEqual([
      '2Company infoName, business model and products',
      '3Verify identityNeeded to quote, open a shop and buy',
    ]);
    expect(card()?.textContent).not.toContain('Log in / Sign up');
    await click(h.container.querySelector('[data-testid="home-step-company"]'));
    expect(h.router.state.location.pathname).toBe(Paths.userCenter);
  });

  it('leaves only verification once the company info is complete', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ complete_info: true })));
    h.serve(Calls.verificationStatus, ok(verification(false)));
    await render();
    await until(() => steps().length === 1, 'the step left');
    expect(steps()[0]).toContain('实名认证');
    await click(h.container.querySelector('[data-testid="home-step-verify"]'));
    expect(h.router.state.location.pathname).toBe(Paths.faceVerify);
  });

  it('hides the whole card when every step is done', async () => {
    setSession(owner);
    h.serve(Calls.info, ok(profileSummary({ complete_info: true })));
    h.serve(Calls.verificationStatus, ok(verification(true)));
    await render();
    await until(() => h.calls(Calls.info).length === 1 && h.calls(Calls.verificationStatus).length === 1, 'both asked');
    // Both answers arrive in the same turn as the calls; one more turn lets React render them.
    await until(() => card() === null, 'the card gone');
    expect(h.container.textContent).toBe('');
  });
});
