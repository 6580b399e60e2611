import {
  CANCEL_REASONS_OF,
  formatCents,
  ORDER_DELIVERY_METHODS,
  ORDER_NOTE_MAX,
  ORDER_QUOTE_VALID_HOURS_DEFAULT,
  ORDER_REMARK_MAX,
  ORDER_SHIP_PHOTOS_MAX,
  ORDER_SLIP_FILES_MAX,
  type OrderCancelReason,
  type OrderDeliveryMethod,
  type OrderSide,
  type TOrder,
  type TOrderSlip,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedTextArea } from '../../../components/form/NamedTextArea';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { minuteOf, tons } from '../format';
import { SlipCard } from './SlipCard';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="mm-order-field">
      <span>{label}</span>
      {children}
    </div>
  );
}

function Chips<T extends string>({
  value,
  options,
  onChange,
  testId,
}: {
  value: T;
  options: readonly { key: T; label: string }[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <div className="mm-order-choices" data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={value === option.key}
          className={`mm-order-chip ${value === option.key ? 'is-on' : ''}`}
          onClick={() => onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export interface QuoteValues {
  items: { itemId: number; unitPrice: string }[];
  freight: string;
  deliveryMethod: OrderDeliveryMethod;
  deliveryDate: string;
  taxIncluded: 0 | 1;
  validHours: string;
  note: string;
}

/** The seller's quote: a unit price per line (yuan per ton; the current quote's, else the listing's), freight and terms. */
export function QuoteForm({ order, onSubmit }: { order: TOrder; onSubmit: (values: QuoteValues) => void }) {
  const { t } = useTranslation('orders');
  const quote = order.quote;
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      order.items.map((item) => {
        const fen = quote?.items.find((q) => q.itemId === item.id)?.unitPriceFen ?? item.listPriceFen;
        return [item.id, fen === null ? '' : formatCents(fen)];
      }),
    ),
  );
  const [freight, setFreight] = useState(quote ? formatCents(quote.freightFen) : '0');
  const [deliveryMethod, setDeliveryMethod] = useState<OrderDeliveryMethod>(
    quote?.deliveryMethod ?? (order.address ? 'delivery' : 'pickup'),
  );
  const [deliveryDate, setDeliveryDate] = useState(quote?.deliveryDate ?? '');
  const [taxIncluded, setTaxIncluded] = useState<0 | 1>(quote && !quote.taxIncluded ? 0 : 1);
  const [validHours, setValidHours] = useState(String(ORDER_QUOTE_VALID_HOURS_DEFAULT));
  const [note, setNote] = useState(quote?.note ?? '');
  return (
    <form
      className="mm-order-form"
      data-testid="quote-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({
          items: order.items.map((item) => ({ itemId: item.id, unitPrice: (prices[item.id] ?? '').trim() })),
          freight: freight.trim() || '0',
          deliveryMethod,
          deliveryDate,
          taxIncluded,
          validHours: validHours.trim(),
          note: note.trim(),
        });
      }}
    >
      <h2 className="mm-section-title">{t('quote.formTitle')}</h2>
      {order.items.map((item) => (
        <Field
          key={item.id}
          label={`${t('quote.unitPriceOf', { name: item.product.productName })} · ${t('unit.tons', { tons: tons(item.quantityKg) })}`}
        >
          <Input
            inputMode="decimal"
            aria-label={t('quote.unitPriceOf', { name: item.product.productName })}
            placeholder={t('quote.unitPrice')}
            value={prices[item.id] ?? ''}
            onChange={(value) => setPrices((current) => ({ ...current, [item.id]: value }))}
            data-testid="quote-price"
          />
        </Field>
      ))}
      <Field label={t('quote.freight')}>
        <Input inputMode="decimal" aria-label={t('quote.freight')} value={freight} onChange={setFreight} />
      </Field>
      <Field label={t('quote.deliveryMethod')}>
        <Chips
          value={deliveryMethod}
          options={ORDER_DELIVERY_METHODS.map((key) => ({ key, label: t(`delivery.${key}`) }))}
          onChange={setDeliveryMethod}
        />
      </Field>
      <Field label={t('quote.deliveryDate')}>
        <input
          type="date"
          className="mm-order-date"
          aria-label={t('quote.deliveryDate')}
          value={deliveryDate}
          onChange={(event) => setDeliveryDate(event.currentTarget.value)}
        />
      </Field>
      <Field label={t('quote.tax')}>
        <Chips
          value={taxIncluded === 1 ? 'yes' : 'no'}
          options={[
            { key: 'yes', label: t('quote.taxIncluded') },
            { key: 'no', label: t('quote.taxExcluded') },
          ]}
          onChange={(value) => setTaxIncluded(value === 'yes' ? 1 : 0)}
        />
      </Field>
      <Field label={t('quote.validHours')}>
        <Input inputMode="numeric" aria-label={t('quote.validHours')} value={validHours} onChange={setValidHours} />
      </Field>
      <Field label={t('quote.note')}>
        <NamedTextArea
          aria-label={t('quote.note')}
          value={note}
          onChange={setNote}
          maxLength={ORDER_NOTE_MAX}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Field>
      <Button block type="submit" color="primary" shape="rounded" data-testid="quote-submit">
        {t('actions.quote')}
      </Button>
    </form>
  );
}

