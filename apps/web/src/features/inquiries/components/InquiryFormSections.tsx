import {
  INQUIRY_MAX_DEADLINE_DAYS,
  INQUIRY_PAYMENT_METHODS,
  INQUIRY_TEXT_MAX,
  type InquiryVisibility,
  MAX_INQUIRY_SPECS,
  UPLOAD_MAX_FILES,
} from '@metal/shared';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRow, ProvinceCityRow, RegionRow } from '../../../components/form/PickerRows';
import { FieldRow, required } from '../../../components/form/Rows';
import { ImageUploader, KeptFiles } from '../../../components/ImageUploader';
import { useRegions } from '../../companies/api';
import { SortField } from '../../stocks/components/SortField';
import type { InquiryForm, SpecRow } from '../form';
import type { InquiryFormState } from '../useInquiryForm';

/** One product: name, specification, tons (required) and its attributes. */
function SpecCard({
  spec,
  index,
  count,
  onChange,
  onRemove,
  onAttributes,
  errorOf,
}: {
  spec: SpecRow;
  index: number;
  count: number;
  onChange: (patch: Partial<SpecRow>, field: string) => void;
  onRemove: () => void;
  onAttributes: () => void;
  errorOf: (field: string) => string | undefined;
}) {
  const { t } = useTranslation(['inquiries', 'form']);
  const id = (field: string) => `inquiry-spec-${spec.key}-${field}`;
  const attributes = spec.attributes.map((a) => `${a.name}: ${a.value}`).join('; ');
  return (
    <div className="mm-inq-spec" data-testid="spec-card">
      <div className="mm-inq-spec-head">
        <strong>{t('form.spec.title', { index: index + 1 })}</strong>
        {count > 1 && (
          <button type="button" className="mm-link" onClick={onRemove} data-testid="spec-remove">
            {t('form.spec.remove')}
          </button>
        )}
      </div>
      <FieldRow
        label={t('form.spec.productName')}
        htmlFor={id('productName')}
        field={`specs.${index}.productName`}
        error={errorOf('productName')}
      >
        <Input
          id={id('productName')}
          name={`specs.${index}.productName`}
          value={spec.productName}
          maxLength={INQUIRY_TEXT_MAX.short}
          placeholder={t('form.spec.productNamePlaceholder')}
          onChange={(productName) => onChange({ productName }, 'productName')}
          clearable
        />
      </FieldRow>
      <FieldRow
        label={t('form.spec.specification')}
        htmlFor={id('specification')}
        field={`specs.${index}.specification`}
        error={errorOf('specification')}
      >
        <Input
          id={id('specification')}
          name={`specs.${index}.specification`}
          value={spec.specification}
          maxLength={INQUIRY_TEXT_MAX.medium}
          placeholder={t('form.spec.specificationPlaceholder')}
          onChange={(specification) => onChange({ specification }, 'specification')}
          clearable
        />
      </FieldRow>
      <FieldRow
        label={required(t('form.spec.quantity'))}
        htmlFor={id('quantity')}
        field={`specs.${index}.quantity`}
        error={errorOf('quantity')}
      >
        <div className="mm-stock-with-unit">
          <Input
            id={id('quantity')}
            name={`specs.${index}.quantity`}
            value={spec.quantity}
            inputMode="decimal"
            maxLength={12}
            placeholder={t('form.spec.quantityPlaceholder')}
            onChange={(quantity) => onChange({ quantity }, 'quantity')}
          />
          <span className="mm-stock-unit">{t('form:tons')}</span>
        </div>
      </FieldRow>
      <FieldRow label={t('form.spec.attributes')} field={`specs.${index}.attributes`} error={errorOf('attributes')}>
        <button
          type="button"
          className={`mm-form-picker ${attributes ? '' : 'is-placeholder'}`}
          onClick={onAttributes}
          data-testid="attr-picker"
        >
          <span>{attributes || t('form.spec.attributesPlaceholder')}</span>
          <RightOutline aria-hidden="true" />
        </button>
      </FieldRow>
    </div>
  );
}

/** input_inquiry's section of the products: category, one card per specification, adding one. */
export function ProductsSection({
  state,
  onAttributes,
}: {
  state: InquiryFormState;
  onAttributes: (index: number) => void;
}) {
  const { t } = useTranslation('inquiries');
  const { form, errors, update, updateSpec, addSpec, removeSpec } = state;
  const specError = errors.show('specs');
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('form.sections.products')}</h2>
      <SortField
        value={form.sortId}
        onChange={(sortId) => update({ sortId }, 'sortId')}
        error={errors.show('sortId')}
      />
      {form.specs.map((spec, index) => (
        <SpecCard
          key={spec.key}
          spec={spec}
          index={index}
          count={form.specs.length}
          onChange={(patch, field) => updateSpec(index, patch, field)}
          onRemove={() => removeSpec(index)}
          onAttributes={() => onAttributes(index)}
          errorOf={(field) => errors.show(`specs.${index}.${field}`)}
        />
      ))}
      {specError && (
        <div className="mm-form-error" role="alert" data-field="specs">
          {specError}
        </div>
      )}
      <button type="button" className="mm-inq-add" onClick={addSpec} data-testid="spec-add">
        <AddOutline aria-hidden="true" />
        {t('form.spec.add', { count: form.specs.length, max: MAX_INQUIRY_SPECS })}
      </button>
    </section>
  );
}

