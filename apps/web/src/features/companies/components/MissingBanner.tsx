import type { TCompanyInfo } from '@metal/shared';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';

type Part = TCompanyInfo['missing'][number];

/** What SPEC §5's company-info gate still wants, each part a way to fill it in (for the owner). */
export function MissingBanner({
  missing,
  editable,
  onGo,
}: {
  missing: readonly Part[];
  editable: boolean;
  onGo: (part: Part) => void;
}) {
  const { t } = useTranslation('companies');
  return (
    <section className="mm-co-missing" data-testid="company-missing" aria-live="polite">
      <p className="mm-co-missing-title">
        <ExclamationCircleOutline aria-hidden="true" />
        {editable ? t('missing.title') : t('missing.titleReadOnly')}
      </p>
      <ul>
        {missing.map((part) => (
          <li key={part}>
            {editable ? (
              <button
                type="button"
                className="mm-co-missing-item"
                onClick={() => onGo(part)}
                data-testid={`missing-${part}`}
              >
                {t(`missing.${part}`)}
                <RightOutline aria-hidden="true" />
              </button>
            ) : (
              <span className="mm-co-missing-item is-static" data-testid={`missing-${part}`}>
                {t(`missing.${part}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
