import { Calls } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import { useMyCheckPrices } from '../api';
import { CheckPriceList } from '../components/CheckPriceList';
import '../check-prices.css';

/** SPEC §2 check_price/me_check_price: the caller's own price-checker quotes, newest first. */
export default function MeCheckPricePage() {
  const { t } = useTranslation('checkPrices');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const checks = useMyCheckPrices();
  const add = () => navigate(Paths.addCheckPrice);
  const canAdd = useCanCall(Calls.checkPriceAdd);

  return (
    <Page
      title={t('mineTitle')}
      backTo={Paths.checkPrice}
      className="mm-cp-page"
      right={
        loggedIn &&
        canAdd && (
          <button type="button" className="mm-header-action" onClick={add} data-testid="check-price-mine-add">
            {t('add')}
          </button>
        )
      }
    >
      {loggedIn ? (
        <PullToRefresh onRefresh={async () => void (await checks.refetch())}>
          <CheckPriceList
            query={checks}
            empty={
              <EmptyState
                kind="chart"
                title={t('mineEmpty')}
                {...(canAdd ? { action: { label: t('add'), onClick: add } } : {})}
              />
            }
          />
        </PullToRefresh>
      ) : (
        <EmptyState title={t('loginTitle')} action={{ label: t('login'), onClick: () => navigate(Paths.login) }} />
      )}
    </Page>
  );
}