/** input_inquiry's section of the terms: tax and freight, payment, the quote deadline, delivery date, where suppliers should be. */
export function TermsSection({ state }: { state: InquiryFormState }) {
  const { t } = useTranslation('inquiries');
  const regions = useRegions();
  const { form, errors, update, bounds } = state;
  const toggle = (field: 'taxIncluded' | 'freightIncluded', label: string) => (
    <button
      type="button"
      aria-pressed={form[field]}
      onClick={() => update({ [field]: !form[field] } as Partial<InquiryForm>)}
      data-testid={`toggle-${field}`}
    >
      {label}
    </button>
  );

  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('form.sections.terms')}</h2>
      <div className="mm-stock-switches">
        {toggle('taxIncluded', t('form.taxIncluded'))}
        {toggle('freightIncluded', t('form.freightIncluded'))}
      </div>
      <FieldRow
        label={required(t('form.payment.label'))}
        field="paymentMethod"
        error={errors.show('paymentMethod')}
        wide
      >
        <div className="mm-stock-segment mm-inq-segment">
          {INQUIRY_PAYMENT_METHODS.map((method) => (
            <button
              key={method}
              type="button"
              aria-pressed={form.paymentMethod === method}
              className={form.paymentMethod === method ? 'is-active' : ''}
              onClick={() => update({ paymentMethod: method }, 'paymentMethod', 'creditDays')}
              data-testid={`payment-${method}`}
            >
              {t(`form.payment.${method}`)}
            </button>
          ))}
        </div>
      </FieldRow>
      {form.paymentMethod === 'credit' && (
        <FieldRow
          label={required(t('form.payment.creditDays'))}
          htmlFor="inquiry-creditDays"
          field="creditDays"
          error={errors.show('creditDays')}
        >
          <div className="mm-stock-with-unit">
            <Input
              id="inquiry-creditDays"
              name="creditDays"
              value={form.creditDays}
              inputMode="numeric"
              maxLength={3}
              placeholder={t('form.payment.creditDaysPlaceholder')}
              onChange={(creditDays) => update({ creditDays }, 'creditDays')}
            />
            <span className="mm-stock-unit">{t('form.payment.days')}</span>
          </div>
        </FieldRow>
      )}
      <DateRow
        label={required(t('form.deadline.label'))}
        id="inquiry-quoteDeadline"
        field="quoteDeadline"
        type="datetime-local"
        error={errors.show('quoteDeadline')}
        hint={t('form.deadline.hint', { days: INQUIRY_MAX_DEADLINE_DAYS })}
        min={bounds.min}
        max={bounds.max}
        value={form.quoteDeadline}
        onChange={(quoteDeadline) => update({ quoteDeadline }, 'quoteDeadline', 'deliveryDate')}
      />
      <DateRow
        label={t('form.deliveryDate')}
        id="inquiry-deliveryDate"
        field="deliveryDate"
        error={errors.show('deliveryDate')}
        min={form.quoteDeadline.slice(0, 10) || bounds.min.slice(0, 10)}
        value={form.deliveryDate}
        onChange={(deliveryDate) => update({ deliveryDate }, 'deliveryDate')}
      />
      <ProvinceCityRow
        label={t('form.hope.label')}
        field="supplierProvince"
        hint={t('form.hope.hint')}
        regions={regions.data}
        value={{ province: form.supplierProvince, city: form.supplierCity }}
        onChange={({ province, city }) =>
          update({ supplierProvince: province, supplierCity: city }, 'supplierProvince')
        }
        placeholder={t('form.hope.anywhere')}
        title={t('form.hope.title')}
        testId="hope-picker"
        wholeProvince={t('form.hope.wholeProvince')}
        clearLabel={t('form.hope.clear')}
      />
    </section>
  );
}

/** input_inquiry's section of where the goods go and who receives them. */
export function AddressSection({ state }: { state: InquiryFormState }) {
  const { t } = useTranslation('inquiries');
  const regions = useRegions();
  const { form, errors, update } = state;
  const text = (
    field: 'receiver' | 'receiverPhone' | 'address',
    label: ReactNode,
    placeholder: string,
    max: number,
    inputMode?: 'tel',
  ) => (
    <FieldRow label={label} htmlFor={`inquiry-${field}`} field={field} error={errors.show(field)}>
      <Input
        id={`inquiry-${field}`}
        name={field}
        value={form[field]}
        maxLength={max}
        inputMode={inputMode}
        placeholder={placeholder}
        onChange={(value) => update({ [field]: value } as Partial<InquiryForm>, field)}
        clearable
      />
    </FieldRow>
  );

  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('form.sections.address')}</h2>
      {text(
        'receiver',
        required(t('form.address.receiver')),
        t('form.address.receiverPlaceholder'),
        INQUIRY_TEXT_MAX.short,
      )}
      {text('receiverPhone', required(t('form.address.phone')), t('form.address.phonePlaceholder'), 11, 'tel')}
      <RegionRow
        label={required(t('form.address.region'))}
        field="province"
        error={errors.show('province') ?? errors.show('city') ?? errors.show('district')}
        regions={regions.data}
        value={form}
        onChange={(place) => update(place, 'province', 'city', 'district')}
        placeholder={t('form.address.regionPlaceholder')}
        title={t('form.address.region')}
        testId="region-picker"
      />
      {text(
        'address',
        required(t('form.address.street')),
        t('form.address.streetPlaceholder'),
        INQUIRY_TEXT_MAX.medium,
      )}
    </section>
  );
}

