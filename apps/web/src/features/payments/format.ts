import { epochSecondsOf, formatShanghaiDateTime, shanghaiDate } from '@metal/shared';

/** An ISO instant as the app shows server times, to the minute (Asia/Shanghai). */
export const minuteOf = (iso: string) => formatShanghaiDateTime(new Date(iso)).slice(0, 16);

/** An ISO instant's business date (Asia/Shanghai). */
export const dayOf = (iso: string) => shanghaiDate(epochSecondsOf(new Date(iso)));
