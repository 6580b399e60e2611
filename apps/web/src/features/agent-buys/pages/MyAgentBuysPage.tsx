import { Calls } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { Paths, procurementHallAgentPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import { useMyAgentBuys } from '../api';
import { AgentBuyPages, LoginFirst } from '../components/AgentBuyList';
import '../locale';
import '../../inquiries/inquiries.css';
import '../agent-buys.css';

/** The caller's own agent requests in every state, newest first (reached from the hall's agent tab). */
export default function MyAgentBuysPage() {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const query = useMyAgentBuys();
  const canPost = useCanCall(Calls.agentBuySave);
  return (
    <Page
      title={t('mine.title')}
      backTo={procurementHallAgentPath}
      className="mm-pc-page"
      right={
        canPost && (
          <button
            type="button"
            className="mm-pc-post"
            onClick={() => navigate(Paths.inputAgentBuy)}
            data-testid="agent-post"
          >
            {t('kind.buy')}
          </button>
        )
      }
    >
      {loggedIn ? (
        <AgentBuyPages
          query={query}
          withStatus
          empty={<EmptyState kind="inbox" title={t('mine.empty')} description={t('mine.emptyText')} />}
        />
      ) : (
        <LoginFirst />
      )}
    </Page>
  );
}
