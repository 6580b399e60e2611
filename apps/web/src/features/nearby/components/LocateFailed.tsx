import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../lib/dialog';
import type { LocateFailure } from '../../../lib/geolocation';

/**
 * SPEC §8 'Failed to get location', with the offer to go to settings (a browser page cannot open them, so it says
 * how) and the ways on without a position: locating again, a city, or a searched place.
 */
export function LocateFailed({
  reason,
  onRetry,
  onPickCity,
  onSearchPlace,
}: {
  reason: LocateFailure;
  onRetry: () => void;
  onPickCity: () => void;
  onSearchPlace: () => void;
}) {
  const { t } = useTranslation('nearby');
  const explainSettings = () => {
    Dialog.show({
      title: t('failed.settingsTitle'),
      content: (
        <p className="mm-nb-steps" data-testid="settings-steps">
          {t('failed.settingsSteps')}
        </p>
      ),
      closeOnAction: true,
      actions: [
        [
          { key: 'retry', text: t('failed.retry'), bold: true, onClick: onRetry },
          { key: 'ok', text: t('failed.gotIt') },
        ],
      ],
    });
  };
  return (
    <section className="mm-card mm-nb-failed" role="alert" data-testid="locate-failed">
      <h2>{t('failed.title')}</h2>
      <p>{t(`failed.${reason}`)}</p>
      <p className="mm-nb-failed-advice">{t('failed.advice')}</p>
      <div className="mm-nb-failed-actions">
        {reason !== 'outsideMainland' && reason !== 'unsupported' && (
          <Button color="primary" shape="rounded" onClick={explainSettings} data-testid="go-to-settings">
            {t('failed.goToSettings')}
          </Button>
        )}
        <Button color="primary" fill="outline" shape="rounded" onClick={onPickCity} data-testid="pick-city">
          {t('location.pickCity')}
        </Button>
        <Button color="primary" fill="outline" shape="rounded" onClick={onSearchPlace} data-testid="search-place">
          {t('location.searchPlace')}
        </Button>
        {reason !== 'unsupported' && (
          <Button fill="none" shape="rounded" onClick={onRetry} data-testid="relocate">
            {t('failed.retry')}
          </Button>
        )}
      </div>
    </section>
  );
}
