import { ChatContentType } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import type { ShownMessage } from '../conversations';
import { messageSummary, textOf } from '../summary';
import { ActionBubble } from './bubbles/ActionBubble';
import { TextBubble } from './bubbles/TextBubble';

/**
 * One message's bubble, chosen by its content type (SPEC §3). Each type's renderer lives in
 * bubbles/; a type without one (or malformed content) shows its localized summary, e.g. "[Image]".
 */
export function MessageBubble({ message }: { message: ShownMessage }) {
  const { t } = useTranslation('chat');
  if (message.recalled || message.type === ChatContentType.action) return <ActionBubble message={message} />;
  if (!message.recalled && message.type === ChatContentType.text) {
    const text = textOf(message);
    if (text !== null) return <TextBubble text={text} />;
  }
  return <div className="mm-chat-bubble is-summary">{messageSummary(t, message)}</div>;
}
