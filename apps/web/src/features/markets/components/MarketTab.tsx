import { useTranslation } from 'react-i18next';
import { EmptyTab } from '../../../components/EmptyTab';

/** Market quotes tab: prices arrive with the markets feature; the colour convention is shown now. */
export default function MarketTab() {
  const { t } = useTranslation('root');
  return (
    <EmptyTab
      tabTitle={t('market.title')}
      headerRight={
        <span className="mm-legend" title={t('market.legend')}>
          <span className="mm-legend-up">{t('market.legendUp')}</span>
          <span className="mm-legend-down">{t('market.legendDown')}</span>
        </span>
      }
      kind="chart"
      title={t('market.emptyTitle')}
      description={t('market.emptyText')}
    />
  );
}
