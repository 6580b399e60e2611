import {
  CodeFlag,
  INQUIRY_MAX_DEADLINE_DAYS,
  INQUIRY_PAYMENT_METHODS,
  INQUIRY_TEXT_MAX,
  type InquiryVisibility,
  MAX_INQUIRY_SPECS,
  type TInquiryDetail,
  UPLOAD_MAX_FILES,
} from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Cascader from 'antd-mobile/es/components/cascader';
import Input from 'antd-mobile/es/components/input';
import Result from 'antd-mobile/es/components/result';
import TextArea from 'antd-mobile/es/components/text-area';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { drafts, useDraft } from '../../../components/form/draft';
import { FieldRow, PickerButton } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { ImageUploader, KeptFiles, useImageUploads } from '../../../components/ImageUploader';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { regionOptions } from '../../companies/address';
import { useRegions } from '../../companies/api';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { SortField } from '../../stocks/components/SortField';
import { inquiryKeys, useInquiryDetail, useSaveInquiry } from '../api';
import { AttrSheet } from '../components/AttrSheet';
import { SupplierSheet } from '../components/SupplierSheet';
import {
  canAddSpec,
  emptyInquiryForm,
  emptySpec,
  firstError,
  type InquiryForm,
  inquiryFormErrors,
  inquiryFormFromDetail,
  inquiryIdParam,
  isEditableInquiry,
  type SpecRow,
  toLocalInput,
  toSaveRequest,
} from '../form';
import '../locale';
import '../inquiry-form.css';

const required = (label: string) => <span className="mm-form-required">{label}</span>;

/**
 * The draft survives the trip to help_choose_inquiry and a reload; it goes once the inquiry is sent.
 * Changing an inquiry (`id`) has a draft of its own, so a half-written new one is left alone.
 */
export const inquiryDraftKey = (userId: number, id = 0) =>
  id > 0 ? `metal.inquiries.draft.${userId}.${id}` : `metal.inquiries.draft.${userId}`;

/** Answers of `inquiry/save` or `inquiry/detail` saying the inquiry can no longer be changed here. */
const GONE_CODE_FLAGS: readonly number[] = [CodeFlag.forbidden, CodeFlag.notFound, CodeFlag.conflict];

/** SPEC §2 choose_hope_address: anywhere, a whole province, or one city of it (a sheet over the form). */
function HopeAddressField({
  form,
  onChange,
}: {
  form: InquiryForm;
  onChange: (place: Pick<InquiryForm, 'supplierProvince' | 'supplierCity'>) => void;
}) {
  const { t } = useTranslation(['inquiries', 'common']);
  const regions = useRegions();
  const [open, setOpen] = useState(false);
  const wholeProvince = t('form.hope.wholeProvince');
  const options = useMemo(
    () =>
      regions.data
        ? regions.data.provinces().map((province) => ({
            label: province.name,
            value: province.name,
            children: [
              { label: wholeProvince, value: '' },
              ...regions.data.citiesOf(province.code).map((city) => ({ label: city.name, value: city.name })),
            ],
          }))
        : [],
    [regions.data, wholeProvince],
  );
  const text = [form.supplierProvince, form.supplierCity].filter(Boolean).join(' ');
  return (
    <FieldRow label={t('form.hope.label')} field="supplierProvince" hint={t('form.hope.hint')}>
      <PickerButton
        text={text}
        placeholder={t('form.hope.anywhere')}
        onOpen={() => setOpen(true)}
        disabled={!regions.data}
        testId="hope-picker"
        clear={{ label: t('form.hope.clear'), onClear: () => onChange({ supplierProvince: '', supplierCity: '' }) }}
      />
      <Cascader
        options={options}
        visible={open}
        title={t('form.hope.title')}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
        value={form.supplierProvince ? [form.supplierProvince, form.supplierCity] : []}
        onClose={() => setOpen(false)}
        onConfirm={(values) => {
          const [province, city] = values.map((v) => String(v ?? ''));
          if (province) onChange({ supplierProvince: province, supplierCity: city ?? '' });
        }}
      />
    </FieldRow>
  );
}

