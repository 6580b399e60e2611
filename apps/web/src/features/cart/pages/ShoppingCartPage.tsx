import {
  type CartProblem,
  confirmStockOrderPath,
  formatCents,
  formatTons,
  lineAmountFen,
  type TCartGroup,
  type TCartItem,
  tonsTextToKg,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { StockRow } from '../../stocks/components/StockRow';
import { useCart, useCartFollowsChat, useDeleteCartLines, useUpdateCartLine } from '../api';
import '../cart.css';
import '../locale';

const TON_KG = 1000;

/** Fen per ton times kilograms, in fen, rounded to the fen. */

/**
 * The quantity of a line: minus and plus a ton, or the tons typed, sent when the field is left. Out of
 * range (nothing, more than is available) is put back with SPEC §5's words before anything is sent;
 * the server says the same if the listing changed meanwhile. A lot sold only whole is not changed here.
 */
function QuantityStepper({ item }: { item: TCartItem }) {
  const { t } = useTranslation('cart');
  const message = useMessage();
  const update = useUpdateCartLine();
  const [text, setText] = useState(formatTons(item.quantityKg));
  useEffect(() => setText(formatTons(item.quantityKg)), [item.quantityKg]);

  if (!item.stock.splittable) {
    return (
      <span className="mm-cart-whole" data-testid="cart-whole">
        {t('wholeLot')} · {formatTons(item.quantityKg)} {t('tons')}
      </span>
    );
  }
  const send = (kg: number) => {
    if (kg === item.quantityKg) return;
    update.mutate({ id: item.id, quantity: formatTons(kg) });
  };
  const commit = () => {
    const kg = tonsTextToKg(text);
    if (kg === null || kg <= 0 || kg > item.availableKg) {
      setText(formatTons(item.quantityKg));
      showFail(message('cart.outOfRange'));
      return;
    }
    send(kg);
  };
  const disabled = update.isPending || item.availableKg <= 0;
  return (
    <div className="mm-cart-stepper" data-testid="cart-stepper">
      <button
        type="button"
        aria-label={t('minus')}
        disabled={disabled || item.quantityKg <= TON_KG}
        onClick={() => send(item.quantityKg - TON_KG)}
      >
        −
      </button>
      <Input
        aria-label={t('quantity')}
        inputMode="decimal"
        value={text}
        onChange={setText}
        onBlur={commit}
        onEnterPress={commit}
        disabled={disabled}
      />
      <button
        type="button"
        aria-label={t('plus')}
        disabled={disabled || item.quantityKg + TON_KG > item.availableKg}
        onClick={() => send(item.quantityKg + TON_KG)}
      >
        +
      </button>
      <span className="mm-cart-unit">{t('tons')}</span>
    </div>
  );
}

/** A line's marks (why it cannot be checked out) and the one tap that puts each right where one can. */
function Problems({ item }: { item: TCartItem }) {
  const { t } = useTranslation('cart');
  const update = useUpdateCartLine();
  if (item.problems.length === 0) return null;
  const tons = formatTons(item.availableKg);
  const text = (problem: CartProblem) => t(`problems.${problem}`, { tons });
  const fixQuantity = item.problems.includes('short') || item.problems.includes('wholeLot');
  return (
    <div className="mm-cart-problems" data-testid="cart-problems">
      {item.problems.map((problem) => (
        <span key={problem} className="mm-cart-problem">
          {text(problem)}
        </span>
      ))}
      {fixQuantity && item.availableKg > 0 && (
        <button
          type="button"
          className="mm-cart-fix"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: item.id, quantity: tons })}
        >
          {t('setToAvailable', { tons })}
        </button>
      )}
      {item.problems.includes('priceChanged') && (
        <button
          type="button"
          className="mm-cart-fix"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: item.id, quantity: formatTons(item.quantityKg), acceptPrice: true })}
          data-testid="cart-accept-price"
        >
          {t('acceptPrice')}
        </button>
      )}
    </div>
  );
}

