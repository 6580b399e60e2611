import { describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { waitedFor } from './waited';

describe('waitedFor', () => {
  const t = i18next.getFixedT('en-US', 'reviews');
  const created = '2026-11-20T00:00:00.000Z';
  const at = (ms: number) => Date.parse(created) + ms;

  it('says how long in the largest whole unit, at least a minute', () => {
    expect(waitedFor(created, at(5_000), t)).toBe('1 min');
    expect(waitedFor(created, at(59 * 60_000), t)).toBe('59 min');
    expect(waitedFor(created, at(3 * 3600_000 + 1), t)).toBe('3 h');
    expect(waitedFor(created, at(50 * 3600_000), t)).toBe('2 d');
  });
});
