import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { TabHeader } from '../../../components/TabHeader';

/** Market quotes tab: prices arrive with the markets feature; the colour convention is shown now. */
export default function MarketTab() {
  const { t } = useTranslation('root');
  return (
    <>
      <TabHeader
        title={t('market.title')}
        right={
          <span className="mm-legend" title={t('market.legend')}>
            <span className="mm-legend-up">{t('market.legendUp')}</span>
            <span className="mm-legend-down">{t('market.legendDown')}</span>
          </span>
        }
      />
      <div className="mm-tab-fill">
        <EmptyState kind="chart" title={t('market.emptyTitle')} description={t('market.emptyText')} />
      </div>
    </>
  );
}
