import { useId } from 'react';

/** The brand mark: an aluminium ingot resting on a copper one, on the steel-blue tile. */
export function Logo({ size = 56, className }: { size?: number; className?: string }) {
  const id = useId();
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a6cb3" />
          <stop offset="1" stopColor="#0f2a4a" />
        </linearGradient>
        <linearGradient id={`${id}-al`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f4f7fb" />
          <stop offset="1" stopColor="#aab6c6" />
        </linearGradient>
        <linearGradient id={`${id}-cu`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f2a66a" />
          <stop offset="1" stopColor="#b4612a" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${id}-bg)`} />
      <path d="M14 44h36l-4 9H18z" fill={`url(#${id}-cu)`} />
      <path d="M18 38h28l4 6H14z" fill="#f7c196" />
      <path d="M19 26h26l-3.5 8h-19z" fill={`url(#${id}-al)`} />
      <path d="M22.5 20.5h19l3.5 5.5H19z" fill="#ffffff" />
    </svg>
  );
}
