import { Calls, formatCents } from '@metal/shared';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { priceToneClass } from '../../../lib/priceTone';
import { useCanCall } from '../../staff/useCan';
import { useCheckPriceDetail, useDeleteCheckPrice } from '../api';
import { publishedTime } from '../components/CheckPriceCard';
import '../check-prices.css';

/**
 * SPEC §2 check_price/check_price_detail?id: one price-checker quote, each entry with its base price
 * (series, latest quote and its date), the premium and the resulting price; its author may withdraw it.
 */
export default function CheckPriceDetailPage() {
  const { t } = useTranslation('checkPrices');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useCheckPriceDetail(id);
  const remove = useDeleteCheckPrice();
  const canWithdraw = useCanCall(Calls.checkPriceDelete);

  const withdraw = async () => {
    const confirmed = await confirmDestructive({
      content: t('withdrawConfirm'),
      confirmText: t('withdrawOk'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(id);
      showSuccess(t('withdrawn'));
      navigate(Paths.meCheckPrice, { replace: true });
    } catch {
      // The toast has said why.
    }
  };

  let body: ReactNode;
  const toCheckPrices = { label: t('back'), onClick: () => navigate(Paths.checkPrice) };
  if (id === 0) {
    body = <NotFoundScreen title={t('gone')} way={toCheckPrices} />;
  } else if (detail.isError) {
    body = (
      <ErrorScreen
        error={detail.error}
        notFoundTitle={t('gone')}
        way={toCheckPrices}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (!detail.data) {
    body = (
      <section className="mm-card mm-cp-skeleton" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else {
    const check = detail.data;
    body = (
      <>
        <section className="mm-card mm-cp-meta">
          <div>
            <span className="mm-cp-label">{t('author')}</span>
            <span data-testid="check-price-author">{check.companyName || check.nickName}</span>
          </div>
          <div>
            <span className="mm-cp-label">{t('publishedAt')}</span>
            <span>{publishedTime(check)}</span>
          </div>
        </section>
        {check.items.map((item, index) => (
          <section key={item.id} className="mm-card mm-cp-detail-entry" data-testid="check-price-entry">
            <div className="mm-cp-detail-head">
              <span className="mm-cp-index">{t('entry', { index: index + 1 })}</span>
              <span className="mm-cp-spec">{item.specification}</span>
            </div>
            <dl className="mm-cp-fields">
              <dt>{t('base')}</dt>
              <dd>
                {item.basePriceCents === null ? (
                  t('baseNoQuote', { name: item.seriesName })
                ) : (
                  <>
                    {t('baseQuote', { name: item.seriesName, price: formatCents(item.basePriceCents) })}
                    <small className="mm-cp-date">{item.baseDate}</small>
                  </>
                )}
              </dd>
              <dt>{t('premium')}</dt>
              <dd>
                {t('premiumValue', {
                  sign: item.premiumCents < 0 ? '−' : '+',
                  premium: formatCents(Math.abs(item.premiumCents)),
                })}
              </dd>
              <dt>{t('price')}</dt>
              <dd>
                {item.priceCents === null ? (
                  <span className="mm-cp-noquote">{t('noQuote')}</span>
                ) : (
                  <span className={`mm-cp-price ${priceToneClass('neutral')}`} data-testid="check-price-price">
                    {formatCents(item.priceCents)}
                    <small>{t('unit')}</small>
                  </span>
                )}
              </dd>
            </dl>
          </section>
        ))}
        {check.mine && canWithdraw && (
          <button
            type="button"
            className="mm-cp-withdraw"
            onClick={() => void withdraw()}
            data-testid="check-price-withdraw"
          >
            {t('withdraw')}
          </button>
        )}
      </>
    );
  }

  return (
    <Page title={t('detailTitle')} backTo={Paths.checkPrice} className="mm-cp-page">
      {body}
    </Page>
  );
}
