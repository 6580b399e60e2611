// Build-time helpers for vite.config.ts (never part of the app's bundle).

/** Coordinates in an icon's path data, e.g. `38.6673097`. */
const COORDINATE = /-?\d*\.\d+/g;

/**
 * antd-mobile-icons draw on a 48-unit grid with seven decimals, and name every SVG element with an id
 * nothing refers to. Two decimals are a 2400th of an icon (far below a pixel at any size a phone shows
 * one), so the build rounds to them and drops the ids: the home route's icons shrink by about a third
 * (some 5 KB of its brotli-compressed JavaScript) and draw the same.
 */
export function trimIconSource(code: string): string {
  return code
    .replace(/\bid: "[^"]*",?\s*/g, '')
    .replace(/\b(d|points): "([^"]*)"/g, (_whole, attribute: string, data: string) => {
      const rounded = data.replace(COORDINATE, (n) => String(Number(Number(n).toFixed(2))));
      return `${attribute}: "${rounded}"`;
    });
}
