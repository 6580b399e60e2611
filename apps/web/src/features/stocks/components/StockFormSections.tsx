import { formatCents, STOCK_TEXT_MAX, type TStockPriceSeries } from '@metal/shared';
import CheckList from 'antd-mobile/es/components/check-list';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import TextArea from 'antd-mobile/es/components/text-area';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRow, RegionRow } from '../../../components/form/PickerRows';
import { FieldRow, required } from '../../../components/form/Rows';
import { ImageUploader, KeptFiles } from '../../../components/ImageUploader';
import { priceToneClass } from '../../../lib/priceTone';
import { useRegions } from '../../companies/api';
import { usePriceSeries } from '../api';
import { previewPriceFen, type StockForm } from '../form';
import { signedCents } from '../format';
import type { StockFormState } from '../useStockForm';
import { SortField } from './SortField';

type TextField =
  | 'productName'
  | 'specifications'
  | 'properties'
  | 'brand'
  | 'manufacturer'
  | 'boxNumber'
  | 'storageAddress'
  | 'transportInfo'
  | 'priceIntro';

/** The market series a price follows: yuan quotes only, each with its latest price. */
function SeriesField({
  series,
  failed,
  onRetry,
  value,
  onChange,
  error,
}: {
  series: readonly TStockPriceSeries[];
  failed: boolean;
  onRetry: () => void;
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation('stocks');
  const [open, setOpen] = useState(false);
  const chosen = series.find((s) => s.id === value);
  return (
    <FieldRow label={required(t('input.series'))} field="seriesId" error={error}>
      <button
        type="button"
        className={`mm-form-picker ${chosen ? '' : 'is-placeholder'}`}
        onClick={() => (failed ? onRetry() : setOpen(true))}
        data-testid="series-picker"
      >
        <span>{chosen?.name ?? (failed ? t('input.seriesFailed') : t('input.seriesPlaceholder'))}</span>
        <RightOutline aria-hidden="true" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      >
        <h2 className="mm-stock-popup-title">{t('input.seriesTitle')}</h2>
        <div className="mm-stock-series" data-testid="series-sheet">
          <CheckList
            value={value === null ? [] : [value]}
            onChange={(picked) => {
              const id = Number(picked[picked.length - 1] ?? value);
              if (id) onChange(id);
              setOpen(false);
            }}
          >
            {series.map((s) => (
              <CheckList.Item key={s.id} value={s.id}>
                <span className="mm-stock-series-item">
                  <span>{s.name}</span>
                  <small className="mm-stock-series-quote">
                    {s.quoteFen === null
                      ? t('input.seriesNoQuote')
                      : t('input.seriesQuote', { price: formatCents(s.quoteFen), date: s.quoteDate })}
                  </small>
                </span>
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </FieldRow>
  );
}

/** Price today as the form stands, so the seller sees what buyers will see. */
function PricePreview({ form, series }: { form: StockForm; series: readonly TStockPriceSeries[] }) {
  const { t } = useTranslation('stocks');
  const fen = previewPriceFen(form, series);
  const followed = series.find((s) => s.id === form.seriesId);
  if (form.priceType === 'fixed') return null;
  let basis: string;
  if (followed && followed.quoteFen === null) basis = t('input.previewNoQuote');
  else if (fen === null || !followed || followed.quoteFen === null) basis = t('input.previewMissing');
  else
    basis = t('input.previewMarket', {
      series: followed.name,
      quote: formatCents(followed.quoteFen),
      date: followed.quoteDate,
      fee: signedCents(fen - followed.quoteFen),
    });
  return (
    <div className="mm-stock-preview" data-testid="price-preview" aria-live="polite">
      {t('input.preview')}
      {fen !== null && (
        <strong className={priceToneClass('neutral')}>
          {formatCents(fen)}
          <small>{t('input.yuanPerTon')}</small>
        </strong>
      )}
      <div>{basis}</div>
    </div>
  );
}

/** A one-line text field of the form; optional unless the label says otherwise. */
function TextRow({
  state: { form, errors, update },
  field,
  label,
  placeholder,
  max = STOCK_TEXT_MAX.short,
}: {
  state: StockFormState;
  field: TextField;
  label: string;
  placeholder?: string;
  max?: number;
}) {
  const { t } = useTranslation('stocks');
  return (
    <FieldRow label={label} htmlFor={`stock-${field}`} field={field} error={errors.show(field)}>
      <Input
        id={`stock-${field}`}
        name={field}
        value={form[field]}
        maxLength={max}
        placeholder={placeholder ?? t('input.optional')}
        onChange={(value) => update({ [field]: value } as Partial<StockForm>, field)}
        clearable
      />
    </FieldRow>
  );
}

/** A number typed as text, with its unit beside it. */
function NumberRow({
  state: { form, errors, update },
  name,
  label,
  unit,
  placeholder,
  inputMode = 'decimal',
  hint,
}: {
  state: StockFormState;
  name: 'quantity' | 'pieceWeight' | 'grossWeight' | 'pieces' | 'processingFee' | 'price' | 'paymentDays';
  label: ReactNode;
  unit: string;
  placeholder: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  hint?: string;
}) {
  return (
    <FieldRow label={label} htmlFor={`stock-${name}`} field={name} error={errors.show(name)} hint={hint}>
      <div className="mm-stock-with-unit">
        <Input
          id={`stock-${name}`}
          name={name}
          value={form[name]}
          inputMode={inputMode}
          maxLength={12}
          placeholder={placeholder}
          onChange={(value) => update({ [name]: value } as Partial<StockForm>, name)}
        />
        <span className="mm-stock-unit">{unit}</span>
      </div>
    </FieldRow>
  );
}

/** One of the listing's yes/no marks, as a pressed or unpressed button. */
function Toggle({
  state: { form, update },
  field,
  label,
}: {
  state: StockFormState;
  field: 'fixedPrice' | 'specialSale' | 'splittable' | 'freightIncluded';
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={form[field]}
      onClick={() => update({ [field]: !form[field] } as Partial<StockForm>)}
      data-testid={`toggle-${field}`}
    >
      {label}
    </button>
  );
}

/** What the lot is: its category, name, specifications and origin. */
export function ProductSection({ state }: { state: StockFormState }) {
  const { t } = useTranslation('stocks');
  const { form, errors, update } = state;
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('input.sections.product')}</h2>
      <SortField
        value={form.sortId}
        onChange={(sortId) => update({ sortId }, 'sortId')}
        error={errors.show('sortId')}
      />
      <TextRow
        state={state}
        field="productName"
        label={t('input.productName')}
        placeholder={t('input.productNamePlaceholder')}
      />
      <TextRow
        state={state}
        field="specifications"
        label={t('input.specifications')}
        placeholder={t('input.specificationsPlaceholder')}
        max={STOCK_TEXT_MAX.medium}
      />
      <TextRow
        state={state}
        field="properties"
        label={t('input.properties')}
        placeholder={t('input.propertiesPlaceholder')}
        max={STOCK_TEXT_MAX.medium}
      />
      <TextRow state={state} field="brand" label={t('input.brand')} />
      <TextRow state={state} field="manufacturer" label={t('input.manufacturer')} />
      <DateRow
        label={t('input.productionDate')}
        id="stock-productionDate"
        field="productionDate"
        error={errors.show('productionDate')}
        value={form.productionDate}
        onChange={(productionDate) => update({ productionDate }, 'productionDate')}
      />
      <TextRow state={state} field="boxNumber" label={t('input.boxNumber')} />
    </section>
  );
}

/** SPEC §5's required quantity and piece weight, with the optional gross weight and piece count. */
export function QuantitySection({ state }: { state: StockFormState }) {
  const { t } = useTranslation(['stocks', 'form']);
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('input.sections.quantity')}</h2>
      <NumberRow
        state={state}
        name="quantity"
        label={required(t('input.quantity'))}
        unit={t('form:tons')}
        placeholder={t('input.tonsPlaceholder')}
      />
      <NumberRow
        state={state}
        name="pieceWeight"
        label={required(t('input.pieceWeight'))}
        unit={t('form:tons')}
        placeholder={t('input.tonsPlaceholder')}
      />
      <NumberRow
        state={state}
        name="grossWeight"
        label={t('input.grossWeight')}
        unit={t('form:tons')}
        placeholder={t('input.optional')}
      />
      <NumberRow
        state={state}
        name="pieces"
        label={t('input.pieces')}
        unit={t('input.piecesUnit')}
        placeholder={t('input.optional')}
        inputMode="numeric"
      />
    </section>
  );
}

