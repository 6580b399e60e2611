import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { procurementHallAgentPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { AgentBuyForm } from '../components/AgentBuyForm';
import { LoginFirst } from '../components/AgentBuyList';
import '../locale';
import '../../inquiries/inquiries.css';
import '../agent-buys.css';

/** SPEC §2 /pagesA/input_agent_sell: "help me sell". */
export default function InputAgentSellPage() {
  const { t } = useTranslation('agentBuys');
  const { loggedIn } = useSession();
  return (
    <Page title={t('form.titleSell')} backTo={procurementHallAgentPath} className="mm-pc-page">
      {loggedIn ? <AgentBuyForm kind="sell" /> : <LoginFirst />}
    </Page>
  );
}