/** input_inquiry's section of who sees the inquiry: everyone (after review) or the suppliers chosen. */
export function VisibilitySection({
  state,
  onChooseSuppliers,
}: {
  state: InquiryFormState;
  onChooseSuppliers: () => void;
}) {
  const { t } = useTranslation('inquiries');
  const { form, errors, update } = state;
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('form.sections.visibility')}</h2>
      <FieldRow label={t('form.visibility.label')} field="visibility" error={errors.show('visibility')} wide>
        <div className="mm-stock-segment">
          {(['public', 'designated'] as InquiryVisibility[]).map((visibility) => (
            <button
              key={visibility}
              type="button"
              aria-pressed={form.visibility === visibility}
              className={form.visibility === visibility ? 'is-active' : ''}
              onClick={() => update({ visibility }, 'visibility', 'designatedRootIds')}
              data-testid={`visibility-${visibility}`}
            >
              {t(`form.visibility.${visibility}`)}
            </button>
          ))}
        </div>
      </FieldRow>
      <p className="mm-form-hint-block">{t(`form.visibility.${form.visibility}Hint`)}</p>
      {form.visibility === 'designated' && (
        <FieldRow
          label={required(t('form.suppliers.label'))}
          field="designatedRootIds"
          error={errors.show('designatedRootIds')}
        >
          <button
            type="button"
            className={`mm-form-picker ${form.suppliers.length ? '' : 'is-placeholder'}`}
            onClick={onChooseSuppliers}
            data-testid="supplier-picker"
          >
            <span>
              {form.suppliers.length
                ? t('form.suppliers.chosen', { count: form.suppliers.length })
                : t('form.suppliers.placeholder')}
            </span>
            <RightOutline aria-hidden="true" />
          </button>
        </FieldRow>
      )}
      {form.visibility === 'designated' && form.suppliers.length > 0 && (
        <ul className="mm-inq-chosen" data-testid="chosen-suppliers">
          {form.suppliers.map((supplier) => (
            <li key={supplier.rootId}>
              {supplier.name}
              <button
                type="button"
                aria-label={t('form.suppliers.remove', { name: supplier.name })}
                onClick={() =>
                  update({ suppliers: form.suppliers.filter((s) => s.rootId !== supplier.rootId) }, 'designatedRootIds')
                }
              >
                <CloseOutline />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** input_inquiry's section of pictures and files kept from before and new ones. */
export function AttachmentsSection({ state }: { state: InquiryFormState }) {
  const { t } = useTranslation('inquiries');
  const { form, errors, update, uploads } = state;
  return (
    <section className="mm-card mm-form-card" data-field="attachments">
      <h2 className="mm-section-title mm-stock-section">{t('form.sections.attachments')}</h2>
      <div className="mm-stock-pictures">
        <p className="mm-stock-pictures-hint">{t('form.attachmentsHint', { max: UPLOAD_MAX_FILES })}</p>
        <KeptFiles
          files={form.kept}
          removeLabel={t('form.removeAttachment')}
          onRemove={(url) => update({ kept: form.kept.filter((k) => k.url !== url) }, 'attachments')}
          testId="kept-attachments"
        />
        <ImageUploader uploads={uploads} />
        {errors.show('attachments') && (
          <div className="mm-form-error" role="alert">
            {errors.show('attachments')}
          </div>
        )}
      </div>
    </section>
  );
}

/** input_inquiry's section of anything else, free text. */
export function RemarkSection({ state }: { state: InquiryFormState }) {
  const { t } = useTranslation('inquiries');
  const { form, errors, update } = state;
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-stock-section">{t('form.sections.remark')}</h2>
      <div className={`mm-form-row ${errors.show('remark') ? 'has-error' : ''}`} data-field="remark">
        <TextArea
          name="remark"
          aria-label={t('form.sections.remark')}
          value={form.remark}
          maxLength={INQUIRY_TEXT_MAX.long}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('form.remarkPlaceholder')}
          onChange={(remark) => update({ remark }, 'remark')}
        />
        {errors.show('remark') && (
          <div className="mm-form-error" role="alert">
            {errors.show('remark')}
          </div>
        )}
      </div>
    </section>
  );
}
