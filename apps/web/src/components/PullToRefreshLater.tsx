import type { PullToRefreshProps } from 'antd-mobile/es/components/pull-to-refresh';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

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
 * them before it showed anything. Until it is in, the page shows its content as it is (no pulling yet);
 * then the content moves inside it, once (a page shown again later has it at once).
 */
export function PullToRefreshLater({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [Component, setComponent] = useState<PullToRefresh | null>(() => loaded);
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
  if (!Component) return <>{children}</>;
  return <Component onRefresh={onRefresh}>{children}</Component>;
}