/** The buyer's transfer slip (uploads of kind transferSlip) and a note, handed in for the seller to check. */
export function SlipForm({ onSubmit }: { onSubmit: (fileIds: number[], note: string) => void }) {
  const { t } = useTranslation('orders');
  const uploads = useImageUploads('transferSlip', ORDER_SLIP_FILES_MAX);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const send = () => {
    if (uploads.busy) return setProblem(t('slip.waitUpload'));
    if (uploads.uploaded.length === 0) return setProblem(t('slip.needSlip'));
    setProblem('');
    onSubmit(
      uploads.uploaded.map((file) => file.id),
      note.trim(),
    );
  };
  return (
    <div className="mm-order-form" data-testid="slip-form">
      <h2 className="mm-section-title">{t('slip.title')}</h2>
      <p className="mm-order-muted">{t('slip.hint')}</p>
      <ImageUploader uploads={uploads} addLabel={t('slip.add')} />
      <Field label={t('slip.note')}>
        <Input aria-label={t('slip.note')} value={note} onChange={setNote} maxLength={ORDER_REMARK_MAX} />
      </Field>
      {problem && (
        <p className="mm-order-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" shape="rounded" onClick={send} data-testid="slip-submit">
        {t('slip.submit')}
      </Button>
    </div>
  );
}

export interface ShipValues {
  logisticsNote: string;
  vehiclePlate: string;
  driverPhone: string;
  photoIds: number[];
}

/** The seller ships: a logistics note, the vehicle's plate, the driver's phone, photos of the load. */
export function ShipForm({ onSubmit }: { onSubmit: (values: ShipValues) => void }) {
  const { t } = useTranslation('orders');
  const uploads = useImageUploads('image', ORDER_SHIP_PHOTOS_MAX);
  const [logisticsNote, setLogisticsNote] = useState('');
  const [vehiclePlate, setVehiclePlate] = useState('');
  const [driverPhone, setDriverPhone] = useState('');
  const [problem, setProblem] = useState('');
  const send = () => {
    if (uploads.busy) return setProblem(t('slip.waitUpload'));
    if (logisticsNote.trim() === '') return setProblem(t('ship.needNote'));
    setProblem('');
    onSubmit({
      logisticsNote: logisticsNote.trim(),
      vehiclePlate: vehiclePlate.trim().toUpperCase(),
      driverPhone: driverPhone.trim(),
      photoIds: uploads.uploaded.map((file) => file.id),
    });
  };
  return (
    <div className="mm-order-form" data-testid="ship-form">
      <h2 className="mm-section-title">{t('ship.title')}</h2>
      <Field label={t('ship.logisticsNote')}>
        <NamedTextArea
          aria-label={t('ship.logisticsNote')}
          placeholder={t('ship.logisticsPlaceholder')}
          value={logisticsNote}
          onChange={setLogisticsNote}
          maxLength={ORDER_NOTE_MAX}
          autoSize={{ minRows: 2, maxRows: 4 }}
        />
      </Field>
      <Field label={t('ship.plate')}>
        <Input aria-label={t('ship.plate')} placeholder="沪A12345" value={vehiclePlate} onChange={setVehiclePlate} />
      </Field>
      <Field label={t('ship.driverPhone')}>
        <Input
          aria-label={t('ship.driverPhone')}
          inputMode="tel"
          maxLength={11}
          value={driverPhone}
          onChange={setDriverPhone}
        />
      </Field>
      <ImageUploader uploads={uploads} addLabel={t('ship.photos')} />
      {problem && (
        <p className="mm-order-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" shape="rounded" onClick={send} data-testid="ship-submit">
        {t('actions.ship')}
      </Button>
    </div>
  );
}

/** Cancel with one of the side's reasons; 'other' needs a note. The page confirms before it sends. */
/**
 * The close of a form that undoes something (returning a slip, cancelling): a note with its label,
 * what is wrong with the input, and the red submit.
 */
function NoteAndDangerSubmit({
  label,
  noteName,
  note,
  onNote,
  placeholder,
  problem,
  submit,
  submitTestId,
  onSubmit,
}: {
  label: string;
  noteName: string;
  note: string;
  onNote: (note: string) => void;
  placeholder?: string;
  problem: string;
  submit: string;
  submitTestId: string;
  onSubmit: () => void;
}) {
  return (
    <>
      <Field label={label}>
        <NamedTextArea
          aria-label={noteName}
          value={note}
          onChange={onNote}
          placeholder={placeholder}
          maxLength={ORDER_REMARK_MAX}
          autoSize={{ minRows: 2, maxRows: 3 }}
        />
      </Field>
      {problem && (
        <p className="mm-order-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="danger" shape="rounded" onClick={onSubmit} data-testid={submitTestId}>
        {submit}
      </Button>
    </>
  );
}

/**
 * The seller returns a slip no transfer stands behind, saying why (the buyer reads it in a notice). The
 * form shows the slip it returns and sends its id: had the buyer handed in another meanwhile, the
 * server refuses rather than return one the seller has not seen.
 */
export function RejectSlipForm({
  slip,
  onSubmit,
}: {
  slip: TOrderSlip;
  onSubmit: (slipId: number, note: string) => void;
}) {
  const { t } = useTranslation('orders');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const send = () => {
    if (note.trim() === '') return setProblem(t('rejectSlip.needNote'));
    setProblem('');
    onSubmit(slip.id, note.trim());
  };
  return (
    <div className="mm-order-form" data-testid="reject-slip-form">
      <h2 className="mm-section-title">{t('rejectSlip.title')}</h2>
      <p className="mm-order-hint">{t('rejectSlip.hint')}</p>
      <SlipCard
        slip={slip}
        caption={t('rejectSlip.which', { time: minuteOf(slip.createdAt) })}
        photoSize={56}
        testId="reject-slip-which"
      />
      <NoteAndDangerSubmit
        label={t('rejectSlip.note')}
        noteName={t('rejectSlip.note')}
        note={note}
        onNote={setNote}
        placeholder={t('rejectSlip.placeholder')}
        problem={problem}
        submit={t('actions.reject_slip')}
        submitTestId="reject-slip-submit"
        onSubmit={send}
      />
    </div>
  );
}

export function CancelForm({
  side,
  onSubmit,
}: {
  side: OrderSide;
  onSubmit: (reason: OrderCancelReason, note: string) => void;
}) {
  const { t } = useTranslation('orders');
  const reasons = CANCEL_REASONS_OF[side];
  const [reason, setReason] = useState<OrderCancelReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const send = () => {
    if (!reason) return setProblem(t('cancel.needReason'));
    if (reason === 'other' && note.trim() === '') return setProblem(t('cancel.needNote'));
    setProblem('');
    onSubmit(reason, note.trim());
  };
  return (
    <div className="mm-order-form" data-testid="cancel-form">
      <h2 className="mm-section-title">{t('cancel.title')}</h2>
      <div className="mm-order-reasons">
        {reasons.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={reason === key}
            className={`mm-order-chip ${reason === key ? 'is-on' : ''}`}
            onClick={() => setReason(key)}
          >
            {t(`cancelReasons.${key}`)}
          </button>
        ))}
      </div>
      <NoteAndDangerSubmit
        label={reason === 'other' ? t('cancel.noteRequired') : t('cancel.note')}
        noteName={t('cancel.note')}
        note={note}
        onNote={setNote}
        problem={problem}
        submit={t('actions.cancel')}
        submitTestId="cancel-submit"
        onSubmit={send}
      />
    </div>
  );
}
