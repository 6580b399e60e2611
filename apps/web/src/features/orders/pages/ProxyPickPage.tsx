import {
  Calls,
  chatPagePath,
  formatTons,
  lineAmountFen,
  ORDER_REMARK_MAX,
  type TManagedStock,
  type TOrderProxyPickRequest,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Input from 'antd-mobile/es/components/input';
import Selector from 'antd-mobile/es/components/selector';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { NamedTextArea } from '../../../components/form/NamedTextArea';
import { Page } from '../../../components/Page';
import { showSuccess } from '../../../lib/feedback';
import { redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useUserCard } from '../../shops/api';
import { IfCanCall } from '../../staff/NoPermissionNote';
import { FOR_SALE_LISTINGS, useMineStocks } from '../../stock-manager/api';
import { StockRow } from '../../stocks/components/StockRow';
import { useProxyPick } from '../api';
import { money } from '../format';
import '../orders.css';

type Mode = TOrderProxyPickRequest['mode'];
type Delivery = 'delivery' | 'pickup';

/** What the seller typed for one picked lot: tons, and in a purchase order the yuan per ton. */
interface Picked {
  tons: string;
  price: string;
}

/** Tons to the kilogram and yuan to the fen, as the server reads them. */
const TONS = /^\d+(\.\d{1,3})?$/;
const YUAN = /^\d+(\.\d{1,2})?$/;

const toKg = (tons: string) => Math.round(Number(tons) * 1000);
const toFen = (yuan: string) => Math.round(Number(yuan) * 100);

/** Why a picked lot cannot be sent as typed ('' when it can), in the page's words. */
function usePickProblem() {
  const { t } = useTranslation('orders');
  return (stock: TManagedStock, picked: Picked, mode: Mode) => {
    if (!TONS.test(picked.tons) || toKg(picked.tons) <= 0) return t('pick.tonsInvalid');
    if (toKg(picked.tons) > stock.quantityKg) return t('pick.tonsOver', { tons: formatTons(stock.quantityKg) });
    if (!stock.splittable && toKg(picked.tons) !== stock.quantityKg) return t('pick.wholeLot');
    if (mode === 'purchase_order' && (!YUAN.test(picked.price) || toFen(picked.price) <= 0))
      return t('pick.priceInvalid');
    return '';
  };
}

/** A short input with its label beside it (the input carries its own aria-label). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mm-pick-field">
      <span aria-hidden="true">{label}</span>
      {children}
    </div>
  );
}

/**
 * proxy_pick?buyerId=: from a chat, the seller picks its own for-sale lots for the buyer (a spot pick the
 * buyer orders at list prices, the seller quoting after) or fills a purchase order with its prices, freight
 * and delivery (the order arrives quoted) → `order/proxy_pick`; the buyer gets it as a card in the chat.
 */
export default function ProxyPickPage() {
  const { t } = useTranslation(['orders', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const buyerId = Number(params.get('buyerId'));
  const valid = Number.isSafeInteger(buyerId) && buyerId > 0;
  const { loggedIn } = useSession();
  const buyer = useUserCard(valid ? buyerId : 0);
  const listings = useMineStocks(FOR_SALE_LISTINGS, loggedIn && valid);
  const pick = useProxyPick();
  const problemOf = usePickProblem();
  const [mode, setMode] = useState<Mode>('spot');
  const [picked, setPicked] = useState<Map<number, Picked>>(new Map());
  const [freight, setFreight] = useState('0');
  const [delivery, setDelivery] = useState<Delivery>('delivery');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);

  const rows = useMemo(() => listings.data?.pages.flatMap((page) => page.list) ?? [], [listings.data]);
  const rowOf = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const toggle = (stock: TManagedStock) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(stock.id)) next.delete(stock.id);
      else
        next.set(stock.id, {
          tons: stock.splittable ? '' : formatTons(stock.quantityKg),
          price: stock.price.unitPriceFen ? String(stock.price.unitPriceFen / 100) : '',
        });
      return next;
    });
  const change = (id: number, patch: Partial<Picked>) =>
    setPicked((current) => new Map(current).set(id, { ...current.get(id)!, ...patch }));

  const chosen = [...picked].flatMap(([id, value]) => {
    const stock = rowOf.get(id);
    return stock ? [{ stock, value, problem: problemOf(stock, value, mode) }] : [];
  });
  const freightProblem = mode === 'purchase_order' && !YUAN.test(freight) ? t('pick.freightInvalid') : '';
  const totalKg = chosen.reduce((sum, line) => sum + (TONS.test(line.value.tons) ? toKg(line.value.tons) : 0), 0);
  const goodsFen =
    mode === 'purchase_order'
      ? chosen.reduce(
          (sum, line) => sum + (line.problem ? 0 : lineAmountFen(toFen(line.value.price), toKg(line.value.tons))),
          freightProblem ? 0 : toFen(freight),
        )
      : null;

  const submit = async () => {
    setTried(true);
    if (chosen.length === 0 || chosen.some((line) => line.problem) || freightProblem) return;
    try {
      await pick.mutateAsync({
        buyerUserId: buyerId,
        mode,
        items: chosen.map(({ stock, value }) => ({
          stockId: stock.id,
          quantity: value.tons,
          ...(mode === 'purchase_order' ? { unitPrice: value.price } : {}),
        })),
        ...(mode === 'purchase_order' ? { freight, deliveryMethod: delivery } : {}),
        note,
      });
      showSuccess(t('pick.sent'));
      navigate(chatPagePath(buyerId), { replace: true });
    } catch {
      // The toast said why (a lot sold meanwhile, the buyer of the same company); the picks stay.
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = <EmptyState kind="inbox" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />;
  } else if (!valid) {
    body = <EmptyState kind="inbox" title={t('pick.noBuyer')} />;
  } else if (listings.isError && rows.length === 0) {
    body = <ErrorScreen error={listings.error} onRetry={() => void listings.refetch()} />;
  } else if (listings.isPending) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else if (rows.length === 0) {
    body = <EmptyState kind="inbox" title={t('pick.noListings')} />;
  } else {
    body = (
      <>
        <section className="mm-card mm-order-card">
          <h2 className="mm-section-title">{t('pick.forBuyer', { name: buyer.data?.nickName ?? '' })}</h2>
          <Selector
            columns={2}
            value={[mode]}
            onChange={(value) => value[0] && setMode(value[0])}
            options={[
              { label: t('proxy.spot'), value: 'spot' as Mode },
              { label: t('proxy.purchaseOrder'), value: 'purchase_order' as Mode },
            ]}
            data-testid="pick-mode"
          />
          <p className="mm-order-muted">{mode === 'spot' ? t('pick.spotHint') : t('pick.purchaseOrderHint')}</p>
        </section>

        <section className="mm-card mm-order-card" data-testid="pick-listings">
          <h2 className="mm-section-title">{t('pick.listings')}</h2>
          <div className="mm-pick-list">
            {rows.map((stock) => {
              const value = picked.get(stock.id);
              const problem = value && tried ? problemOf(stock, value, mode) : '';
              return (
                <StockRow
                  key={stock.id}
                  stock={stock}
                  onOpen={() => toggle(stock)}
                  lead={
                    <Checkbox
                      className="mm-pick-check"
                      checked={Boolean(value)}
                      onChange={() => toggle(stock)}
                      aria-label={t('pick.select', { name: stock.productName || stock.sortName })}
                    />
                  }
                >
                  {value && (
                    <div className="mm-pick-inputs" data-testid="pick-inputs">
                      <Field label={t('pick.tons', { tons: formatTons(stock.quantityKg) })}>
                        <Input
                          value={value.tons}
                          onChange={(tons) => change(stock.id, { tons })}
                          inputMode="decimal"
                          readOnly={!stock.splittable}
                          aria-label={t('pick.tonsLabel')}
                          data-testid="pick-tons"
                        />
                      </Field>
                      {mode === 'purchase_order' && (
                        <Field label={t('pick.price')}>
                          <Input
                            value={value.price}
                            onChange={(price) => change(stock.id, { price })}
                            inputMode="decimal"
                            aria-label={t('pick.price')}
                            data-testid="pick-price"
                          />
                        </Field>
                      )}
                      {problem && (
                        <p className="mm-order-error" role="alert">
                          {problem}
                        </p>
                      )}
                    </div>
                  )}
                </StockRow>
              );
            })}
            <InfiniteScroll
              loadMore={async () => void (await listings.fetchNextPage())}
              hasMore={listings.hasNextPage && !listings.isFetchNextPageError}
            >
              {listings.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : null}
            </InfiniteScroll>
          </div>
          {tried && chosen.length === 0 && (
            <p className="mm-order-error" role="alert">
              {t('pick.nothingPicked')}
            </p>
          )}
        </section>

        {mode === 'purchase_order' && (
          <section className="mm-card mm-order-card">
            <h2 className="mm-section-title">{t('pick.terms')}</h2>
            <Field label={t('amounts.freight')}>
              <Input
                value={freight}
                onChange={setFreight}
                inputMode="decimal"
                aria-label={t('amounts.freight')}
                data-testid="pick-freight"
              />
            </Field>
            {tried && freightProblem && (
              <p className="mm-order-error" role="alert">
                {freightProblem}
              </p>
            )}
            <Selector
              columns={2}
              value={[delivery]}
              onChange={(value) => value[0] && setDelivery(value[0])}
              options={[
                { label: t('delivery.delivery'), value: 'delivery' as Delivery },
                { label: t('delivery.pickup'), value: 'pickup' as Delivery },
              ]}
            />
          </section>
        )}

        <section className="mm-card mm-order-card">
          <h2 className="mm-section-title">{t('pick.note')}</h2>
          <NamedTextArea
            aria-label={t('pick.note')}
            placeholder={t('pick.notePlaceholder')}
            value={note}
            onChange={setNote}
            maxLength={ORDER_REMARK_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </section>

        <div className="mm-order-bar">
          <div className="mm-order-bar-sum">
            <span>{t('checkout.summary', { count: chosen.length, tons: formatTons(totalKg) })}</span>
            {goodsFen !== null && <strong data-testid="pick-total">{money(goodsFen)}</strong>}
          </div>
          <IfCanCall call={Calls.orderProxyPick}>
            <Button
              color="primary"
              shape="rounded"
              loading={pick.isPending}
              disabled={pick.isPending}
              onClick={() => void submit()}
              data-testid="pick-submit"
            >
              {t('pick.submit')}
            </Button>
          </IfCanCall>
        </div>
      </>
    );
  }

  return (
    <Page title={t('pick.title')} className="mm-order-page" bodyClassName="has-bar">
      {body}
    </Page>
  );
}
