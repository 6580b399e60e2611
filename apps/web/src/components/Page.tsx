import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Paths } from '../lib/navigation';

/** Goes back within the app, or to `fallback` when the page was opened directly. */
export function useBack(fallback: string = Paths.root): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

interface PageProps {
  title?: ReactNode;
  right?: ReactNode;
  /** Where back goes when there is no history to return to. */
  backTo?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}

/** An inner page: a NavBar with back, then the body, which scrolls. */
export function Page({ title, right, backTo, className, bodyClassName, children }: PageProps) {
  const back = useBack(backTo);
  return (
    <div className={`mm-page ${className ?? ''}`}>
      <NavBar className="mm-navbar" onBack={back} right={right}>
        {title}
      </NavBar>
      <div className={`mm-page-body ${bodyClassName ?? ''}`}>{children}</div>
    </div>
  );
}
