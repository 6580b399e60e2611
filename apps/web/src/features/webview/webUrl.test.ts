// @vitest-environment happy-dom
// WebPage is a page module: under Node's conditions react-router resolves to its CommonJS build, which
// would load React itself (test/noReact.ts).
import { describe, expect, it } from 'vitest';
import { safeWebUrl } from './pages/WebPage';

describe('web page url', () => {
  it('accepts http and https pages', () => {
    expect(safeWebUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeWebUrl('http://example.com')).toBe('http://example.com/');
  });

  it('refuses anything else', () => {
    expect(safeWebUrl(null)).toBeNull();
    expect(safeWebUrl('')).toBeNull();
    expect(safeWebUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeWebUrl('/pages/root/root')).toBeNull();
  });
});
