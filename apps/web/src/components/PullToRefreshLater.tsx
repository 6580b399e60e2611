import type { PullToRefreshProps } from 'antd-mobile/es/components/pull-to-refresh';
import { type ComponentType, type ReactNode, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

type PullToRefresh = ComponentType<PullToRefreshProps>;

let loaded: PullToRefresh | null = null;
const load = () =>
  import('antd-mobile/es/components/pull-to-refresh').then((module) => {
    loaded = module.default;
    return loaded;
  });

/**
 * antd-mobile's PullToRefresh, arriving after the page's first screen: with its spring and gesture
 * libraries it is a dozen files, and a page opened from a shared link would otherwise wait for all of
 * them before it showed anything. Until it is in, the page shows its content as it is (no pulling yet).
 * The content is rendered once, into an element of its own that is then moved inside PullToRefresh:
 * wrapping it there directly would build it all again (and the page's largest paint with it).
 */
export function PullToRefreshLater({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [Component, setComponent] = useState<PullToRefresh | null>(() => loaded);
  const [content] = useState(() => document.createElement('div'));
  useEffect(() => {
    if (Component) return;
    let current = true;
    void load().then((component) => {
      if (current) setComponent(() => component);
    });
    return () => {
      current = false;
    };
  }, [Component]);
  const place = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot) slot.appendChild(content);
    },
    [content],
  );
  const slot = <div ref={place} />;
  return (
    <>
      {Component ? <Component onRefresh={onRefresh}>{slot}</Component> : slot}
      {createPortal(children, content)}
    </>
  );
}
