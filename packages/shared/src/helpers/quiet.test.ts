import { describe, expect, it } from 'vitest';
import { quietTimeEnd } from './quiet';

/** An Asia/Shanghai wall-clock time on 2026-11-20 (or the given day). */
const shanghai = (time: string, day = '2026-11-20') => new Date(`${day}T${time}+08:00`);

describe('quietTimeEnd (SPEC §9: 12:30-13:30 and 22:00-07:00 Asia/Shanghai)', () => {
  it.each([
    ['12:29:59', undefined],
    ['12:30:00', shanghai('13:30:00')],
    ['13:29:59', shanghai('13:30:00')],
    ['13:30:00', undefined],
    ['21:59:59', undefined],
    ['22:00:00', shanghai('07:00:00', '2026-11-21')],
    ['23:59:59', shanghai('07:00:00', '2026-11-21')],
    ['00:00:00', shanghai('07:00:00')],
    ['06:59:59', shanghai('07:00:00')],
    ['07:00:00', undefined],
    ['09:15:00', undefined],
  ])('at %s Shanghai time the quiet time ends at %s', (time, end) => {
    expect(quietTimeEnd(shanghai(time))).toEqual(end);
  });

  it('reads Shanghai time whatever UTC day it is (22:00 Shanghai is 14:00 UTC)', () => {
    expect(quietTimeEnd(new Date('2026-12-31T14:00:00Z'))).toEqual(new Date('2026-12-31T23:00:00Z'));
    expect(quietTimeEnd(new Date('2026-12-31T13:59:59Z'))).toBeUndefined();
  });
});
