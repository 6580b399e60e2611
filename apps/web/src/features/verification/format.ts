import { formatShanghaiDateTime } from '@metal/shared';

/** A server instant as the app shows times: YYYY-MM-DD HH:mm, Asia/Shanghai. */
export const shanghaiMinute = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 16);

/** The Asia/Shanghai day of a server instant: YYYY-MM-DD. */
export const shanghaiDay = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 10);

/** What the ID number field keeps of what is typed or pasted: digits and the check character X, 18 at most. */
export const idNumberTyping = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^0-9X]/g, '')
    .slice(0, 18);