function CartLine({
  item,
  selected,
  selectable,
  onToggle,
}: {
  item: TCartItem;
  selected: boolean;
  selectable: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('cart');
  const added = item.addedUnitPriceFen;
  const moved = added !== null && item.stock.price.unitPriceFen !== null && added !== item.stock.price.unitPriceFen;
  return (
    <StockRow
      stock={item.stock}
      showCompany={false}
      flagged={!item.checkoutable}
      testId="cart-line"
      lead={
        <Checkbox
          className="mm-cart-check"
          checked={selected}
          disabled={!selectable}
          onChange={onToggle}
          aria-label={t('selectItem')}
        />
      }
    >
      <div className="mm-cart-line-foot">
        {moved && <span className="mm-cart-added">{t('addedPrice', { price: formatCents(added) })}</span>}
        <QuantityStepper item={item} />
      </div>
      <Problems item={item} />
    </StockRow>
  );
}

/** One seller's lines: select them all, and check out the chosen ones as one order of that seller. */
function SellerGroup({
  group,
  managing,
  selected,
  onToggle,
}: {
  group: TCartGroup;
  managing: boolean;
  selected: Set<number>;
  onToggle: (ids: number[], on: boolean) => void;
}) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const message = useMessage();
  // Checking out takes only lines without problems (never bought silently); deleting takes any.
  const selectable = group.items.filter((item) => managing || item.checkoutable);
  const chosen = selectable.filter((item) => selected.has(item.id));
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const totalFen = chosen.reduce(
    (sum, item) =>
      sum +
      (item.stock.price.unitPriceFen === null ? 0 : lineAmountFen(item.stock.price.unitPriceFen, item.quantityKg)),
    0,
  );
  const tons = formatTons(chosen.reduce((sum, item) => sum + item.quantityKg, 0));
  const checkout = () => {
    if (chosen.length === 0) {
      showFail(message('cart.selectOne'));
      return;
    }
    navigate(
      confirmStockOrderPath(
        group.sellerRootId,
        chosen.map((item) => ({ stockId: item.stockId, quantityKg: item.quantityKg })),
      ),
    );
  };
  return (
    <section className="mm-card mm-cart-group" data-testid="cart-group">
      <header className="mm-cart-group-head">
        <Checkbox
          className="mm-cart-check"
          checked={allChosen}
          indeterminate={chosen.length > 0 && !allChosen}
          disabled={selectable.length === 0}
          onChange={(on) =>
            onToggle(
              selectable.map((item) => item.id),
              on,
            )
          }
          aria-label={t('selectSeller', { name: group.sellerName })}
        />
        <button
          type="button"
          className="mm-cart-seller"
          onClick={() => navigate(`${Paths.company}?id=${group.sellerRootId}`)}
        >
          <strong>{group.sellerName}</strong>
          {group.isDemo && <span className="mm-demo-tag">{t('demo')}</span>}
          <RightOutline aria-hidden="true" />
        </button>
      </header>
      {group.items.map((item) => (
        <CartLine
          key={item.id}
          item={item}
          selected={selected.has(item.id)}
          selectable={managing || item.checkoutable}
          onToggle={() => onToggle([item.id], !selected.has(item.id))}
        />
      ))}
      {!managing && (
        <footer className="mm-cart-group-foot">
          <div className="mm-cart-sum">
            <span>{t('selectedTons', { count: chosen.length, tons })}</span>
            <span>
              {t('total')}{' '}
              <strong className="mm-cart-price">{t('totalValue', { amount: formatCents(totalFen) })}</strong>
            </span>
          </div>
          <Button
            color="primary"
            shape="rounded"
            size="small"
            disabled={chosen.length === 0}
            onClick={checkout}
            data-testid="cart-checkout"
          >
            {t('checkoutCount', { count: chosen.length })}
          </Button>
        </footer>
      )}
    </section>
  );
}

