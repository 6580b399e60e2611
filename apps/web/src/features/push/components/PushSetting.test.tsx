// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click } from '../../../test/pageHarness';
import type { PushState } from '../client';
import { PushSetting } from './PushSetting';

vi.mock('../../../lib/feedback', async () => (await import('../../../test/pageHarness')).feedbackMock);

const push = vi.hoisted(() => ({
  state: 'off' as PushState,
  enablePush: vi.fn<() => Promise<PushState>>(),
  disablePush: vi.fn<() => Promise<PushState>>(),
}));
vi.mock('../client', () => ({
  pushState: () => push.state,
  enablePush: push.enablePush,
  disablePush: push.disablePush,
}));

const user = { account: 'trader01', rootId: 7, userId: 7, sessionId: 'sess-7', lastLoginDate: '' };
let root: Root;
let container: HTMLDivElement;

async function render() {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<PushSetting user={user} />));
}
const toggle = () => container.querySelector<HTMLElement>('.adm-switch')!;
const text = () => container.textContent ?? '';

beforeEach(() => {
  push.state = 'off';
  push.enablePush.mockReset();
  push.disablePush.mockReset();
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('the notifications switch in settings', () => {
  it('is off with the quiet hours explained, and turning it on asks (through enablePush) only then', async () => {
    await render();
    expect(text()).toContain('接收消息和通知提醒');
    expect(text()).toContain('12:30–13:30、22:00–07:00 为免打扰时段');
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(push.enablePush).not.toHaveBeenCalled();

    push.enablePush.mockResolvedValue('on');
    await click(toggle());
    expect(push.enablePush).toHaveBeenCalledWith(user);
    expect(toggle().getAttribute('aria-checked')).toBe('true');

    push.disablePush.mockResolvedValue('off');
    await click(toggle());
    expect(push.disablePush).toHaveBeenCalled();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
  });

  it('explains a blocked permission, and the switch cannot be used', async () => {
    push.enablePush.mockResolvedValue('denied');
    await render();
    await click(toggle());
    expect(text()).toContain('浏览器已阻止本站的通知，请在浏览器的网站设置中允许通知后再开启');
    expect(toggle().className).toContain('adm-switch-disabled');
  });

  it('says when the browser cannot show notifications', async () => {
    push.state = 'unsupported';
    await render();
    expect(text()).toContain('当前浏览器不支持消息通知');
    expect(toggle().className).toContain('adm-switch-disabled');
  });
});
