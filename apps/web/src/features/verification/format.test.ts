import { describe, expect, it } from 'vitest';
import { idNumberTyping, shanghaiDay, shanghaiMinute } from './format';

describe('verification formats', () => {
  it('shows server instants in Asia/Shanghai', () => {
    expect(shanghaiMinute('2026-11-20T16:00:00.000Z')).toBe('2026-11-21 00:00');
    expect(shanghaiDay('2026-11-20T15:59:59.000Z')).toBe('2026-11-20');
  });

  it('keeps digits and X of a typed or pasted ID number, 18 at most', () => {
    expect(idNumberTyping('1101 0519 4912 3100 2x')).toBe('11010519491231002X');
    expect(idNumberTyping('110105-19491231-002X-99')).toBe('11010519491231002X');
    expect(idNumberTyping('abc')).toBe('');
  });
});
