import { describe, expect, it } from 'vitest';
import { manualClock, runningClockFrom } from './clock';

describe('runningClockFrom', () => {
  it('starts at the given instant and runs on at the real clock speed', () => {
    const real = manualClock(new Date('2030-01-01T00:00:00Z'));
    const clock = runningClockFrom(new Date('2026-11-20T14:00:00Z'), real);
    expect(clock.now().toISOString()).toBe('2026-11-20T14:00:00.000Z');
    real.advance(90);
    expect(clock.now().toISOString()).toBe('2026-11-20T14:01:30.000Z');
  });
});

describe('Clock.today', () => {
  it('is the Shanghai calendar day, which starts at 16:00 UTC', () => {
    const clock = manualClock(new Date('2026-11-20T15:59:59Z'));
    expect(clock.today()).toBe('2026-11-20');
    clock.advance(1);
    expect(clock.today()).toBe('2026-11-21');
  });
});
