import { formatTons, orderDetailPath } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useInquiryDetail, useInquiryQuotes } from '../../inquiries/api';
import { useConfirmInquiryOrder } from '../api';
import { AddressSection, InvoiceAndRemarkSections, useDestination } from '../components/DestinationForm';
import { money } from '../format';
import '../orders.css';

const PICK_PURPOSE = 'confirm_inquiry_order';

/**
 * confirm_inquiry_order?inquiryId=: after the buyer agreed a quote (the inquiry cooperated), the order
 * prefilled from the inquiry and that quote; the buyer names the receipt address and invoice →
 * `order/confirm_inquiry`, and the order starts agreed, waiting for payment.
 */
export default function ConfirmInquiryOrderPage() {
  const { t } = useTranslation(['orders', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const inquiryId = Number(params.get('inquiryId'));
  const valid = Number.isSafeInteger(inquiryId) && inquiryId > 0;
  const { loggedIn } = useSession();
  const inquiry = useInquiryDetail(valid ? inquiryId : 0);
  const quotes = useInquiryQuotes(valid ? inquiryId : 0, valid && loggedIn);
  const confirm = useConfirmInquiryOrder();
  const destination = useDestination(PICK_PURPOSE);

  let body: ReactNode;
  if (!loggedIn) {
    body = <EmptyState kind="inbox" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />;
  } else if (!valid) {
    body = <EmptyState kind="inbox" title={t('inquiryOrder.notFound')} />;
  } else if (inquiry.isError && !inquiry.data) {
    body = <ErrorScreen error={inquiry.error} onRetry={() => void inquiry.refetch()} />;
  } else if (inquiry.isPending || quotes.isPending || destination.loading) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else {
    const agreed = quotes.data?.find((quote) => quote.status === 'agreed');
    const detail = inquiry.data;
    const submit = async () => {
      const fields = await destination.fields();
      if (!fields) return;
      try {
        const created = await confirm.mutateAsync({ inquiryId, ...fields });
        destination.forget();
        const [order] = created.orders;
        navigate(order ? orderDetailPath(order.orderId) : Paths.myOrders, { replace: true });
      } catch {
        // The toast said why (no agreed quote, already ordered); the form stays.
      }
    };
    body = (
      <>
        <AddressSection state={destination.state} />
        <section className="mm-card mm-order-card" data-testid="inquiry-order-goods">
          <h2 className="mm-section-title">{agreed?.supplierCompanyName ?? detail.title}</h2>
          <p className="mm-order-line-main">
            <strong>{detail.title}</strong>
            <span className="mm-order-muted">
              {detail.sortName} · {t('unit.tons', { tons: formatTons(detail.totalQuantityKg) })}
            </span>
          </p>
          {agreed ? (
            <p className="mm-order-muted">
              {t('inquiryOrder.agreedQuote', { total: money(agreed.totalFen), date: agreed.deliveryDate })}
            </p>
          ) : (
            <p className="mm-order-error" role="alert">
              {t('inquiryOrder.noAgreedQuote')}
            </p>
          )}
        </section>
        <InvoiceAndRemarkSections state={destination.state} />
        <div className="mm-order-bar">
          <div className="mm-order-bar-sum">
            <span>{t('amounts.total')}</span>
            <strong data-testid="checkout-total">{money(agreed?.totalFen)}</strong>
          </div>
          <Button
            color="primary"
            shape="rounded"
            disabled={!agreed || confirm.isPending}
            loading={confirm.isPending}
            onClick={() => void submit()}
            data-testid="checkout-submit"
          >
            {t('checkout.submit')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Page title={t('checkout.title')} backTo={Paths.myInquiries} className="mm-order-page" bodyClassName="has-bar">
      {body}
    </Page>
  );
}