/** The structured price: a market series plus a processing fee, or a fixed price; its preview and marks. */
export function PriceSection({ state }: { state: StockFormState }) {
  const { t } = useTranslation('stocks');
  const { form, errors, update } = state;
  const series = usePriceSeries();
  const seriesList = series.data ?? [];
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('input.sections.price')}</h2>
      <FieldRow label={required(t('input.priceType'))} field="priceType" error={errors.show('priceType')} wide>
        <div className="mm-stock-segment">
          {(['market', 'fixed'] as const).map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={form.priceType === type}
              className={form.priceType === type ? 'is-active' : ''}
              onClick={() => update({ priceType: type }, 'priceType', 'seriesId', 'processingFee', 'price')}
              data-testid={`price-type-${type}`}
            >
              {t(`input.priceTypes.${type}`)}
            </button>
          ))}
        </div>
      </FieldRow>
      {form.priceType === 'market' ? (
        <>
          <SeriesField
            series={seriesList}
            failed={series.isError}
            onRetry={() => void series.refetch()}
            value={form.seriesId}
            onChange={(seriesId) => update({ seriesId }, 'seriesId')}
            error={errors.show('seriesId')}
          />
          <NumberRow
            state={state}
            name="processingFee"
            label={required(t('input.processingFee'))}
            unit={t('input.yuanPerTon')}
            placeholder={t('input.processingFeePlaceholder')}
            inputMode="text"
            hint={t('input.processingFeeHint')}
          />
          <PricePreview form={form} series={seriesList} />
        </>
      ) : (
        <NumberRow
          state={state}
          name="price"
          label={required(t('input.price'))}
          unit={t('input.yuanPerTon')}
          placeholder={t('input.pricePlaceholder')}
        />
      )}
      <TextRow
        state={state}
        field="priceIntro"
        label={t('input.priceIntro')}
        placeholder={t('input.priceIntroPlaceholder')}
        max={STOCK_TEXT_MAX.medium}
      />
      <div className="mm-stock-switches">
        <Toggle state={state} field="fixedPrice" label={t('input.fixedPrice')} />
        <Toggle state={state} field="specialSale" label={t('input.specialSale')} />
      </div>
    </section>
  );
}

