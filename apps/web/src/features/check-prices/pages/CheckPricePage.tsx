import { Calls } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import { useCheckPrices } from '../api';
import { CheckPriceList } from '../components/CheckPriceList';
import '../check-prices.css';
import { SearchField } from '../../../components/SearchField';

/**
 * SPEC §2 check_price/check_price: the market's price-checker quotes, newest first, each entry priced as
 * its base series' latest quote plus the author's premium; searched by specification (?keyword=).
 */
export default function CheckPricePage() {
  const { t } = useTranslation('checkPrices');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const checks = useCheckPrices(keyword);
  // Login-required actions send a visitor to login (SPEC §6).
  const go = (path: string) => navigate(loggedIn ? path : Paths.login);
  // Posting a price check is quoting: 'quote' (staff).
  const canAdd = useCanCall(Calls.checkPriceAdd);

  return (
    <Page
      title={t('title')}
      backTo={rootPath('home')}
      className="mm-cp-page"
      right={
        <button type="button" className="mm-header-action" onClick={() => go(Paths.meCheckPrice)}>
          {t('mine')}
        </button>
      }
    >
      <div className="mm-cp-toolbar">
        <SearchField
          defaultValue={keyword}
          placeholder={t('searchPlaceholder')}
          onSearch={(next) => setParams(next ? { keyword: next } : {}, { replace: true })}
        />
        {canAdd && (
          <button
            type="button"
            className="mm-cp-add"
            onClick={() => go(Paths.addCheckPrice)}
            data-testid="check-price-add"
          >
            {t('add')}
          </button>
        )}
      </div>
      <p className="mm-cp-intro">{t('intro')}</p>
      <PullToRefresh onRefresh={async () => void (await checks.refetch())}>
        <CheckPriceList
          query={checks}
          empty={
            keyword ? (
              <EmptyState kind="search" title={t('searchEmpty')} />
            ) : (
              <EmptyState
                kind="chart"
                title={t('empty')}
                description={t('emptyText')}
                {...(canAdd ? { action: { label: t('add'), onClick: () => go(Paths.addCheckPrice) } } : {})}
              />
            )
          }
        />
      </PullToRefresh>
    </Page>
  );
}
