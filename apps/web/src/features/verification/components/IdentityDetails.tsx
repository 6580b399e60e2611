import type { TVerificationStatus } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { shanghaiDay } from '../format';

/** A verified person's masked name and ID number, when and how they were verified. */
export function IdentityDetails({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation('verification');
  const rows: [string, string][] = [
    [t('identity.realName'), status.realName],
    [t('identity.idNumber'), status.idNumber],
  ];
  if (status.verifiedAt) rows.push([t('identity.verifiedAt'), shanghaiDay(status.verifiedAt)]);
  if (status.verifiedBy) {
    rows.push([
      t('identity.verifiedBy'),
      t(status.verifiedBy === 'operator' ? 'identity.byOperator' : 'identity.byProvider'),
    ]);
  }
  return (
    <dl className="mm-card mm-vf-details" data-testid="verified-identity">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
