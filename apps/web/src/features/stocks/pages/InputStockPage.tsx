import {
  CodeFlag,
  formatCents,
  STOCK_TEXT_MAX,
  type TStockDetail,
  type TStockPriceSeries,
  type TStockSaveResult,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Cascader from 'antd-mobile/es/components/cascader';
import CheckList from 'antd-mobile/es/components/check-list';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Result from 'antd-mobile/es/components/result';
import TextArea from 'antd-mobile/es/components/text-area';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { FieldRow, PickerButton } from '../../../components/form/Rows';
import { ImageUploader, KeptFiles } from '../../../components/ImageUploader';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Paths, rootPath, stockDetailPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { regionOptions } from '../../companies/address';
import { useRegions } from '../../companies/api';
import { usePriceSeries, useStockDetail } from '../api';
import { SortField } from '../components/SortField';
import { previewPriceFen, type StockForm } from '../form';
import { placeText, signedCents } from '../format';
import { useStockForm } from '../useStockForm';
import '../locale';
import '../stocks.css';

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

/** The label of a field the shared schema requires. */
const required = (label: string) => <span className="mm-form-required">{label}</span>;

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

/** Where the lot is stored: a province → city → district of the region table, or (none) the company's address. */
function StorageField({
  form,
  onChange,
  error,
}: {
  form: StockForm;
  onChange: (place: Pick<StockForm, 'province' | 'city' | 'district'>) => void;
  error?: string;
}) {
  const { t } = useTranslation(['stocks', 'common']);
  const regions = useRegions();
  const [open, setOpen] = useState(false);
  const options = useMemo(() => (regions.data ? regionOptions(regions.data) : []), [regions.data]);
  const path =
    regions.data && form.province ? regions.data.findRegionPath(form.province, form.city, form.district) : null;
  const text = placeText(form);
  return (
    <FieldRow label={t('input.storage')} field="province" error={error}>
      <PickerButton
        text={text}
        placeholder={t('input.storagePlaceholder')}
        onOpen={() => setOpen(true)}
        disabled={!regions.data}
        testId="storage-picker"
        clear={{ label: t('input.clearStorage'), onClear: () => onChange({ province: '', city: '', district: '' }) }}
      />
      <Cascader
        options={options}
        visible={open}
        title={t('input.storageTitle')}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
        value={path ? [path.province.code, path.city.code, path.district.code] : []}
        onClose={() => setOpen(false)}
        onConfirm={(_codes, extend) => {
          const [province, city, district] = extend.items.map((item) => String(item?.label ?? ''));
          if (province && city && district) onChange({ province, city, district });
        }}
      />
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
        <strong>
          {formatCents(fen)}
          <small>{t('input.yuanPerTon')}</small>
        </strong>
      )}
      <div>{basis}</div>
    </div>
  );
}

function Done({ result, editing, onAnother }: { result: TStockSaveResult; editing: boolean; onAnother: () => void }) {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  return (
    <div className="mm-stock-done" data-testid="stock-submitted">
      <Result status="success" title={t('input.done.title')} description={t('input.done.text')} />
      <div className="mm-stock-done-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => navigate(stockDetailPath(result.id), { replace: true })}
        >
          {t('input.done.view')}
        </Button>
        {!editing && (
          <Button block shape="rounded" onClick={onAnother}>
            {t('input.done.another')}
          </Button>
        )}
        <Button block fill="none" onClick={() => navigate(rootPath('me'))}>
          {t('input.done.back')}
        </Button>
      </div>
    </div>
  );
}

