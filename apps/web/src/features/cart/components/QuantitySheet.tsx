import { formatCents, formatTons, lineAmountFen, tonsTextToKg } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useMessage } from '../../../lib/validation';
import { useAddToCart } from '../api';
import type { CartableStock } from './AddToCart';
import '../cart.css';
import '../locale';

/** Fen per ton times kilograms, in fen, rounded to the fen. */

/**
 * The quantity sheet: today's price, what is available, the quantity in tons (a lot that is not
 * splittable is the whole lot, not editable) and the amount it comes to. Out of range is reset to
 * what is available, with SPEC §5's words.
 */
export default function QuantitySheet({
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
            {t('add.amount')} <strong>¥{formatCents(lineAmountFen(unitPriceFen, kg))}</strong>
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
