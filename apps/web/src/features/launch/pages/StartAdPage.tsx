import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';
import { IngotArt } from '../components/IngotArt';
import { hasAgreedPrivacy } from '../privacy';
import { markStartAdShown } from '../startAd';
import '../launch.css';

const SPLASH_SECONDS = 3;

/**
 * SPEC §2 entry route: the branded splash (on the first launch of a day, startAd.ts), then the privacy
 * consent on first launch, then the shell.
 */
export default function StartAdPage() {
  const { t } = useTranslation(['launch', 'common']);
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(SPLASH_SECONDS);
  const left = useRef(false);

  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    navigate(hasAgreedPrivacy() ? Paths.root : Paths.privacy, { replace: true });
  }, [navigate]);

  useEffect(() => {
    markStartAdShown();
  }, []);

  useEffect(() => {
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (seconds === 0) leave();
  }, [seconds, leave]);

  return (
    <div className="mm-splash">
      <button type="button" className="mm-splash-skip" onClick={leave}>
        {t('launch:skip', { seconds })}
      </button>
      <div className="mm-splash-main">
        <IngotArt className="mm-splash-art" />
        <h1 className="mm-splash-name">{t('common:appName')}</h1>
        <p className="mm-splash-tagline">{t('common:appTagline')}</p>
        <ul className="mm-splash-features">
          <li>{t('launch:features.quotes')}</li>
          <li>{t('launch:features.stock')}</li>
          <li>{t('launch:features.procurement')}</li>
        </ul>
      </div>
      <footer className="mm-splash-footer">
        <span>{t('launch:footer')}</span>
        <span>v5.0.0</span>
      </footer>
    </div>
  );
}
