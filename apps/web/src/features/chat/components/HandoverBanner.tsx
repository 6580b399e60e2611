import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chatPagePath } from '../../../lib/navigation';
import { useUserCard } from '../../shops/api';
import { usePeerState } from '../actions';
import '../chat-actions.css';

/**
 * When the company handed me to another of its staff (transfer or switch of contact), my messages to
 * this peer reach that colleague instead: the banner says so and opens the conversation with them.
 */
export function HandoverBanner({ peerId }: { peerId: number }) {
  const { t } = useTranslation('chatActions');
  const state = usePeerState(peerId);
  const contactId = state.data?.handedTo ?? 0;
  const contact = useUserCard(contactId);
  if (contactId <= 0) return null;
  const name = contact.data?.nickName || t('notice.someone');
  return (
    <div className="mm-chat-handover" data-testid="chat-handover">
      <span>{t('handover.text', { name })}</span>
      <Link to={chatPagePath(contactId)}>{t('button.chatWith', { name })}</Link>
    </div>
  );
}
