import {
  FORECAST_CLOSE_TIME,
  FORECAST_MAJORITY_SHARE,
  FORECAST_MRT_SIZE,
  FORECAST_OPEN_TIME,
  FORECAST_POINTS_PER_HIT,
  FORECAST_SETTLE_TIME,
  FORECAST_STATS_TIME,
} from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { rootPath } from '../../../lib/navigation';
import '../locale';
import '../forecasts.css';

const RULES = ['round', 'open', 'once', 'settle', 'rank', 'stats', 'calendar'] as const;

/** SPEC §2 hot_page/home_page_rule: the forecast game's rules, from the same constants the server enforces. */
export default function RulePage() {
  const { t } = useTranslation('forecasts');
  const values = {
    open: FORECAST_OPEN_TIME,
    close: FORECAST_CLOSE_TIME,
    settle: FORECAST_SETTLE_TIME,
    stats: FORECAST_STATS_TIME,
    points: FORECAST_POINTS_PER_HIT,
    size: FORECAST_MRT_SIZE,
    share: `${Math.round(FORECAST_MAJORITY_SHARE * 100)}%`,
  };
  return (
    <Page title={t('rule.title')} backTo={rootPath('market')} className="mm-fc">
      <section className="mm-card mm-fc-rules" data-testid="forecast-rules">
        <p className="mm-fc-intro">{t('rule.intro')}</p>
        <ol>
          {RULES.map((rule) => (
            <li key={rule}>{t(`rule.items.${rule}`, values)}</li>
          ))}
        </ol>
        <p className="mm-fc-hint">{t('rule.note')}</p>
      </section>
    </Page>
  );
}
