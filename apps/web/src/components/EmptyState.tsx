import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

export type Illustration = 'inbox' | 'chart' | 'cart' | 'message' | 'search' | 'lost' | 'wait' | 'offline' | 'fault';

/** A quiet drawing per kind of emptiness, in the theme's steel tones. */
function Drawing({ kind }: { kind: Illustration }) {
  const common = { fill: 'none', stroke: 'var(--mm-primary)', strokeWidth: 2.5, strokeLinecap: 'round' as const };
  return (
    <svg className="mm-empty-art" viewBox="0 0 120 96" aria-hidden="true">
      <ellipse cx="60" cy="86" rx="42" ry="6" fill="var(--mm-primary-soft)" />
      {kind === 'chart' && (
        <>
          <rect
            x="22"
            y="14"
            width="76"
            height="58"
            rx="8"
            fill="#fff"
            stroke="var(--mm-border-strong)"
            strokeWidth="2"
          />
          <polyline points="32,58 46,44 58,50 72,32 88,38" {...common} stroke="var(--mm-up)" />
          <polyline points="32,40 46,48 58,44 72,56 88,52" {...common} stroke="var(--mm-down)" opacity="0.7" />
        </>
      )}
      {kind === 'cart' && (
        <>
          <path d="M26 22h10l8 36h40l8-26H42" {...common} />
          <circle cx="50" cy="70" r="5" fill="var(--mm-copper)" />
          <circle cx="80" cy="70" r="5" fill="var(--mm-copper)" />
        </>
      )}
      {kind === 'message' && (
        <>
          <rect
            x="24"
            y="18"
            width="62"
            height="42"
            rx="10"
            fill="#fff"
            stroke="var(--mm-border-strong)"
            strokeWidth="2"
          />
          <path d="M38 60l-6 12 18-12" fill="#fff" stroke="var(--mm-border-strong)" strokeWidth="2" />
          <circle cx="42" cy="39" r="3.5" fill="var(--mm-primary)" />
          <circle cx="55" cy="39" r="3.5" fill="var(--mm-primary)" />
          <circle cx="68" cy="39" r="3.5" fill="var(--mm-primary)" />
          <circle cx="88" cy="20" r="8" fill="var(--mm-copper)" />
        </>
      )}
      {kind === 'inbox' && (
        <>
          <path
            d="M24 48l10-28h52l10 28v22a4 4 0 0 1-4 4H28a4 4 0 0 1-4-4z"
            fill="#fff"
            stroke="var(--mm-border-strong)"
            strokeWidth="2"
          />
          <path d="M24 48h22l4 8h20l4-8h22" {...common} />
        </>
      )}
      {kind === 'search' && (
        <>
          <circle cx="54" cy="42" r="20" fill="#fff" stroke="var(--mm-border-strong)" strokeWidth="2" />
          <path d="M69 57l16 16" {...common} strokeWidth="5" />
        </>
      )}
      {kind === 'lost' && (
        <>
          <rect
            x="26"
            y="16"
            width="68"
            height="56"
            rx="8"
            fill="#fff"
            stroke="var(--mm-border-strong)"
            strokeWidth="2"
          />
          <text x="60" y="52" textAnchor="middle" fontSize="22" fontWeight="700" fill="var(--mm-primary)">
            404
          </text>
        </>
      )}
      {kind === 'wait' && (
        <>
          <circle cx="60" cy="44" r="28" fill="#fff" stroke="var(--mm-border-strong)" strokeWidth="2" />
          <path d="M60 28v16l11 8" {...common} strokeWidth="4" />
        </>
      )}
      {kind === 'offline' && (
        <>
          <path d="M30 40a42 42 0 0 1 60 0" {...common} />
          <path d="M40 50a28 28 0 0 1 40 0" {...common} />
          <circle cx="60" cy="62" r="5" fill="var(--mm-primary)" />
          <path d="M34 18l52 56" {...common} stroke="var(--mm-copper)" />
        </>
      )}
      {kind === 'fault' && (
        <>
          <path
            d="M60 14l36 60H24z"
            fill="#fff"
            stroke="var(--mm-border-strong)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M60 36v18" {...common} strokeWidth="5" />
          <circle cx="60" cy="63" r="3.5" fill="var(--mm-primary)" />
        </>
      )}
    </svg>
  );
}

export interface EmptyStateProps {
  kind?: Illustration;
  title: ReactNode;
  description?: ReactNode;
  /** The one way on from here, shown as the theme's primary button so every empty state offers it alike. */
  action?: { label: ReactNode; onClick: () => void };
  /** A second way on (a not-found page's "search" beside "home"), quieter than the first. */
  secondaryAction?: { label: ReactNode; onClick: () => void };
  className?: string;
}

export function EmptyState({
  kind = 'inbox',
  title,
  description,
  action,
  secondaryAction,
  className,
}: EmptyStateProps) {
  return (
    <div className={`mm-empty ${className ?? ''}`}>
      <Drawing kind={kind} />
      <div className="mm-empty-title">{title}</div>
      {description && <div className="mm-empty-text">{description}</div>}
      {(action || secondaryAction) && (
        <div className="mm-empty-action">
          {action && (
            <Button color="primary" shape="rounded" onClick={action.onClick}>
              {action.label}
            </Button>
          )}
          {secondaryAction && (
            <Button color="primary" fill="outline" shape="rounded" onClick={secondaryAction.onClick}>
              {secondaryAction.label}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
