import { describe, expect, it } from 'vitest';
import {
  CHAT_TIME_GAP_SECONDS,
  epochSecondsOf,
  formatChatTime,
  formatRelativeTime,
  formatShanghaiDateTime,
  shanghaiDate,
  shanghaiDayStart,
  startsTimeLine,
} from './time';

const at = (iso: string) => Date.parse(iso) / 1000;
/** 2026-11-20 10:00 in Shanghai. */
const NOW = at('2026-11-20T02:00:00Z');
const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

describe('formatRelativeTime (SPEC §9)', () => {
  const cases: [string, number, string, string][] = [
    ['0 s', 0, '刚刚', 'just now'],
    ['59 s', 59, '刚刚', 'just now'],
    ['60 s', 60, '1分钟前', '1 min ago'],
    ['119 s', 119, '1分钟前', '1 min ago'],
    ['59 min', 59 * MINUTE, '59分钟前', '59 min ago'],
    ['59 min 59 s', HOUR - 1, '59分钟前', '59 min ago'],
    ['60 min', HOUR, '1小时前', '1 h ago'],
    ['23 h 59 min', DAY - MINUTE, '23小时前', '23 h ago'],
    ['23 h 59 min 59 s', DAY - 1, '23小时前', '23 h ago'],
    // From a day on, the date the time fell on in Shanghai.
    ['24 h', DAY, '11月19日', '11-19'],
    ['359 days', 359 * DAY, '11月26日', '11-26'],
    ['360 days', 360 * DAY, '2025年11月25日', '2025-11-25'],
    ['3 years', 3 * 365 * DAY + DAY, '2023年11月20日', '2023-11-20'],
  ];

  it.each(cases)('%s ago reads %s / %s', (_label, elapsed, zh, en) => {
    expect(formatRelativeTime(NOW - elapsed, NOW, 'zh-CN')).toBe(zh);
    expect(formatRelativeTime(NOW - elapsed, NOW, 'en-US')).toBe(en);
  });

  it('dates older times by the Shanghai calendar, not UTC', () => {
    // 2026-11-18T16:30Z is 19 Nov 00:30 in Shanghai (still 18 Nov in UTC).
    expect(formatRelativeTime(at('2026-11-18T16:30:00Z'), NOW, 'zh-CN')).toBe('11月19日');
    expect(formatRelativeTime(at('2026-11-18T15:30:00Z'), NOW, 'en-US')).toBe('11-18');
    // New Year in Shanghai comes 8 hours before UTC's.
    const newYear = at('2024-12-31T16:00:00Z');
    expect(formatRelativeTime(newYear, NOW, 'zh-CN')).toBe('2025年1月1日');
    expect(formatRelativeTime(newYear - 1, NOW, 'en-US')).toBe('2024-12-31');
  });

  it('reads a time slightly in the future (a fast client clock) as just now', () => {
    expect(formatRelativeTime(NOW + 30, NOW, 'zh-CN')).toBe('刚刚');
    expect(formatRelativeTime(NOW + 5 * HOUR, NOW, 'en-US')).toBe('just now');
  });
});

