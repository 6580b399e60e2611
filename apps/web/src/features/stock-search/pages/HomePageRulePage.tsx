import { HOT_RANK_DAYS, HOT_RANK_SIZE, HOT_RANK_TIME } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import ForecastRulePage from '../../forecasts/pages/RulePage';
import '../locale';
import '../stock-search.css';

const HOT_RULES = ['window', 'sale', 'order', 'own', 'daily'] as const;

/** The hot ranking's rules, from the constants the daily job uses. */
function HotRules() {
  const { t } = useTranslation('stockSearch');
  const values = { days: HOT_RANK_DAYS, size: HOT_RANK_SIZE, time: HOT_RANK_TIME };
  return (
    <Page title={t('rule.title')} backTo={Paths.hotPage} className="mm-ss">
      <section className="mm-card mm-ss-rules" data-testid="hot-rules">
        <ol>
          {HOT_RULES.map((rule) => (
            <li key={rule}>{t(`rule.items.${rule}`, values)}</li>
          ))}
        </ol>
        <p className="mm-ss-rules-note">{t('rule.note')}</p>
      </section>
    </Page>
  );
}

/**
 * SPEC §2 hot_page/home_page_rule: `?type=hot` explains the hot ranking; without it (as every forecast
 * page links it) the forecast game's rules.
 */
export default function HomePageRulePage() {
  const [params] = useSearchParams();
  return params.get('type') === 'hot' ? <HotRules /> : <ForecastRulePage />;
}
