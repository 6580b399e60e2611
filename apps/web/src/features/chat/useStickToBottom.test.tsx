// @vitest-environment happy-dom

import { act } from 'preact/test-utils';
import { useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStickToBottom } from './useStickToBottom';

/** ResizeObserver as the test plays it: it records what is observed and calls back when told. */
const observed: Element[] = [];
let resized: () => void = () => undefined;
class FakeResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe(element: Element) {
    observed.push(element);
  }
  disconnect() {
    observed.length = 0;
  }
}

function List() {
  const listRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  useStickToBottom(listRef, contentRef);
  return (
    <div ref={listRef} data-testid="list">
      <div ref={contentRef} data-testid="content" />
    </div>
  );
}

let root: Root;
let host: HTMLDivElement;
/** happy-dom lays nothing out: the list is 600 px tall over `content` px of messages. */
let content = 1000;

beforeEach(async () => {
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => content);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 600);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root.render(<List />));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const list = () => host.querySelector('[data-testid="list"]') as HTMLDivElement;
const scrollTo = (top: number) => {
  list().scrollTop = top;
  list().dispatchEvent(new Event('scroll'));
};

describe('useStickToBottom', () => {
  it('watches both the list and its content', () => {
    expect(observed).toEqual([list(), host.querySelector('[data-testid="content"]')]);
  });

  it('follows content that grows after it was drawn while the reader is at the bottom', () => {
    scrollTo(400);
    content = 1300;
    resized();
    expect(list().scrollTop).toBe(1300);
  });

  it('leaves a reader who scrolled up where they are', () => {
    scrollTo(100);
    content = 1300;
    resized();
    expect(list().scrollTop).toBe(100);
  });
});
