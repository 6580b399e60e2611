import { CERTIFIED_SUPPLIER_PRICE_FEN, formatCents } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';

const BENEFITS = ['identity', 'history', 'search', 'contact'] as const;

/**
 * What the certified-supplier membership opens in visitor analytics (SPEC §6), at SPEC §9's prices;
 * `lead` replaces the first line (the server's own words when it refused a detail). The button buys it
 * (open_vip), and the success page leads back here.
 */
export function UpgradeCard({ compact = false, lead }: { compact?: boolean; lead?: string }) {
  const { t } = useTranslation('visitors');
  const navigate = useNavigate();
  const here = useLocation();
  const open = () => navigate(`${Paths.openVip}?next=${encodeURIComponent(`${here.pathname}${here.search}`)}`);
  return (
    <section className={`mm-card mm-upgrade ${compact ? 'is-compact' : ''}`} data-testid="visitor-upgrade">
      <h2>{t('upgrade.title')}</h2>
      {!compact && <p className="mm-upgrade-lead">{lead ?? t('upgrade.lead')}</p>}
      <ul>
        {BENEFITS.map((key) => (
          <li key={key}>
            <CheckCircleFill />
            {t(`upgrade.benefits.${key}`)}
          </li>
        ))}
      </ul>
      <div className="mm-upgrade-foot">
        <span>
          {t('upgrade.prices', {
            halfYear: formatCents(CERTIFIED_SUPPLIER_PRICE_FEN.halfYear),
            year: formatCents(CERTIFIED_SUPPLIER_PRICE_FEN.year),
          })}
        </span>
        <Button size="small" shape="rounded" color="warning" onClick={open} data-testid="visitor-upgrade-open">
          {t('upgrade.open')}
        </Button>
      </div>
    </section>
  );
}

/** The same offer in a sheet, for a tap on a masked visitor. */
export function UpgradeSheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-upgrade-sheet">
      <UpgradeCard />
    </Popup>
  );
}
