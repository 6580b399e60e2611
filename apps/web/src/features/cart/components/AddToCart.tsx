import { Calls, formatCents, formatTons, type StockStatus, type TStockPrice, tonsTextToKg } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useCanCall } from '../../staff/useCan';
import { useAddToCart } from '../api';
import '../cart.css';
import '../locale';

/** What the sheet needs of a listing: a detail page's listing and a list's row both have it. */
export interface CartableStock {
  id: number;
  rootId: number;
  status: StockStatus;
  quantityKg: number;
  splittable: boolean;
  price: TStockPrice;
}

/**
 * Whether a listing offers "add to cart": spot stock for sale with something left, of another company
 * (a visitor sees it too, and is taken to login).
 */
export function isCartable(stock: CartableStock, viewerRootId: number | null): boolean {
  return stock.status === 'sale' && stock.quantityKg > 0 && stock.rootId !== viewerRootId;
}

/** Fen per ton times kilograms, in fen, rounded to the fen. */
const amountFen = (unitPriceFen: number, quantityKg: number) => Math.round((unitPriceFen * quantityKg) / 1000);

/**
 * The quantity sheet: today's price, what is available, the quantity in tons (a lot that is not
 * splittable is the whole lot, not editable) and the amount it comes to. Out of range is reset to
 * what is available, with SPEC §5's words.
 */
function QuantitySheet({
  stock,
  fromSearch,
  visible,
  onClose,
}: {
  stock: CartableStock;
  fromSearch: boolean;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('cart');
  const message = useMessage();
  const navigate = useNavigate();
  const add = useAddToCart();
  const whole = formatTons(stock.quantityKg);
  const [text, setText] = useState(stock.splittable ? '' : whole);
  const kg = tonsTextToKg(text);
  const { unitPriceFen } = stock.price;

  const submit = () => {
    if (kg === null || kg <= 0) {
      showFail(message('cart.quantityInvalid'));
      return;
    }
    if (kg > stock.quantityKg) {
      setText(whole);
      showFail(message('cart.outOfRange'));
      return;
    }
    add.mutate(
      { stockId: stock.id, quantity: text.trim(), fromSearch },
      {
        onSuccess: () => {
          onClose();
          showSuccess(t('add.done'));
        },
      },
    );
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-cart-sheet" destroyOnClose>
      <div data-testid="cart-sheet">
        <h2 className="mm-cart-sheet-title">{t('add.title')}</h2>
        <dl className="mm-cart-sheet-facts">
          <div>
            <dt>{t('add.price')}</dt>
            <dd className="mm-cart-price">
              {unitPriceFen === null ? t('noPrice') : `¥${formatCents(unitPriceFen)}${t('perTon')}`}
            </dd>
          </div>
          <div>
            <dt>{t('add.available')}</dt>
            <dd>
              {whole} {t('tons')}
            </dd>
          </div>
        </dl>
        <div className="mm-cart-sheet-field">
          <span>{t('quantity')}</span>
          <Input
            name="quantity"
            aria-label={t('quantity')}
            inputMode="decimal"
            value={text}
            readOnly={!stock.splittable}
            placeholder={t('add.quantityHint', { tons: whole })}
            onChange={setText}
            onEnterPress={submit}
          />
        </div>
        <p className="mm-cart-sheet-note">
          {stock.splittable ? t('add.quantityHint', { tons: whole }) : t('add.wholeNote')}
        </p>
        {unitPriceFen !== null && kg !== null && kg > 0 && kg <= stock.quantityKg && (
          <p className="mm-cart-sheet-amount" data-testid="cart-sheet-amount">
            {t('add.amount')} <strong>¥{formatCents(amountFen(unitPriceFen, kg))}</strong>
          </p>
        )}
        <div className="mm-cart-sheet-actions">
          <Button onClick={() => navigate(Paths.shoppingCart)}>{t('add.view')}</Button>
          <Button color="primary" loading={add.isPending} onClick={submit} data-testid="cart-sheet-submit">
            {t('add.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

/**
 * "Add to cart" for a listing, where listings are shown (its detail page, a shop's list, search results):
 * only for spot stock of another company; a visitor is taken to login. `variant` 'bar' is the detail
 * page's bottom bar button, 'row' a small button under a list row.
 */
export function AddToCartButton({
  stock,
  fromSearch = false,
  variant = 'row',
}: {
  stock: CartableStock;
  fromSearch?: boolean;
  variant?: 'bar' | 'row';
}) {
  const { t } = useTranslation('cart');
  const { user, loggedIn } = useSession();
  const [open, setOpen] = useState(false);
  // The cart is the company's buying: 'orders' (staff).
  const canAdd = useCanCall(Calls.cartAdd);
  if (!canAdd || !isCartable(stock, user?.rootId ?? null)) return null;
  const start = () => (loggedIn ? setOpen(true) : redirectToLogin());
  return (
    <>
      {variant === 'bar' ? (
        <Button color="warning" shape="rounded" className="mm-cart-add-bar" onClick={start} data-testid="add-to-cart">
          {t('add.action')}
        </Button>
      ) : (
        <div className="mm-cart-add-row">
          <button type="button" className="mm-cart-add-small" onClick={start} data-testid="add-to-cart">
            <ShopbagOutline aria-hidden="true" />
            {t('add.action')}
          </button>
        </div>
      )}
      {open && <QuantitySheet stock={stock} fromSearch={fromSearch} visible={open} onClose={() => setOpen(false)} />}
    </>
  );
}
