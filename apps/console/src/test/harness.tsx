import { createScriptedServer } from '@metal/shared/testing';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { routes } from '../app/router';
import { setNavigator } from '../lib/navigation';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export { type Answer, fail, ok } from '@metal/shared/testing';

/**
 * The console against a scripted server: `serve(Calls.x, …answers)` sets what a call answers (in turn,
 * the last one repeating; each answer typed by the call's contract), `calls(Calls.x)` reads what the
 * console sent, `render` mounts the console's own routes in a memory router at a path. Call `install`
 * in beforeEach and `cleanup` in afterEach.
 */
export function createConsoleHarness() {
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
    get path() {
      return state.router?.state.location.pathname ?? '';
    },
    install() {
      server.install();
      vi.stubGlobal('fetch', fetchMock);
    },
    async cleanup() {
      await act(async () => root?.unmount());
      state.container.remove();
      document.body.innerHTML = '';
      setNavigator(null);
      vi.unstubAllGlobals();
      vi.clearAllMocks();
    },
    serve: server.serve,
    calls: server.calls,
    async render(path: string) {
      const queryClient = createQueryClient();
      queryClient.setDefaultOptions({ queries: { retry: false, refetchInterval: false, refetchOnWindowFocus: false } });
      state.router = createMemoryRouter(routes, { initialEntries: [path] });
      const router = state.router;
      setNavigator((to) => void router.navigate(to));
      state.container = document.createElement('div');
      document.body.appendChild(state.container);
      await act(async () => {
        root = createRoot(state.container);
        root.render(
          <Providers queryClient={queryClient}>
            <RouterProvider router={router} />
          </Providers>,
        );
      });
    },
  };
}

/** Lets React and the scripted server run until `check` holds (2 s at most). */
export async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** antd's forms validate a tick after a change; let that happen inside act. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

export async function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
    await settle();
  });
}

/** antd puts a space between the two characters of a two-character Chinese label; compare without spaces. */
const squeeze = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');

/** A button anywhere in the document (modals and popovers render outside the page) by its text or aria-label. */
export const button = (text: string) =>
  [...document.querySelectorAll('button')].find(
    (b) => squeeze(b.textContent) === squeeze(text) || b.getAttribute('aria-label') === text,
  );

/** A button of the open confirmation popover (the page's own button of the same name stays behind it). */
export const confirmButton = (text: string) =>
  [...document.querySelectorAll('.ant-popconfirm button')].find((b) => squeeze(b.textContent) === squeeze(text));

/** A button of the open modal dialog. */
export const modalButton = (text: string) =>
  [...document.querySelectorAll('.ant-modal button')].find((b) => squeeze(b.textContent) === squeeze(text));

/** The page's text, for checks that read what an operator sees. */
export const pageText = () => document.body.textContent ?? '';

/** Types into an input or textarea the way React sees it. */
export async function type(element: Element | null | undefined, value: string) {
  if (!element) throw new Error('nothing to type into');
  const input = element as HTMLInputElement | HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input) as object, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settle();
  });
}

/** Picks the option of an antd radio group (buttons or plain) whose label reads `text`, within `root` (a dialog, say). */
export async function choose(text: string, root: ParentNode = document) {
  const option = [...root.querySelectorAll('.ant-radio-button-wrapper, .ant-radio-wrapper')].find(
    (label) => squeeze(label.textContent) === squeeze(text),
  );
  await click(option?.querySelector('input'));
}

/** The message under a form field (antd's explain line), by the field's name. */
export const fieldError = (name: string) =>
  document.querySelector(`#${name}`)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ??
  '';