/** Where the lot is and how it leaves: storage place and address, transport, payment days. */
export function DeliverySection({ state }: { state: StockFormState }) {
  const { t } = useTranslation('stocks');
  const regions = useRegions();
  const { form, errors, update } = state;
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('input.sections.delivery')}</h2>
      <RegionRow
        label={t('input.storage')}
        field="province"
        error={errors.show('province')}
        regions={regions.data}
        value={form}
        onChange={(place) => update(place, 'province')}
        placeholder={t('input.storagePlaceholder')}
        title={t('input.storageTitle')}
        testId="storage-picker"
        clearLabel={t('input.clearStorage')}
      />
      <TextRow
        state={state}
        field="storageAddress"
        label={t('input.storageAddress')}
        placeholder={t('input.storageAddressPlaceholder')}
        max={STOCK_TEXT_MAX.medium}
      />
      <TextRow
        state={state}
        field="transportInfo"
        label={t('input.transportInfo')}
        placeholder={t('input.transportInfoPlaceholder')}
        max={STOCK_TEXT_MAX.medium}
      />
      <NumberRow
        state={state}
        name="paymentDays"
        label={t('input.paymentDays')}
        unit={t('input.days')}
        placeholder={t('input.paymentDaysPlaceholder')}
        inputMode="numeric"
        hint={t('input.paymentDaysHint')}
      />
      <div className="mm-stock-switches">
        <Toggle state={state} field="splittable" label={t('input.splittable')} />
        <Toggle state={state} field="freightIncluded" label={t('input.freightIncluded')} />
      </div>
    </section>
  );
}

/** The pictures kept from before, then the uploader. */
export function PicturesSection({ state: { errors, kept, removeKept, uploads } }: { state: StockFormState }) {
  const { t } = useTranslation('stocks');
  return (
    <section className="mm-card mm-form-card" data-field="images">
      <h2 className="mm-section-title mm-stock-section">{t('input.sections.pictures')}</h2>
      <div className="mm-stock-pictures">
        <p className="mm-stock-pictures-hint">{t('input.picturesHint')}</p>
        <KeptFiles files={kept} removeLabel={t('input.removePicture')} onRemove={removeKept} testId="kept-pictures" />
        <ImageUploader uploads={uploads} />
        {errors.show('images') && (
          <div className="mm-form-error" role="alert">
            {errors.show('images')}
          </div>
        )}
      </div>
    </section>
  );
}

/** The free text about the lot. */
export function MoreSection({ state: { form, errors, update } }: { state: StockFormState }) {
  const { t } = useTranslation('stocks');
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('input.sections.more')}</h2>
      <div className={`mm-form-row ${errors.show('additionalInfo') ? 'has-error' : ''}`} data-field="additionalInfo">
        <TextArea
          id="stock-additionalInfo"
          name="additionalInfo"
          aria-label={t('input.additionalInfo')}
          value={form.additionalInfo}
          maxLength={STOCK_TEXT_MAX.long}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('input.additionalInfoPlaceholder')}
          onChange={(additionalInfo) => update({ additionalInfo }, 'additionalInfo')}
        />
        {errors.show('additionalInfo') && (
          <div className="mm-form-error" role="alert">
            {errors.show('additionalInfo')}
          </div>
        )}
      </div>
    </section>
  );
}