/** The delivery region: province → city → district of the region table, as receipt addresses pick it. */
function DeliveryRegionField({
  form,
  onChange,
  error,
}: {
  form: InquiryForm;
  onChange: (place: Pick<InquiryForm, 'province' | 'city' | 'district'>) => void;
  error?: string;
}) {
  const { t } = useTranslation(['inquiries', 'common']);
  const regions = useRegions();
  const [open, setOpen] = useState(false);
  const options = useMemo(() => (regions.data ? regionOptions(regions.data) : []), [regions.data]);
  const path =
    regions.data && form.province ? regions.data.findRegionPath(form.province, form.city, form.district) : null;
  const text = [form.province, form.city === form.province ? '' : form.city, form.district].filter(Boolean).join(' ');
  return (
    <FieldRow label={required(t('form.address.region'))} field="province" error={error}>
      <PickerButton
        text={text}
        placeholder={t('form.address.regionPlaceholder')}
        onOpen={() => setOpen(true)}
        disabled={!regions.data}
        testId="region-picker"
      />
      <Cascader
        options={options}
        visible={open}
        title={t('form.address.region')}
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
  const { t } = useTranslation('inquiries');
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
          <span className="mm-stock-unit">{t('form.spec.tons')}</span>
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

function Done({ inquiry, edited, onAnother }: { inquiry: TInquiryDetail; edited: boolean; onAnother: () => void }) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const designated = inquiry.visibility === 'designated';
  let title = designated ? t('form.done.sentTitle') : t('form.done.reviewTitle');
  if (edited && !designated) title = t('form.edit.doneReviewTitle');
  return (
    <div className="mm-stock-done" data-testid="inquiry-submitted">
      <Result
        status={designated ? 'success' : 'waiting'}
        title={title}
        description={designated ? t('form.done.sentText') : t('form.done.reviewText')}
      />
      <div className="mm-stock-done-actions">
        <Button block color="primary" shape="rounded" onClick={() => navigate(Paths.myInquiries, { replace: true })}>
          {t('form.done.mine')}
        </Button>
        <Button block shape="rounded" onClick={onAnother}>
          {t('form.done.another')}
        </Button>
        <Button block fill="none" onClick={() => navigate(rootPath('me'))}>
          {t('form.done.back')}
        </Button>
      </div>
    </div>
  );
}

function InquiryFormBody({
  userId,
  account,
  editing,
  onSaved,
}: {
  userId: number;
  account: string;
  /** The company's own inquiry being changed; none when posting a new one. */
  editing?: TInquiryDetail;
  onSaved: (saved: TInquiryDetail) => void;
}) {
  const { t } = useTranslation(['inquiries', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveInquiry();
  const gate = useCompanyInfoGate();
  const errors = useFieldErrors();
  const editId = editing?.id ?? 0;
  const draftKey = inquiryDraftKey(userId, editId);
  const [draft, setDraft] = useDraft<InquiryForm>(draftKey);
  const initial = useMemo(
    () => (editing ? inquiryFormFromDetail(editing) : emptyInquiryForm({ name: '', phone: account })),
    [editing, account],
  );
  const stored = draft ?? initial;
  // Drafts saved before `kept` existed have none.
  const form = { ...stored, kept: stored.kept ?? [] };
  const uploads = useImageUploads('image', Math.max(0, UPLOAD_MAX_FILES - form.kept.length));
  const [attrFor, setAttrFor] = useState<number | null>(null);
  const [choosingSuppliers, setChoosingSuppliers] = useState(false);
  // The deadline input's bounds: from now to 90 days ahead (the server checks the same).
  const [bounds] = useState(() => {
    const now = new Date();
    return {
      min: toLocalInput(now),
      max: toLocalInput(new Date(now.getTime() + INQUIRY_MAX_DEADLINE_DAYS * 86_400_000)),
    };
  });

  const update = (patch: Partial<InquiryForm>, ...fields: string[]) => {
    setDraft({ ...form, ...patch });
    for (const field of fields) if (errors.keys[field]) errors.set(field, '');
  };
  const updateSpec = (index: number, patch: Partial<SpecRow>, field: string) => {
    update(
      { specs: form.specs.map((spec, i) => (i === index ? { ...spec, ...patch } : spec)) },
      `specs.${index}.${field}`,
      'specs',
    );
  };
  const addSpec = () => {
    if (!canAddSpec(form)) {
      showFail(message('inquiry.tooManySpecs'));
      return;
    }
    update({ specs: [...form.specs, emptySpec(form.specs)] }, 'specs');
  };
  const removeSpec = (index: number) => {
    update({ specs: form.specs.filter((_, i) => i !== index) });
    // Row errors are by index; after a removal they would sit on the wrong rows.
    errors.setAll(Object.fromEntries(Object.entries(errors.keys).filter(([field]) => !field.startsWith('specs.'))));
  };

  // The uploader's pictures live with the page; those already uploaded go into the draft for the way back.
  const openHelp = () => {
    const uploaded = uploads.uploaded.map((file) => ({ url: file.url, thumbUrl: file.thumbUrl ?? file.url }));
    if (uploaded.length > 0) setDraft({ ...form, kept: [...form.kept, ...uploaded] });
    navigate(editId > 0 ? `${Paths.helpChooseInquiry}?id=${editId}` : Paths.helpChooseInquiry);
  };

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

  const submit = async () => {
    if (uploads.busy) return showFail(t('form.uploading'));
    if (uploads.failed) return showFail(t('form.uploadFailed'));
    const request = toSaveRequest(
      form,
      [...form.kept.map((file) => file.url), ...uploads.uploaded.map((file) => file.url)],
      editId,
    );
    const problems = inquiryFormErrors(form, request);
    errors.setAll(problems);
    const first = firstError(problems);
    if (first) {
      showFail(message(first[1]));
      document.querySelector(`[data-field="${first[0]}"]`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    await gate.guard(async () => {
      try {
        const saved = await save.mutateAsync(request);
        // Written at once: the form leaves for the done screen before a state update would run.
        drafts.write(draftKey, null);
        onSaved(saved);
      } catch (error) {
        // What was typed stays; the server's reasons go beside their fields.
        if (isApiError(error) && error.errors) errors.setAll(error.errors);
        // Approved, deleted or otherwise out of reach meanwhile: the page asks again and says so.
        if (editId > 0 && isApiError(error) && GONE_CODE_FLAGS.includes(error.codeFlag))
          void queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      }
    });
  };

  const specError = errors.show('specs');
  return (
    <div className="mm-stock-form">
      {editing?.status === 'rejected' && editing.reason && (
        <p className="mm-inq-edit-reason" role="note" data-testid="edit-reason">
          <ExclamationCircleOutline aria-hidden="true" />
          <span>{t('form.mine.reason', { reason: editing.reason })}</span>
        </p>
      )}
      <p className="mm-form-intro">
        {editing ? t('form.edit.intro') : t('form.intro')}{' '}
        <button type="button" className="mm-link" onClick={openHelp}>
          <QuestionCircleOutline aria-hidden="true" /> {t('form.helpLink')}
        </button>
      </p>

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
            onAttributes={() => setAttrFor(index)}
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

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('form.sections.terms')}</h2>
        <div className="mm-stock-switches">
          {toggle('taxIncluded', t('form.taxIncluded'))}
          {toggle('freightIncluded', t('form.freightIncluded'))}
        </div>
        <FieldRow label={required(t('form.payment.label'))} field="paymentMethod" error={errors.show('paymentMethod')}>
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
        <FieldRow
          label={required(t('form.deadline.label'))}
          htmlFor="inquiry-quoteDeadline"
          field="quoteDeadline"
          error={errors.show('quoteDeadline')}
          hint={t('form.deadline.hint', { days: INQUIRY_MAX_DEADLINE_DAYS })}
        >
          <Input
            id="inquiry-quoteDeadline"
            name="quoteDeadline"
            type="datetime-local"
            // antd-mobile types min/max as numbers; the native date inputs take these strings.
            {...({ min: bounds.min, max: bounds.max } as object)}
            value={form.quoteDeadline}
            onChange={(quoteDeadline) => update({ quoteDeadline }, 'quoteDeadline', 'deliveryDate')}
          />
        </FieldRow>
        <FieldRow
          label={t('form.deliveryDate')}
          htmlFor="inquiry-deliveryDate"
          field="deliveryDate"
          error={errors.show('deliveryDate')}
        >
          <Input
            id="inquiry-deliveryDate"
            name="deliveryDate"
            type="date"
            {...({ min: form.quoteDeadline.slice(0, 10) || bounds.min.slice(0, 10) } as object)}
            value={form.deliveryDate}
            onChange={(deliveryDate) => update({ deliveryDate }, 'deliveryDate')}
          />
        </FieldRow>
        <HopeAddressField form={form} onChange={(place) => update(place, 'supplierProvince')} />
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('form.sections.address')}</h2>
        {text(
          'receiver',
          required(t('form.address.receiver')),
          t('form.address.receiverPlaceholder'),
          INQUIRY_TEXT_MAX.short,
        )}
        {text('receiverPhone', required(t('form.address.phone')), t('form.address.phonePlaceholder'), 11, 'tel')}
        <DeliveryRegionField
          form={form}
          onChange={(place) => update(place, 'province', 'city', 'district')}
          error={errors.show('province') ?? errors.show('city') ?? errors.show('district')}
        />
        {text(
          'address',
          required(t('form.address.street')),
          t('form.address.streetPlaceholder'),
          INQUIRY_TEXT_MAX.medium,
        )}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-stock-section">{t('form.sections.visibility')}</h2>
        <FieldRow label={t('form.visibility.label')} field="visibility" error={errors.show('visibility')}>
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
              onClick={() => setChoosingSuppliers(true)}
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
                    update(
                      { suppliers: form.suppliers.filter((s) => s.rootId !== supplier.rootId) },
                      'designatedRootIds',
                    )
                  }
                >
                  <CloseOutline />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

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

      <div className="mm-form-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={save.isPending || gate.checking}
          onClick={() => void submit()}
          data-testid="inquiry-submit"
        >
          {editing ? t('form.edit.submit') : t('form.submit')}
        </Button>
      </div>

      <AttrSheet
        visible={attrFor !== null}
        initial={attrFor === null ? [] : (form.specs[attrFor]?.attributes ?? [])}
        onClose={() => setAttrFor(null)}
        onDone={(attributes) => {
          if (attrFor !== null) updateSpec(attrFor, { attributes }, 'attributes');
          setAttrFor(null);
        }}
      />
      {/* Mounted only while open, so the shop search runs only for those who designate suppliers. */}
      {choosingSuppliers && (
        <SupplierSheet
          visible
          chosen={form.suppliers}
          onClose={() => setChoosingSuppliers(false)}
          onDone={(suppliers) => {
            update({ suppliers }, 'designatedRootIds');
            setChoosingSuppliers(false);
          }}
        />
      )}
    </div>
  );
}

/** Why the inquiry cannot be changed here, with the way on: another status, gone, or another company's. */
function NotEditable({ id, reason }: { id: number; reason: 'status' | 'notFound' | 'notMine' }) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const mine = { label: t('form.done.mine'), onClick: () => navigate(Paths.myInquiries, { replace: true }) };
  return (
    <div data-testid="inquiry-not-editable">
      <EmptyState
        kind={reason === 'status' ? 'inbox' : 'search'}
        title={t(`form.edit.${reason}Title`)}
        description={t(`form.edit.${reason}Text`)}
        action={
          reason === 'status'
            ? {
                label: t('form.edit.view'),
                onClick: () => navigate(`${Paths.inquiryDetail}?id=${id}`, { replace: true }),
              }
            : mine
        }
      />
    </div>
  );
}

/**
 * SPEC §2 /pages/input_inquiry/input_inquiry: SPEC §3's inquiry fields with §5's required category,
 * quantity per product, delivery address and quote deadline, and at most 10 specs; checked here by
 * the server's own schema first. Public inquiries wait for review, designated ones go out at once.
 * With `?id=` it changes the company's own inquiry while that waits for review or was rejected; a
 * public one then waits for review again.
 */
export default function InputInquiryPage() {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = inquiryIdParam(params.get('id'));
  const { loggedIn, user } = useSession();
  const detail = useInquiryDetail(id);
  // Kept here: after a designated change the inquiry is open, which must not swap the done screen away.
  // It belongs to the inquiry saved, so another `?id=` on the same page shows its own form.
  const [saved, setSaved] = useState<{ id: number; inquiry: TInquiryDetail } | null>(null);
  const done = saved?.id === id ? saved.inquiry : null;

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  const codeFlag = isApiError(detail.error) ? detail.error.codeFlag : undefined;
  let blocked: 'status' | 'notFound' | 'notMine' | null = null;
  if (id > 0 && !done) {
    if (codeFlag === CodeFlag.notFound) blocked = 'notFound';
    else if (codeFlag === CodeFlag.forbidden || (detail.data && !detail.data.mine)) blocked = 'notMine';
    else if (detail.data && !isEditableInquiry(detail.data)) blocked = 'status';
  }
  // A draft of an inquiry that can no longer be changed is of no use.
  const userId = user?.userId ?? 0;
  useEffect(() => {
    if (blocked && userId) drafts.write(inquiryDraftKey(userId, id), null);
  }, [blocked, userId, id]);

  let body: ReactNode = null;
  if (!user) body = null;
  else if (done)
    body = (
      <Done
        inquiry={done}
        edited={id > 0}
        onAnother={() => (id > 0 ? navigate(Paths.inputInquiry, { replace: true }) : setSaved(null))}
      />
    );
  else if (blocked) body = <NotEditable id={id} reason={blocked} />;
  else if (id > 0 && detail.isError)
    body = (
      <EmptyState
        kind="lost"
        title={t('form.edit.loadFailed')}
        action={{ label: t('form.mine.retry'), onClick: () => void detail.refetch() }}
      />
    );
  else if (id > 0 && !detail.data) body = <PageLoading />;
  else
    body = (
      <InquiryFormBody
        key={id}
        userId={user.userId}
        account={user.account}
        editing={id > 0 ? detail.data : undefined}
        onSaved={(inquiry) => setSaved({ id, inquiry })}
      />
    );

  return (
    <Page
      title={id > 0 ? t('form.edit.title') : t('form.title')}
      backTo={id > 0 ? `${Paths.myInquiries}?tab=review` : rootPath('me')}
      className="mm-form-page mm-stock-input mm-inq-input"
    >
      {body}
    </Page>
  );
}
