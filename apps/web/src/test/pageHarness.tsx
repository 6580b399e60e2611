import { createScriptedServer } from '@metal/shared/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'preact/test-utils';
import type { ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { loadCore } from '../lib/i18n';
import { userAct } from './userAct';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Pages under test switch to English at once, as a user's second switch does.
await loadCore('en-US');

export { type Answer, fail, ok } from '@metal/shared/testing';

/**
 * Pages under test against a scripted server: `serve(Calls.x, …answers)` sets what a call answers (in
 * turn, the last one repeating; each answer typed by the call's contract), `calls(Calls.x)` reads what
 * the page sent, `render` mounts routes in a memory router. Call `install` in beforeEach and `cleanup`
 * in afterEach.
 */
export function createPageHarness() {
  const fetchMock = vi.fn<typeof fetch>();
  const server = createScriptedServer(fetchMock);
  let root: Root | undefined;
  const state = {
    container: document.createElement('div'),
    router: undefined as ReturnType<typeof createMemoryRouter> | undefined,
  };

  return {
    fetchMock,
    get container() {
      return state.container;
    },
    get router() {
      if (!state.router) throw new Error('render first');
      return state.router;
    },
    install() {
      server.install();
      vi.stubGlobal('fetch', fetchMock);
    },
    async cleanup() {
      await act(async () => root?.unmount());
      // Dialogs opened imperatively live in React roots of their own and animate closed after the page
      // goes; their last renders must finish here, not after the test file's DOM has been torn down.
      for (let i = 0; i < 100 && document.body.querySelector('.adm-dialog, .adm-mask'); i++) {
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 10));
        });
      }
      state.container.remove();
      vi.unstubAllGlobals();
      vi.clearAllMocks();
    },
    serve: server.serve,
    calls: server.calls,
    async render(routes: Record<string, ComponentType>, path: string) {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      state.router = createMemoryRouter(
        Object.entries(routes).map(([routePath, Component]) => ({ path: routePath, Component })),
        { initialEntries: [path] },
      );
      state.container = document.createElement('div');
      document.body.appendChild(state.container);
      const router = state.router;
      await act(async () => {
        root = createRoot(state.container);
        root.render(
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>,
        );
      });
    },
  };
}

/**
 * Clicks as a finger does, so first waits (1 s at most) until the element takes taps: antd-mobile's
 * Dialog and Popup ignore pointer events until their opening animation has finished, and a dialog closed
 * before its first animation frame never reports itself closed (react-spring sends no onRest for an
 * animation that never moved), so it would stay mounted, which no user can cause.
 */
export async function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  await until(() => takesPointerEvents(element), 'the element to take taps');
  await userAct(() => {
    (element as HTMLElement).click();
  });
}

/**
 * Whether a tap on the element would reach it: the nearest `pointer-events` set on it or an ancestor is
 * not `none`. Only inline styles count, which is where antd-mobile's animations set it (stylesheets are
 * not loaded in unit tests).
 */
function takesPointerEvents(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = node instanceof HTMLElement ? node.style.pointerEvents : '';
    if (value === 'none') return false;
    if (value && value !== 'unset' && value !== 'inherit') return true;
  }
  return true;
}

/** Lets React and the scripted server run until `check` holds (1 s at most). */
export async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A button in `within` by its text or aria-label. */
export const buttonWith = (within: ParentNode, text: string) =>
  [...within.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === text || b.getAttribute('aria-label') === text,
  );

export { feedbackMock } from './feedbackMock';

/** Types into an input or textarea as a user would (React sees an input event with the new value). */
export async function typeInto(element: Element | null | undefined, value: string) {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error('nothing to type into');
  }
  const prototype = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await userAct(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/**
 * happy-dom lays nothing out, so no element has an offset parent, and antd-mobile's InfiniteScroll only
 * loads more when its marker has one. Call in a test that pages on; it is undone when the test ends.
 */
export function layOutForInfiniteScroll() {
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  onTestFinished(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
    else Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');
  });
}
