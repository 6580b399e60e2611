import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from './EmptyState';
import { TabHeader } from './TabHeader';

interface EmptyTabProps extends EmptyStateProps {
  /** The tab's own title, in its title bar (`title` is the empty state's). */
  tabTitle: ReactNode;
  headerRight?: ReactNode;
}

/** A shell tab with nothing to show yet: its title bar, and an empty state centred in the rest. */
export function EmptyTab({ tabTitle, headerRight, ...emptyState }: EmptyTabProps) {
  return (
    <>
      <TabHeader title={tabTitle} right={headerRight} />
      <div className="mm-tab-fill">
        <EmptyState {...emptyState} />
      </div>
    </>
  );
}
