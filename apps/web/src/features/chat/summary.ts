import { ChatContentType } from '@metal/shared';
import type { TFunction } from 'i18next';
import { quoteSubject } from '../../lib/chat/frames';
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

/** A message's content fields (SPEC §3); null for recalled messages and malformed content. */
export function contentOf(message: Pick<ShownMessage, 'info' | 'recalled'>): Record<string, unknown> | null {
  if (message.recalled) return null;
  try {
    const content: unknown = JSON.parse(message.info);
    return content && typeof content === 'object' && !Array.isArray(content)
      ? (content as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** A message as one line: its text, or a localized placeholder such as "[Image]" ("[Emoji]" for an image emoticon, SPEC §9). */
export function messageSummary(t: TFunction<'chat'>, message: ShownMessage): string {
  if (message.recalled) return t('summary.recalled');
  if (message.type === ChatContentType.text) return textOf(message) ?? '';
  if (message.type === ChatContentType.image && contentOf(message)?.emoticon === true) return t('summary.emoticon');
  return t(`summary.${message.type}` as 'summary.2');
}

/**
 * Marks quotes a later quote of the same order or inquiry replaced, as the server does when it stores
 * the newer one, so a quote arriving live retires the earlier card without a reload. Oldest first in.
 */
export function withReplacedQuotes(messages: ShownMessage[]): ShownMessage[] {
  const newest = new Map<string, string>();
  for (const message of messages) {
    const subject = quoteSubject(message);
    if (subject) newest.set(subject, message.uuid);
  }
  if (newest.size === 0) return messages;
  return messages.map((message) => {
    const subject = quoteSubject(message);
    return subject && !message.replaced && newest.get(subject) !== message.uuid
      ? { ...message, replaced: true }
      : message;
  });
}