function CartBody({ managing, onEmpty }: { managing: boolean; onEmpty: (empty: boolean) => void }) {
  const { t } = useTranslation(['cart', 'common']);
  const navigate = useNavigate();
  const message = useMessage();
  const cart = useCart();
  const remove = useDeleteCartLines();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const groups = cart.data?.groups ?? [];
  const empty = cart.isSuccess && groups.length === 0;
  useEffect(() => onEmpty(empty), [empty, onEmpty]);
  // A change of mode starts the choice again: what was chosen to buy is not what is chosen to delete.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mode is the trigger, not a value read.
  useEffect(() => setSelected(new Set()), [managing]);

  if (cart.isError && !cart.data) return <ErrorScreen error={cart.error} onRetry={() => void cart.refetch()} />;
  if (cart.isPending) {
    return (
      <div className="mm-cart-loading" aria-hidden="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (empty) {
    return (
      <EmptyState
        kind="cart"
        title={t('empty')}
        description={t('emptyText')}
        action={{ label: t('browse'), onClick: () => navigate(Paths.stockList) }}
      />
    );
  }
  const toggle = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const allIds = groups.flatMap((group) => group.items.map((item) => item.id));
  const chosen = allIds.filter((id) => selected.has(id));
  const flagged = groups.some((group) => group.items.some((item) => !item.checkoutable));

  const removeChosen = async () => {
    if (chosen.length === 0) {
      showFail(message('cart.selectOne'));
      return;
    }
    const confirmed = await confirmDestructive({
      content: t('deleteConfirm', { count: chosen.length }),
      confirmText: t('delete'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    remove.mutate(chosen, {
      onSuccess: () => {
        setSelected(new Set());
        showSuccess(t('deleted'));
      },
    });
  };

  return (
    <>
      {!managing && flagged && <p className="mm-cart-hint">{t('flaggedHint')}</p>}
      {!managing && <p className="mm-cart-hint">{t('checkoutHint')}</p>}
      {groups.map((group) => (
        <SellerGroup key={group.sellerRootId} group={group} managing={managing} selected={selected} onToggle={toggle} />
      ))}
      {managing && (
        <div className="mm-cart-bar" data-testid="cart-manage-bar">
          <Checkbox
            className="mm-cart-check"
            checked={chosen.length === allIds.length && allIds.length > 0}
            indeterminate={chosen.length > 0 && chosen.length < allIds.length}
            onChange={(on) => toggle(allIds, on)}
          >
            {t('selectAll')}
          </Checkbox>
          <Button
            color="danger"
            shape="rounded"
            loading={remove.isPending}
            onClick={() => void removeChosen()}
            data-testid="cart-delete"
          >
            {t('deleteCount', { count: chosen.length })}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * SPEC §2 shopping_cart: the company's cart grouped by seller, today's prices, each line's quantity
 * and marks; choose a seller's lines and check out (confirm_stock_order), or manage to delete.
 */
export default function ShoppingCartPage() {
  const { t } = useTranslation('cart');
  useDialogsClosedOnLeave();
  useCartFollowsChat();
  const { loggedIn } = useSession();
  const cart = useCart();
  const [managing, setManaging] = useState(false);
  const [empty, setEmpty] = useState(false);
  return (
    <Page
      title={cart.data && cart.data.count > 0 ? `${t('title')}(${cart.data.count})` : t('title')}
      className="mm-cart-page"
      bodyClassName={managing ? 'has-bar' : ''}
      right={
        loggedIn && !empty ? (
          <button
            type="button"
            className="mm-cart-manage"
            onClick={() => setManaging((on) => !on)}
            data-testid="cart-manage"
          >
            {managing ? t('done') : t('manage')}
          </button>
        ) : undefined
      }
    >
      {loggedIn ? (
        <PullToRefresh onRefresh={async () => void (await cart.refetch())}>
          <CartBody managing={managing} onEmpty={setEmpty} />
        </PullToRefresh>
      ) : (
        <EmptyState kind="cart" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />
      )}
    </Page>
  );
}
