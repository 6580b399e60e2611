import { useId } from 'react';

interface IngotProps {
  x: number;
  y: number;
  w: number;
  h: number;
  metal: 'al' | 'cu';
  ids: { al: string; cu: string; alTop: string; cuTop: string };
}

/** One ingot seen from the front and a little above: a bright top face over a trapezoid front. */
function Ingot({ x, y, w, h, metal, ids }: IngotProps) {
  const top = h * 0.32;
  const inset = w * 0.08;
  const front = metal === 'al' ? ids.al : ids.cu;
  const face = metal === 'al' ? ids.alTop : ids.cuTop;
  return (
    <g>
      <polygon
        points={`${x + inset},${y} ${x + w - inset},${y} ${x + w},${y + top} ${x},${y + top}`}
        fill={`url(#${face})`}
      />
      <polygon
        points={`${x},${y + top} ${x + w},${y + top} ${x + w - inset},${y + h} ${x + inset},${y + h}`}
        fill={`url(#${front})`}
      />
      <line
        x1={x + inset * 1.6}
        y1={y + top + (h - top) * 0.45}
        x2={x + w - inset * 1.6}
        y2={y + top + (h - top) * 0.45}
        stroke="rgba(255,255,255,0.28)"
        strokeWidth="1.5"
      />
    </g>
  );
}

/** The splash illustration: a stack of aluminium and copper ingots in front of a rising price line. */
export function IngotArt({ className }: { className?: string }) {
  const id = useId();
  const ids = { al: `${id}-al`, cu: `${id}-cu`, alTop: `${id}-alt`, cuTop: `${id}-cut` };
  return (
    <svg className={className} viewBox="0 0 280 200" role="img" aria-hidden="true">
      <defs>
        <linearGradient id={ids.al} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e3e9f1" />
          <stop offset="1" stopColor="#8e9bad" />
        </linearGradient>
        <linearGradient id={ids.alTop} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#d6dee8" />
        </linearGradient>
        <linearGradient id={ids.cu} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e69358" />
          <stop offset="1" stopColor="#9a4e20" />
        </linearGradient>
        <linearGradient id={ids.cuTop} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ffc79a" />
          <stop offset="1" stopColor="#eea26c" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.55" r="0.5">
          <stop offset="0" stopColor="rgba(242,166,106,0.35)" />
          <stop offset="1" stopColor="rgba(242,166,106,0)" />
        </radialGradient>
      </defs>
      <ellipse cx="140" cy="110" rx="140" ry="90" fill={`url(#${id}-glow)`} />
      <g stroke="rgba(255,255,255,0.10)" strokeWidth="1">
        <line x1="20" y1="40" x2="260" y2="40" />
        <line x1="20" y1="80" x2="260" y2="80" />
        <line x1="20" y1="120" x2="260" y2="120" />
      </g>
      <polyline
        points="20,120 60,104 92,112 128,78 160,88 200,52 236,60 262,30"
        fill="none"
        stroke="#f2a66a"
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="262" cy="30" r="5" fill="#f2a66a" />
      <ellipse cx="140" cy="190" rx="112" ry="7" fill="rgba(0,0,0,0.25)" />
      <Ingot x={36} y={148} w={100} h={40} metal="al" ids={ids} />
      <Ingot x={144} y={148} w={100} h={40} metal="cu" ids={ids} />
      <Ingot x={90} y={108} w={100} h={40} metal="al" ids={ids} />
    </svg>
  );
}
