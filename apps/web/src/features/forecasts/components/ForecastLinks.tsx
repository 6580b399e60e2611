import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';

/** My forecasts, the monthly ranking and the rules, under the forecast. */
export function ForecastLinks() {
  const { t } = useTranslation('forecasts');
  const navigate = useNavigate();
  const links = [
    { key: 'mine', to: Paths.forecastUser, label: t('links.mine') },
    { key: 'mrt', to: Paths.forecastMrt, label: t('links.mrt') },
    { key: 'rules', to: Paths.forecastRules, label: t('links.rules') },
  ];
  return (
    <nav className="mm-card mm-fc-links">
      {links.map((link) => (
        <button
          key={link.key}
          type="button"
          onClick={() => navigate(link.to)}
          data-testid={`forecast-link-${link.key}`}
        >
          {link.label}
        </button>
      ))}
    </nav>
  );
}
