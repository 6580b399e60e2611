import {
  CodeFlag,
  formatTons,
  ORDER_REMARK_MAX,
  orderDetailPath,
  parseConfirmStockOrderQuery,
  type TCartItem,
  type TInvoiceTitle,
  type TReceiptAddress,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import TextArea from 'antd-mobile/es/components/text-area';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useReceiptAddresses } from '../../addresses/api';
import {
  pickInvoiceTitlePath,
  pickReceiptAddressPath,
  usePickedInvoiceTitle,
  usePickedReceiptAddress,
} from '../../addresses/picked';
import { useCart } from '../../cart/api';
import { useConfirmStockOrder } from '../api';
import { AddressBlock, InvoiceBlock } from '../components/Destination';
import { lineAmountFen, money } from '../format';
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
 * buyer goes back to the cart to put it right.
 */
export default function ConfirmStockOrderPage() {
  const { t } = useTranslation(['orders', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loggedIn } = useSession();
  const query = useMemo(() => parseConfirmStockOrderQuery(params), [params]);
  const cart = useCart();
  const addresses = useReceiptAddresses();
  const confirm = useConfirmStockOrder();
  const [pickedAddress, setPickedAddress] = useState<TReceiptAddress | null>(null);
  const [wantInvoice, setWantInvoice] = useState(false);
  const [invoice, setInvoice] = useState<TInvoiceTitle | null>(null);
  const [remark, setRemark] = useState('');
  usePickedReceiptAddress(PICK_PURPOSE, setPickedAddress);
  usePickedInvoiceTitle(PICK_PURPOSE, (title) => {
    setInvoice(title);
    setWantInvoice(true);
  });

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
  } else if (cart.isPending || addresses.isPending) {
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
    const saved = addresses.data?.addresses ?? [];
    const address = pickedAddress ?? saved.find((a) => a.isDefault) ?? saved[0] ?? null;

    const submit = async () => {
      if (flagged) return;
      if (!address) {
        await Dialog.alert({ content: t('checkout.needAddress'), confirmText: t('common:confirm') });
        return;
      }
      if (wantInvoice && !invoice) {
        await Dialog.alert({ content: t('checkout.needInvoice'), confirmText: t('common:confirm') });
        return;
      }
      try {
        const created = await confirm.mutateAsync({
          items: lines.map((line) => ({ stockId: line.stockId, quantity: formatTons(line.quantityKg) })),
          addressId: address.id,
          ...(wantInvoice && invoice ? { invoiceTitleId: invoice.id } : {}),
          remark: remark.trim(),
        });
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
        <section className="mm-card mm-order-card" data-testid="checkout-address">
          <h2 className="mm-section-title">{t('address.title')}</h2>
          {address ? (
            <button
              type="button"
              className="mm-order-pick"
              onClick={() => navigate(pickReceiptAddressPath(PICK_PURPOSE))}
              aria-label={t('address.change')}
            >
              <AddressBlock address={address} />
              <span className="mm-order-link">{t('address.change')}</span>
            </button>
          ) : (
            <button
              type="button"
              className="mm-order-pick is-empty"
              onClick={() => navigate(pickReceiptAddressPath(PICK_PURPOSE))}
              data-testid="checkout-add-address"
            >
              <span>{t('address.none')}</span>
              <span className="mm-order-link">{t('address.add')}</span>
            </button>
          )}
        </section>

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

        <section className="mm-card mm-order-card" data-testid="checkout-invoice">
          <h2 className="mm-section-title">{t('invoice.title')}</h2>
          <div className="mm-order-choices">
            <button
              type="button"
              aria-pressed={!wantInvoice}
              className={`mm-order-chip ${wantInvoice ? '' : 'is-on'}`}
              onClick={() => setWantInvoice(false)}
            >
              {t('invoice.none')}
            </button>
            <button
              type="button"
              aria-pressed={wantInvoice}
              className={`mm-order-chip ${wantInvoice ? 'is-on' : ''}`}
              onClick={() => (invoice ? setWantInvoice(true) : navigate(pickInvoiceTitlePath(PICK_PURPOSE)))}
              data-testid="checkout-want-invoice"
            >
              {t('invoice.want')}
            </button>
          </div>
          {wantInvoice && invoice && (
            <button
              type="button"
              className="mm-order-pick"
              onClick={() => navigate(pickInvoiceTitlePath(PICK_PURPOSE))}
            >
              <InvoiceBlock invoice={{ name: invoice.name, taxpayerId: invoice.taxNo }} />
              <span className="mm-order-link">{t('invoice.change')}</span>
            </button>
          )}
        </section>

        <section className="mm-card mm-order-card">
          <h2 className="mm-section-title">{t('checkout.remark')}</h2>
          <TextArea
            aria-label={t('checkout.remark')}
            placeholder={t('checkout.remarkPlaceholder')}
            value={remark}
            onChange={setRemark}
            maxLength={ORDER_REMARK_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="checkout-remark"
          />
        </section>

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
