import {
  CodeFlag,
  formatTons,
  lineAmountFen,
  orderDetailPath,
  parseConfirmStockOrderQuery,
  type TCartItem,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCart } from '../../cart/api';
import { useConfirmStockOrder } from '../api';
import { checkoutRequestId, forgetCheckoutRequest } from '../checkoutRequest';
import { AddressSection, InvoiceAndRemarkSections, useDestination } from '../components/DestinationForm';
import { money } from '../format';
import '../orders.css';

/** The picker purpose this page names to receipt_address and invoice_page. */
const PICK_PURPOSE = 'confirm_stock_order';

type Line = { stockId: number; quantityKg: number; item: TCartItem | undefined };

function CheckoutLine({ line }: { line: Line }) {
  const { t } = useTranslation('orders');
  const { item } = line;
  if (!item) {
    return (
      <li className="mm-order-line is-flagged" data-testid="checkout-line">
        <div className="mm-order-line-main">
          <strong>{t('checkout.missingLine')}</strong>
        </div>
      </li>
    );
  }
  const price = item.stock.price.unitPriceFen;
  const stock = item.stock;
  return (
    <li className={`mm-order-line ${item.checkoutable ? '' : 'is-flagged'}`} data-testid="checkout-line">
      <div className="mm-order-line-main">
        <strong>{stock.productName}</strong>
        <span className="mm-order-muted">
          {[stock.sortName, stock.specifications, stock.brand].filter(Boolean).join(' · ')}
        </span>
        {!item.checkoutable && (
          <span className="mm-order-flag" data-testid="checkout-flag">
            {t('checkout.flagged')}
          </span>
        )}
      </div>
      <div className="mm-order-line-side">
        <span>{t('unit.perTon', { price: money(price, t('priceOnRequest')) })}</span>
        <span className="mm-order-muted">{t('unit.tons', { tons: formatTons(line.quantityKg) })}</span>
        <strong>{price === null ? t('priceOnRequest') : money(lineAmountFen(price, line.quantityKg))}</strong>
      </div>
    </li>
  );
}

/**
 * confirm_stock_order: one seller's lots the cart checked out (the query cart/checkout.ts makes), at
 * today's prices; where the goods go (the default address, or another picked), the invoice title or
 * none, a remark → `order/confirm_stock`, then the order. A lot the cart flags is never ordered: the
 * buyer goes back to the cart to put it right. Every submit of the checkout carries its attempt's id
 * (checkoutRequest.ts), so a repeat never orders twice.
 */
export default function ConfirmStockOrderPage() {
  const { t } = useTranslation(['orders', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loggedIn, user } = useSession();
  const query = useMemo(() => parseConfirmStockOrderQuery(params), [params]);
  const cart = useCart();
  const confirm = useConfirmStockOrder();
  const destination = useDestination(PICK_PURPOSE);

  const backToCart = () => navigate(Paths.shoppingCart, { replace: true });

  let body: ReactNode;
  if (!loggedIn) {
    body = <EmptyState kind="cart" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />;
  } else if (!query) {
    body = (
      <EmptyState
        kind="cart"
        title={t('checkout.badQuery')}
        action={{ label: t('checkout.backToCart'), onClick: backToCart }}
      />
    );
  } else if (cart.isError && !cart.data) {
    body = <ErrorScreen error={cart.error} onRetry={() => void cart.refetch()} />;
  } else if (cart.isPending || destination.loading) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else {
    const group = cart.data.groups.find((g) => g.sellerRootId === query.sellerRootId);
    const lines: Line[] = query.lines.map((line) => ({
      ...line,
      item: group?.items.find((item) => item.stockId === line.stockId),
    }));
    const flagged = lines.some((line) => !line.item?.checkoutable);
    const unpriced = lines.some((line) => line.item?.stock.price.unitPriceFen === null);
    const goodsFen = lines.reduce((sum, line) => {
      const price = line.item?.stock.price.unitPriceFen;
      return sum + (price ? lineAmountFen(price, line.quantityKg) : 0);
    }, 0);
    const totalKg = lines.reduce((sum, line) => sum + line.quantityKg, 0);
    const submit = async () => {
      if (flagged) return;
      const fields = await destination.fields();
      if (!fields) return;
      const userId = user?.userId ?? 0;
      const checkout = params.toString();
      try {
        const created = await confirm.mutateAsync({
          items: lines.map((line) => ({ stockId: line.stockId, quantity: formatTons(line.quantityKg) })),
          ...fields,
          requestId: checkoutRequestId(userId, checkout),
        });
        forgetCheckoutRequest(userId, checkout);
        destination.forget();
        const [order] = created.orders;
        navigate(order ? orderDetailPath(order.orderId) : Paths.myOrders, { replace: true });
      } catch (error) {
        // A lot gone off sale, sold out or short meanwhile (codeFlag 5): say which, and put the cart right.
        if (isApiError(error) && error.codeFlag === CodeFlag.conflict) {
          await Dialog.alert({ content: error.mesg, confirmText: t('checkout.backToCart') });
          backToCart();
        }
      }
    };

    body = (
      <>
        <AddressSection state={destination.state} />

        <section className="mm-card mm-order-card" data-testid="checkout-lines">
          <h2 className="mm-section-title">{group?.sellerName ?? t('checkout.seller')}</h2>
          <ul className="mm-order-lines">
            {lines.map((line) => (
              <CheckoutLine key={line.stockId} line={line} />
            ))}
          </ul>
          {flagged && (
            <div className="mm-order-warning" role="alert" data-testid="checkout-flagged">
              <p>{t('checkout.flaggedHint')}</p>
              <Button size="small" shape="rounded" onClick={backToCart}>
                {t('checkout.backToCart')}
              </Button>
            </div>
          )}
          <p className="mm-order-muted">{t('checkout.priceHint')}</p>
        </section>

        <InvoiceAndRemarkSections state={destination.state} />

        <p className="mm-order-hint">{t('checkout.quoteHint')}</p>

        <div className="mm-order-bar">
          <div className="mm-order-bar-sum">
            <span>{t('checkout.summary', { count: lines.length, tons: formatTons(totalKg) })}</span>
            <strong data-testid="checkout-total">
              {unpriced ? t('checkout.estimateUnpriced', { amount: money(goodsFen) }) : money(goodsFen)}
            </strong>
          </div>
          <Button
            color="primary"
            shape="rounded"
            disabled={flagged || confirm.isPending}
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
    <Page title={t('checkout.title')} backTo={Paths.shoppingCart} className="mm-order-page" bodyClassName="has-bar">
      {body}
    </Page>
  );
}
