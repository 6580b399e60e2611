import {
  CodeFlag,
  chatPagePath,
  formatTons,
  orderDetailPath,
  type TOrderProxy,
  type TOrderProxyLine,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tag from 'antd-mobile/es/components/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useConfirmProxyOrder, useProxySelection } from '../api';
import { AddressSection, InvoiceAndRemarkSections, useDestination } from '../components/DestinationForm';
import { money } from '../format';
import '../orders.css';

/** The picker purpose this page names to receipt_address and invoice_page. */
const PICK_PURPOSE = 'confirm_proxy_order';

function ProxyLine({ line }: { line: TOrderProxyLine }) {
  const { t } = useTranslation('orders');
  const price = line.unitPriceFen ?? line.listPriceFen;
  const product = line.product;
  return (
    <li className={`mm-order-line ${line.problem ? 'is-flagged' : ''}`} data-testid="proxy-line">
      <div className="mm-order-line-main">
        <strong>{product?.productName ?? t('proxy.goneLine')}</strong>
        {product && (
          <span className="mm-order-muted">
            {[product.sortName, product.specifications, product.brand].filter(Boolean).join(' · ')}
          </span>
        )}
        {line.problem && (
          <span className="mm-order-flag" data-testid="proxy-line-problem">
            {line.problem}
          </span>
        )}
      </div>
      <div className="mm-order-line-side">
        <span>{t('unit.perTon', { price: money(price, t('priceOnRequest')) })}</span>
        <span className="mm-order-muted">{t('unit.tons', { tons: formatTons(line.quantityKg) })}</span>
        <strong>{money(line.amountFen, t('priceOnRequest'))}</strong>
      </div>
    </li>
  );
}

/** The selection's lots, terms and seller's note, as both sides see them. */
function SelectionCard({ proxy }: { proxy: TOrderProxy }) {
  const { t } = useTranslation('orders');
  const purchaseOrder = proxy.mode === 'purchase_order';
  return (
    <section className="mm-card mm-order-card" data-testid="proxy-lines">
      <h2 className="mm-section-title">
        {proxy.sellerName || t('checkout.seller')}{' '}
        <Tag color={purchaseOrder ? 'primary' : 'default'} fill="outline">
          {purchaseOrder ? t('proxy.purchaseOrder') : t('proxy.spot')}
        </Tag>
      </h2>
      <ul className="mm-order-lines">
        {proxy.lines.map((line) => (
          <ProxyLine key={line.stockId} line={line} />
        ))}
      </ul>
      {purchaseOrder && (
        <p className="mm-order-muted" data-testid="proxy-terms">
          {t('amounts.freight')} {money(proxy.freightFen)} · {t(`delivery.${proxy.deliveryMethod}`)}
        </p>
      )}
      {proxy.note && <p className="mm-order-muted">{t('proxy.sellerNote', { note: proxy.note })}</p>}
      <p className="mm-order-muted">{purchaseOrder ? t('proxy.purchaseOrderHint') : t('checkout.priceHint')}</p>
    </section>
  );
}

/**
 * confirm_proxy_order?proxyId=: what a seller picked for the buyer in their chat (spot lots at list prices,
 * or a purchase order at the seller's prices with freight). The buyer names the receipt address and
 * invoice → `order/proxy_confirm`, then the order (a spot pick waits for the seller's quote, a purchase
 * order arrives quoted). The seller's company sees the same selection and whether it became an order.
 */
export default function ConfirmProxyOrderPage() {
  const { t } = useTranslation(['orders', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const proxyId = Number(params.get('proxyId'));
  const valid = Number.isSafeInteger(proxyId) && proxyId > 0;
  const { loggedIn } = useSession();
  const selection = useProxySelection(valid ? proxyId : 0);
  const confirm = useConfirmProxyOrder();
  // Only the buyer of a selection not yet ordered names an address: the seller's read-only view and an
  // ordered selection have no use for the buyer's address book.
  const destination = useDestination(PICK_PURPOSE, {
    needed: selection.data?.side === 'buyer' && selection.data.orderId === null,
  });

  let body: ReactNode;
  let bar: ReactNode = null;
  if (!loggedIn) {
    body = <EmptyState kind="inbox" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />;
  } else if (!valid) {
    body = <EmptyState kind="inbox" title={t('proxy.notFound')} />;
  } else if (selection.isError && !selection.data) {
    body = (
      <ErrorScreen
        error={selection.error}
        notFoundTitle={t('proxy.notFound')}
        forbiddenTitle={t('proxy.notFound')}
        onRetry={() => void selection.refetch()}
      />
    );
  } else if (selection.isPending || destination.loading) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else {
    const proxy = selection.data;
    const blocked = proxy.lines.some((line) => line.problem);
    const open = proxy.orderId === null;
    const toOrder = () => {
      if (proxy.orderId) navigate(orderDetailPath(proxy.orderId));
    };
    const status = open ? null : (
      <div className="mm-order-warning" data-testid="proxy-status">
        <p>{t('proxy.ordered')}</p>
        <Button size="small" shape="rounded" color="primary" onClick={toOrder}>
          {t('proxy.openOrder')}
        </Button>
      </div>
    );
    const submit = async () => {
      if (blocked) return;
      const fields = await destination.fields();
      if (!fields) return;
      try {
        const created = await confirm.mutateAsync({ proxyId, ...fields });
        destination.forget();
        const [order] = created.orders;
        navigate(order ? orderDetailPath(order.orderId) : Paths.myOrders, { replace: true });
      } catch (error) {
        // A lot gone off sale, sold out or short meanwhile (codeFlag 5): say which, and show the lines as they are now.
        if (isApiError(error) && error.codeFlag === CodeFlag.conflict) {
          await Dialog.alert({ content: error.mesg, confirmText: t('common:confirm') });
          void selection.refetch();
        }
      }
    };
    const buying = proxy.side === 'buyer' && open;
    body = (
      <>
        {status}
        {buying && <AddressSection state={destination.state} />}
        <SelectionCard proxy={proxy} />
        {blocked && buying && (
          <div className="mm-order-warning" role="alert" data-testid="proxy-blocked">
            <p>{t('proxy.blockedHint')}</p>
            <Button size="small" shape="rounded" onClick={() => navigate(chatPagePath(proxy.sellerUserId))}>
              {t('proxy.askSeller')}
            </Button>
          </div>
        )}
        {buying && <InvoiceAndRemarkSections state={destination.state} />}
        {buying && proxy.mode === 'spot' && <p className="mm-order-hint">{t('checkout.quoteHint')}</p>}
        {open && proxy.side === 'seller' && (
          <p className="mm-order-hint" data-testid="proxy-status">
            {t('proxy.waitingForBuyer')}
          </p>
        )}
      </>
    );
    bar = (
      <div className="mm-order-bar">
        <div className="mm-order-bar-sum">
          <span>
            {t('checkout.summary', {
              count: proxy.lines.length,
              tons: formatTons(proxy.lines.reduce((sum, line) => sum + line.quantityKg, 0)),
            })}
          </span>
          <strong data-testid="proxy-total">{money(proxy.totalFen, t('priceOnRequest'))}</strong>
        </div>
        {buying && (
          <Button
            color="primary"
            shape="rounded"
            disabled={blocked || confirm.isPending}
            loading={confirm.isPending}
            onClick={() => void submit()}
            data-testid="proxy-submit"
          >
            {t('checkout.submit')}
          </Button>
        )}
      </div>
    );
  }

  return (
    <Page
      title={t('proxy.title')}
      backTo={Paths.myOrders}
      className="mm-order-page"
      bodyClassName={bar ? 'has-bar' : ''}
    >
      {body}
      {bar}
    </Page>
  );
}
