import { Calls, type StockStatus, type TStockPrice } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import '../cart.css';
import '../locale';

/**
 * The quantity sheet (a popup, an input, the shared messages) is its own chunk: a listing's page and
 * lists show the button first, and a visitor, who is sent to login, never needs the sheet.
 */
const loadSheet = () => import('./QuantitySheet');
const QuantitySheet = lazy(loadSheet);

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
  const offered = canAdd && isCartable(stock, user?.rootId ?? null);
  // Someone who can use the sheet gets its chunk once the button shows, so a tap opens it at once.
  useEffect(() => {
    if (offered && loggedIn) void loadSheet();
  }, [offered, loggedIn]);
  if (!offered) return null;
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
      {open && (
        <Suspense fallback={null}>
          <QuantitySheet stock={stock} fromSearch={fromSearch} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