function StockFormBody({ existing }: { existing: TStockDetail | null }) {
  const { t } = useTranslation(['stocks', 'common']);
  const series = usePriceSeries();
  const seriesList = series.data ?? [];
  const { form, errors, update, kept, removeKept, uploads, done, submit, submitting, startAnother } =
    useStockForm(existing);

  const text = (field: TextField, label: string, options: { placeholder?: string; max?: number } = {}) => (
    <FieldRow label={label} htmlFor={`stock-${field}`} field={field} error={errors.show(field)}>
      <Input
        id={`stock-${field}`}
        name={field}
        value={form[field]}
        maxLength={options.max ?? STOCK_TEXT_MAX.short}
        placeholder={options.placeholder ?? t('input.optional')}
        onChange={(value) => update({ [field]: value } as Partial<StockForm>, field)}
        clearable
      />
    </FieldRow>
  );

  const number = (
    name: 'quantity' | 'pieceWeight' | 'grossWeight' | 'pieces' | 'processingFee' | 'price' | 'paymentDays',
    label: ReactNode,
    unit: string,
    placeholder: string,
    inputMode: 'decimal' | 'numeric' | 'text' = 'decimal',
    hint?: string,
  ) => (
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

  const toggle = (field: 'fixedPrice' | 'specialSale' | 'splittable' | 'freightIncluded', label: string) => (
    <button
      type="button"
      aria-pressed={form[field]}
      onClick={() => update({ [field]: !form[field] } as Partial<StockForm>)}
      data-testid={`toggle-${field}`}
    >
      {label}
    </button>
  );

  if (done) return <Done result={done} editing={existing !== null} onAnother={startAnother} />;

  return (
    <div className="mm-stock-form">
      <p className="mm-form-intro">{existing ? t('input.editHint') : t('input.intro')}</p>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('input.sections.product')}</h2>
        <SortField
          value={form.sortId}
          onChange={(sortId) => update({ sortId }, 'sortId')}
          error={errors.show('sortId')}
        />
        {text('productName', t('input.productName'), { placeholder: t('input.productNamePlaceholder') })}
        {text('specifications', t('input.specifications'), {
          placeholder: t('input.specificationsPlaceholder'),
          max: STOCK_TEXT_MAX.medium,
        })}
        {text('properties', t('input.properties'), {
          placeholder: t('input.propertiesPlaceholder'),
          max: STOCK_TEXT_MAX.medium,
        })}
        {text('brand', t('input.brand'))}
        {text('manufacturer', t('input.manufacturer'))}
        <FieldRow
          label={t('input.productionDate')}
          htmlFor="stock-productionDate"
          field="productionDate"
          error={errors.show('productionDate')}
        >
          <Input
            id="stock-productionDate"
            name="productionDate"
            type="date"
            value={form.productionDate}
            onChange={(productionDate) => update({ productionDate }, 'productionDate')}
          />
        </FieldRow>
        {text('boxNumber', t('input.boxNumber'))}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('input.sections.quantity')}</h2>
        {number('quantity', required(t('input.quantity')), t('input.tons'), t('input.tonsPlaceholder'))}
        {number('pieceWeight', required(t('input.pieceWeight')), t('input.tons'), t('input.tonsPlaceholder'))}
        {number('grossWeight', t('input.grossWeight'), t('input.tons'), t('input.optional'))}
        {number('pieces', t('input.pieces'), t('input.piecesUnit'), t('input.optional'), 'numeric')}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('input.sections.price')}</h2>
        <FieldRow label={required(t('input.priceType'))} field="priceType" error={errors.show('priceType')}>
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
            {number(
              'processingFee',
              required(t('input.processingFee')),
              t('input.yuanPerTon'),
              t('input.processingFeePlaceholder'),
              'text',
              t('input.processingFeeHint'),
            )}
            <PricePreview form={form} series={seriesList} />
          </>
        ) : (
          number('price', required(t('input.price')), t('input.yuanPerTon'), t('input.pricePlaceholder'))
        )}
        {text('priceIntro', t('input.priceIntro'), {
          placeholder: t('input.priceIntroPlaceholder'),
          max: STOCK_TEXT_MAX.medium,
        })}
        <div className="mm-stock-switches">
          {toggle('fixedPrice', t('input.fixedPrice'))}
          {toggle('specialSale', t('input.specialSale'))}
        </div>
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('input.sections.delivery')}</h2>
        <StorageField form={form} onChange={(place) => update(place, 'province')} error={errors.show('province')} />
        {text('storageAddress', t('input.storageAddress'), {
          placeholder: t('input.storageAddressPlaceholder'),
          max: STOCK_TEXT_MAX.medium,
        })}
        {text('transportInfo', t('input.transportInfo'), {
          placeholder: t('input.transportInfoPlaceholder'),
          max: STOCK_TEXT_MAX.medium,
        })}
        {number(
          'paymentDays',
          t('input.paymentDays'),
          t('input.days'),
          t('input.paymentDaysPlaceholder'),
          'numeric',
          t('input.paymentDaysHint'),
        )}
        <div className="mm-stock-switches">
          {toggle('splittable', t('input.splittable'))}
          {toggle('freightIncluded', t('input.freightIncluded'))}
        </div>
      </section>

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

      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={submitting}
          onClick={() => void submit()}
          data-testid="stock-submit"
        >
          {existing ? t('input.submitEdit') : t('input.submit')}
        </Button>
      </div>
    </div>
  );
}

/** A listing to change (`?id=`): the company's own, loaded before the form is shown. */
function EditStock({ id }: { id: number }) {
  const { t } = useTranslation('stocks');
  const existing = useStockDetail(id, null);
  if (existing.isError) {
    return isApiError(existing.error) && existing.error.codeFlag === CodeFlag.notFound ? (
      <EmptyState kind="lost" title={t('detail.notFound')} />
    ) : (
      <EmptyState
        kind="lost"
        title={t('list.loadFailed')}
        action={{ label: t('list.retry'), onClick: () => void existing.refetch() }}
      />
    );
  }
  if (!existing.data) return <PageLoading />;
  if (!existing.data.isOwn) return <EmptyState kind="lost" title={t('input.notYours')} />;
  return <StockFormBody existing={existing.data} />;
}

/**
 * SPEC §2 pagesA/input_stock/input_stock (`?id=` to change one): SPEC §3's stock fields with §5's
 * required quantity, piece weight and structured price, checked here by the server's own schema,
 * then sent for review.
 */
export default function InputStockPage() {
  const { t } = useTranslation('stocks');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  return (
    <Page
      title={id ? t('input.editTitle') : t('input.title')}
      backTo={rootPath('me')}
      className="mm-form-page mm-stock-input"
    >
      {!loggedIn ? null : id ? <EditStock id={id} /> : <StockFormBody existing={null} />}
    </Page>
  );
}