describe('Shanghai business dates', () => {
  it('shanghaiDate turns over at 16:00 UTC', () => {
    expect(shanghaiDate(at('2026-11-19T15:59:59Z'))).toBe('2026-11-19');
    expect(shanghaiDate(at('2026-11-19T16:00:00Z'))).toBe('2026-11-20');
    expect(shanghaiDate(at('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(shanghaiDate(at('2026-03-05T00:00:00Z'))).toBe('2026-03-05');
  });

  it('shanghaiDayStart gives the first instant of the Shanghai day', () => {
    expect(shanghaiDayStart(new Date('2026-11-19T15:59:59.999Z')).toISOString()).toBe('2026-11-18T16:00:00.000Z');
    expect(shanghaiDayStart(new Date('2026-11-19T16:00:00Z')).toISOString()).toBe('2026-11-19T16:00:00.000Z');
    expect(shanghaiDayStart(new Date('2026-11-20T02:00:00Z')).toISOString()).toBe('2026-11-19T16:00:00.000Z');
    expect(shanghaiDayStart(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('formatShanghaiDateTime shows YYYY-MM-DD HH:mm:ss in Shanghai time', () => {
    expect(formatShanghaiDateTime(new Date('2026-11-19T15:59:59Z'))).toBe('2026-11-19 23:59:59');
    expect(formatShanghaiDateTime(new Date('2026-11-19T16:00:00Z'))).toBe('2026-11-20 00:00:00');
    expect(formatShanghaiDateTime(new Date('2026-11-20T02:03:04.999Z'))).toBe('2026-11-20 10:03:04');
  });

  it('epochSecondsOf drops milliseconds', () => {
    expect(epochSecondsOf(new Date('2026-11-20T02:00:00.999Z'))).toBe(NOW);
  });
});

describe('chat time lines (WeChat rules, Asia/Shanghai)', () => {
  /** Friday 2026-11-20 10:00 in Shanghai. */
  const now = at('2026-11-20T02:00:00Z');
  const cases: [string, string, string, string][] = [
    // [moment (UTC), why, zh-CN, en-US]
    ['2026-11-20T01:59:00Z', 'a minute ago', '09:59', '09:59'],
    ['2026-11-19T16:00:00Z', "today's first instant in Shanghai", '00:00', '00:00'],
    ['2026-11-19T15:59:00Z', "yesterday's last minute", '昨天 23:59', 'Yesterday 23:59'],
    ['2026-11-18T16:00:00Z', "yesterday's first instant", '昨天 00:00', 'Yesterday 00:00'],
    ['2026-11-18T15:59:00Z', 'two days back: the weekday', '星期三 23:59', 'Wed 23:59'],
    ['2026-11-14T06:05:00Z', 'six days back: still the weekday', '星期六 14:05', 'Sat 14:05'],
    ['2026-11-13T15:59:00Z', 'seven days back: the date', '11月13日 23:59', 'Nov 13 23:59'],
    ['2026-01-01T00:00:00Z', 'earlier this year', '1月1日 08:00', 'Jan 1 08:00'],
    ['2025-12-31T15:59:00Z', 'last year: the year is shown', '2025年12月31日 23:59', 'Dec 31, 2025 23:59'],
  ];
  it.each(cases)('%s (%s)', (iso, _why, zh, en) => {
    expect(formatChatTime(at(iso), now, 'zh-CN')).toBe(zh);
    expect(formatChatTime(at(iso), now, 'en-US')).toBe(en);
  });

  it("dates by the Shanghai calendar: 16:30 UTC on Dec 31 is already New Year's Day in Shanghai", () => {
    const newYearMorning = at('2027-01-01T00:30:00Z');
    expect(formatChatTime(at('2026-12-31T16:30:00Z'), newYearMorning, 'zh-CN')).toBe('00:30');
    expect(formatChatTime(at('2026-12-31T15:30:00Z'), newYearMorning, 'en-US')).toBe('Yesterday 23:30');
    expect(formatChatTime(at('2026-12-24T15:30:00Z'), newYearMorning, 'zh-CN')).toBe('2026年12月24日 23:30');
  });

  it('reads a time ahead of the clock as today when it is today, else by its date', () => {
    expect(formatChatTime(now + 60, now, 'en-US')).toBe('10:01');
    expect(formatChatTime(now + 2 * DAY, now, 'zh-CN')).toBe('11月22日 10:00');
  });

  it('starts a time line with the first message and after a pause of five minutes or more', () => {
    expect(startsTimeLine(null, now)).toBe(true);
    expect(startsTimeLine(now, now + CHAT_TIME_GAP_SECONDS - 1)).toBe(false);
    expect(startsTimeLine(now, now + CHAT_TIME_GAP_SECONDS)).toBe(true);
    expect(startsTimeLine(now, now + MINUTE)).toBe(false);
  });

  it('starts a time line whenever the Shanghai day turns between two messages, however short the pause', () => {
    // 23:58 and 00:01 in Shanghai are 15:58 and 16:01 UTC: one UTC day, two Shanghai days.
    expect(startsTimeLine(at('2026-11-19T15:58:00Z'), at('2026-11-19T16:01:00Z'))).toBe(true);
    expect(startsTimeLine(at('2026-11-19T15:59:59Z'), at('2026-11-19T16:00:00Z'))).toBe(true);
    // UTC midnight is 08:00 in Shanghai: no day turns there.
    expect(startsTimeLine(at('2026-11-19T23:58:00Z'), at('2026-11-20T00:01:00Z'))).toBe(false);
    // A short pause within one Shanghai day, right after its midnight.
    expect(startsTimeLine(at('2026-11-19T16:00:00Z'), at('2026-11-19T16:04:59Z'))).toBe(false);
  });
});
