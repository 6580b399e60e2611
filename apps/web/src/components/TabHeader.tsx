import type { ReactNode } from 'react';

/** The title bar of a shell tab (no back: tabs are top-level). */
export function TabHeader({ title, right }: { title: ReactNode; right?: ReactNode }) {
  return (
    <header className="mm-tab-header">
      <h1>{title}</h1>
      {right && <div className="mm-tab-header-right">{right}</div>}
    </header>
  );
}
