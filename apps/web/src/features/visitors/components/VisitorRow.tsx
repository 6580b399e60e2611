import { formatRelativeTime, type TVisitorRow, type VisitorKind } from '@metal/shared';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';

/** One visitor: who (masked unless certified), how often and when, and the listing of their latest action. */
export function VisitorRow({ row, kind, onOpen }: { row: TVisitorRow; kind: VisitorKind; onOpen: () => void }) {
  const { t } = useTranslation('visitors');
  const [lang] = useLanguage();
  const { visitor } = row;
  const name = visitor.nickName || t('row.noName');
  const when = formatRelativeTime(Math.floor(Date.parse(row.lastAt) / 1000), Math.floor(Date.now() / 1000), lang);
  return (
    <button type="button" className="mm-visitor-row" onClick={onOpen} data-testid="visitor-row">
      <span className={`mm-visitor-avatar ${visitor.masked ? 'is-masked' : ''}`} aria-hidden="true">
        {visitor.head ? <img src={visitor.head} alt="" /> : name.slice(0, 1)}
      </span>
      <span className="mm-visitor-main">
        <span className="mm-visitor-name">
          <strong>{name}</strong>
          {row.isDemo && <span className="mm-demo-tag">{t('row.demo')}</span>}
        </span>
        <span className="mm-visitor-company">
          <span>{visitor.companyName || t('row.noCompany')}</span>
          {visitor.phone && <span className="mm-visitor-tel">{visitor.phone}</span>}
        </span>
        {row.lastStock && (
          <span className="mm-visitor-stock">
            {t(`row.last.${kind}`, {
              name: [row.lastStock.productName || row.lastStock.sortName, row.lastStock.specifications]
                .filter(Boolean)
                .join(' '),
            })}
          </span>
        )}
      </span>
      <span className="mm-visitor-side">
        <span className="mm-visitor-time">{when}</span>
        <span className="mm-visitor-count">{t(`row.count.${kind}`, { count: row.count })}</span>
      </span>
      <RightOutline className="mm-visitor-chevron" />
    </button>
  );
}
