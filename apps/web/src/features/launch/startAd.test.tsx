// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { strip } from '../../app/lazyPage';
import { Paths } from '../../lib/navigation';
import { StorageKeys } from '../../lib/storage';
import { until } from '../../test/pageHarness';
import { agreePrivacy } from './privacy';
import { launchRoute, markStartAdShown, startAdDue } from './startAd';

const morning = new Date(2026, 10, 26, 8, 0);
const evening = new Date(2026, 10, 26, 23, 59);
const nextMorning = new Date(2026, 10, 27, 0, 1);

beforeEach(() => localStorage.clear());

describe('startAdDue', () => {
  it('shows the ad on the very first launch, before the privacy consent', () => {
    expect(startAdDue(morning)).toBe(true);
    markStartAdShown(morning);
    // Without the consent the launch must go through the ad to the consent page, whatever the day.
    expect(startAdDue(evening)).toBe(true);
  });

  it('shows it to a returning user on the first launch of each day only', () => {
    agreePrivacy();
    expect(startAdDue(morning)).toBe(true);
    markStartAdShown(morning);
    expect(startAdDue(morning)).toBe(false);
    expect(startAdDue(evening)).toBe(false);
    expect(startAdDue(nextMorning)).toBe(true);
    expect(localStorage.getItem(StorageKeys.startAdShownOn)).toBe('2026-11-26');
  });
});

describe("the entry route '/'", () => {
  let root: Root | undefined;
  let container: HTMLDivElement;

  afterEach(async () => {
    await act(async () => root?.unmount());
    container.remove();
  });

  async function launch() {
    const router = createMemoryRouter(
      [
        { path: '/', lazy: launchRoute },
        { path: strip(Paths.root), Component: () => <p data-testid="shell">shell</p> },
        { path: strip(Paths.privacy), Component: () => <p data-testid="privacy">privacy</p> },
      ],
      { initialEntries: ['/'] },
    );
    container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<RouterProvider router={router} />);
    });
    return router;
  }

  it("opens a returning user's later launches of the day straight on the shell, without the ad", async () => {
    agreePrivacy();
    markStartAdShown();
    const router = await launch();
    await until(() => container.querySelector('[data-testid=shell]') !== null, 'the shell');
    expect(router.state.location.pathname).toBe(Paths.root);
    expect(container.querySelector('.mm-splash')).toBeNull();
  });

  it("shows the ad on a returning user's first launch of the day, and remembers the day", async () => {
    agreePrivacy();
    markStartAdShown(new Date(Date.now() - 86_400_000));
    const router = await launch();
    await until(() => container.querySelector('.mm-splash') !== null, 'the start ad');
    expect(router.state.location.pathname).toBe('/');
    expect(startAdDue()).toBe(false);
    await act(async () => container.querySelector<HTMLButtonElement>('.mm-splash-skip')?.click());
    await until(() => container.querySelector('[data-testid=shell]') !== null, 'the shell after skipping');
  });

  it('shows the ad on the very first launch, then the privacy consent', async () => {
    await launch();
    await until(() => container.querySelector('.mm-splash') !== null, 'the start ad');
    await act(async () => container.querySelector<HTMLButtonElement>('.mm-splash-skip')?.click());
    await until(() => container.querySelector('[data-testid=privacy]') !== null, 'the privacy consent');
  });
});
