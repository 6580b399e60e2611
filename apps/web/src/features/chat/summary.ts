import { ChatContentType } from '@metal/shared';
import type { TFunction } from 'i18next';
import type { ShownMessage } from './conversations';

/** A text message's words; null for other types, recalled messages and malformed content. */
export function textOf(message: ShownMessage): string | null {
  if (message.type !== ChatContentType.text || message.recalled) return null;
  try {
    const content: unknown = JSON.parse(message.info);
    const mesg = (content as { mesg?: unknown } | null)?.mesg;
    return typeof mesg === 'string' ? mesg : null;
  } catch {
    return null;
  }
}

/** What a message that is not (readable) text shows for now: a localized placeholder such as "[Image]". */
export function messageSummary(t: TFunction<'chat'>, message: ShownMessage): string {
  if (message.recalled) return t('summary.recalled');
  if (message.type === ChatContentType.text) return textOf(message) ?? '';
  return t(`summary.${message.type}` as 'summary.2');
}
