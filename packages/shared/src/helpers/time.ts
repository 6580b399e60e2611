import type { Language } from '../constants';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const WORDS = {
  'zh-CN': {
    justNow: '刚刚',
    minutesAgo: (n: number) => `${n}分钟前`,
    hoursAgo: (n: number) => `${n}小时前`,
    monthDay: (m: number, d: number) => `${m}月${d}日`,
    fullDate: (y: number, m: number, d: number) => `${y}年${m}月${d}日`,
  },
  'en-US': {
    justNow: 'just now',
    minutesAgo: (n: number) => `${n} min ago`,
    hoursAgo: (n: number) => `${n} h ago`,
    monthDay: (m: number, d: number) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    fullDate: (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  },
} as const;

/** China keeps UTC+8 all year (no daylight saving), so the business day starts at 16:00 UTC. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/**
 * Calendar parts of a moment in the business time zone, by its fixed offset: asking Intl for them
 * cost a fifth of a cached quotes call.
 */
export function shanghaiParts(epochSeconds: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const shifted = new Date(epochSeconds * 1000 + SHANGHAI_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The business date (Asia/Shanghai) of a moment, as YYYY-MM-DD. */
export function shanghaiDate(epochSeconds: number): string {
  const { year, month, day } = shanghaiParts(epochSeconds);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * SPEC §9 time display: under a minute 'just now', under an hour minutes ago, under a day hours ago,
 * under 360 days month-day, else the full date. Times in the future read as 'just now'.
 */
export function formatRelativeTime(epochSeconds: number, nowSeconds: number, lang: Language): string {
  const words = WORDS[lang];
  const elapsed = Math.max(0, nowSeconds - epochSeconds);
  if (elapsed < MINUTE) return words.justNow;
  if (elapsed < HOUR) return words.minutesAgo(Math.floor(elapsed / MINUTE));
  if (elapsed < DAY) return words.hoursAgo(Math.floor(elapsed / HOUR));
  const { year, month, day } = shanghaiParts(epochSeconds);
  if (elapsed < 360 * DAY) return words.monthDay(month, day);
  return words.fullDate(year, month, day);
}

/** The first instant of the business day (Asia/Shanghai) that contains `date`. */
export function shanghaiDayStart(date: Date): Date {
  const dayMs = 24 * 3600 * 1000;
  return new Date(Math.floor((date.getTime() + SHANGHAI_OFFSET_MS) / dayMs) * dayMs - SHANGHAI_OFFSET_MS);
}

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai, as the app shows server times. */
export function formatShanghaiDateTime(date: Date): string {
  const shifted = new Date(date.getTime() + SHANGHAI_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`;
}

export const epochSecondsOf = (date: Date) => Math.floor(date.getTime() / 1000);

/** WeChat's rule: a conversation shows a time line again once this long has passed since the previous message. */
export const CHAT_TIME_GAP_SECONDS = 5 * 60;

/** The Shanghai calendar day a moment falls on, counted from 1970-01-01, so days subtract across months. */
const shanghaiDayNumber = (epochSeconds: number) => Math.floor((epochSeconds * 1000 + SHANGHAI_OFFSET_MS) / 86_400_000);

/**
 * Whether a message sent at `sendDate` opens with a time line: the first one, one after a 5-minute pause,
 * and one sent on another Shanghai day than the message before it, however short the pause (23:58 then
 * 00:01), so no message sits under a line that names the wrong day.
 */
export function startsTimeLine(previousSendDate: number | null, sendDate: number): boolean {
  if (previousSendDate === null) return true;
  return (
    sendDate - previousSendDate >= CHAT_TIME_GAP_SECONDS ||
    shanghaiDayNumber(sendDate) !== shanghaiDayNumber(previousSendDate)
  );
}

const WEEKDAYS = {
  'zh-CN': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  'en-US': ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
} as const;
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A chat time line as WeChat words it, by the Shanghai calendar: today "14:05"; yesterday
 * "昨天 14:05" / "Yesterday 14:05"; two to six days back the weekday ("星期二 14:05" / "Tue 14:05");
 * earlier this year the date ("11月3日 14:05" / "Nov 3 14:05"); earlier years with the year
 * ("2025年11月3日 14:05" / "Nov 3, 2025 14:05"). A time ahead of the clock (a slow phone clock)
 * reads as today's when it is today, else by its date.
 */
export function formatChatTime(epochSeconds: number, nowSeconds: number, lang: Language): string {
  const { year, month, day, hour, minute } = shanghaiParts(epochSeconds);
  const clock = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  const daysBack = shanghaiDayNumber(nowSeconds) - shanghaiDayNumber(epochSeconds);
  const zh = lang === 'zh-CN';
  if (daysBack === 0) return clock;
  if (daysBack === 1) return zh ? `昨天 ${clock}` : `Yesterday ${clock}`;
  if (daysBack > 1 && daysBack < 7) {
    const weekday = new Date((shanghaiDayNumber(epochSeconds) * 86_400 + 43_200) * 1000).getUTCDay();
    return `${WEEKDAYS[lang][weekday]} ${clock}`;
  }
  if (year === shanghaiParts(nowSeconds).year)
    return zh ? `${month}月${day}日 ${clock}` : `${MONTHS_EN[month - 1]} ${day} ${clock}`;
  return zh ? `${year}年${month}月${day}日 ${clock}` : `${MONTHS_EN[month - 1]} ${day}, ${year} ${clock}`;
}
