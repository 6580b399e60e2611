import {
  CAPACITY_CONTACT_NAME_MAX,
  CAPACITY_INFO_MAX,
  CAPACITY_PRODUCT_NAME_MAX,
  capacityAttributeLabel,
  MAX_CAPACITY_IMAGES,
  type TSort,
} from '@metal/shared';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import TextArea from 'antd-mobile/es/components/text-area';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useTranslation } from 'react-i18next';
import { FieldRow, LinkRow, required } from '../../../components/form/Rows';
import { ImageUploader } from '../../../components/ImageUploader';
import { useLanguage } from '../../../lib/i18n';
import { groupByMetal } from '../../markets/groups';
import type { CapacityFormState } from '../useCapacityForm';

/** The category chooser: the market catalogue by metal, as the company's products are chosen. */
export function CategorySheet({
  open,
  sorts,
  chosen,
  onChoose,
  onClose,
}: {
  open: boolean;
  sorts: TSort[];
  chosen: number | null;
  onChoose: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['capacities', 'markets']);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-cap-sheet">
      <div className="mm-cap-sheet-head">
        <h2>{t('input.chooseCategory')}</h2>
        <button type="button" className="mm-form-icon-button" aria-label={t('input.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      <div className="mm-cap-sheet-body" data-testid="category-sheet">
        {groupByMetal(sorts).map((section) => (
          <div key={section.metal} className="mm-form-metal">
            <h3>{t(`markets:picker.metal.${section.metal}`)}</h3>
            <div className="mm-form-sorts">
              {section.sorts.map((sort) => (
                <button
                  key={sort.id}
                  type="button"
                  className={`mm-form-sort ${sort.id === chosen ? 'is-chosen' : ''}`}
                  aria-pressed={sort.id === chosen}
                  onClick={() => onChoose(sort.id)}
                  data-testid={`category-${sort.id}`}
                >
                  {sort.id === chosen && <CheckOutline aria-hidden="true" />}
                  <span>{sort.sortName}</span>
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
    </Popup>
  );
}

/** What is offered: the category (chosen on a sheet), the product's name and its attributes. */
export function ProductSection({
  state: { draft, errors, update, openAttributes },
  sort,
  onChooseCategory,
}: {
  state: CapacityFormState;
  /** The category chosen, once the catalogue has it. */
  sort?: TSort;
  onChooseCategory: () => void;
}) {
  const { t } = useTranslation(['capacities', 'form']);
  const [lang] = useLanguage();
  const attributeSummary = draft.attributes
    .map((a) => `${capacityAttributeLabel(a.name, lang)} ${a.value}`)
    .join(' · ');
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-cap-title">{t('input.sectionProduct')}</h2>
      <FieldRow label={required(t('fields.category'))} field="sortId" error={errors.show('sortId')}>
        <button
          type="button"
          className={`mm-cap-select ${sort ? '' : 'is-empty'}`}
          onClick={onChooseCategory}
          data-testid="capacity-category"
        >
          {sort?.sortName ?? (draft.sortId ? `#${draft.sortId}` : t('form:chooseCategory'))}
        </button>
      </FieldRow>
      <FieldRow
        label={t('fields.productName')}
        htmlFor="capacity-product"
        field="productName"
        error={errors.show('productName')}
      >
        <Input
          id="capacity-product"
          name="productName"
          value={draft.productName}
          maxLength={CAPACITY_PRODUCT_NAME_MAX}
          placeholder={t('fields.productNamePlaceholder')}
          onChange={(value) => update({ productName: value })}
          clearable
        />
      </FieldRow>
      <div data-field="attributes" className={errors.show('attributes') ? 'has-error' : ''}>
        <LinkRow
          label={t('fields.attributes')}
          value={attributeSummary || t('fields.attributesNone')}
          missing={false}
          onClick={openAttributes}
          testId="capacity-attributes"
        />
        {errors.show('attributes') && (
          <div className="mm-form-error mm-cap-row-error" role="alert">
            {errors.show('attributes')}
          </div>
        )}
      </div>
    </section>
  );
}

/** SPEC §5's required minimum order and monthly production, in tons. */
export function OutputSection({ state: { draft, errors, update } }: { state: CapacityFormState }) {
  const { t } = useTranslation(['capacities', 'form']);
  const tonsField = (field: 'minOrder' | 'monthlyOutput') => (
    <FieldRow
      label={required(t(`fields.${field}`))}
      htmlFor={`capacity-${field}`}
      field={field}
      error={errors.show(field)}
    >
      <div className="mm-cap-tons">
        <Input
          id={`capacity-${field}`}
          name={field}
          value={draft[field]}
          inputMode="decimal"
          maxLength={12}
          placeholder={t('fields.tonsPlaceholder')}
          onChange={(value) => update({ [field]: value })}
        />
        <span className="mm-cap-unit">{t('form:tons')}</span>
      </div>
    </FieldRow>
  );
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-cap-title">{t('input.sectionOutput')}</h2>
      {tonsField('minOrder')}
      {tonsField('monthlyOutput')}
    </section>
  );
}

/** The images (those stored, then the uploader) and the free text. */
export function MoreSection({
  state: { draft, errors, uploads, update },
  onViewImage,
}: {
  state: CapacityFormState;
  onViewImage: (index: number) => void;
}) {
  const { t } = useTranslation('capacities');
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-cap-title">{t('input.sectionMore')}</h2>
      <div className="mm-cap-images" data-field="imageIds">
        <p className="mm-cap-hint">{t('fields.imagesHint', { max: MAX_CAPACITY_IMAGES })}</p>
        <div className="mm-cap-image-grid">
          <ul className="mm-uploader-grid" data-testid="capacity-images">
            {draft.images.map((image, index) => (
              <li key={image.id} className="mm-uploader-tile">
                <button
                  type="button"
                  className="mm-uploader-preview"
                  aria-label={t('input.viewImage')}
                  onClick={() => onViewImage(index)}
                >
                  <img src={image.thumbUrl} alt="" />
                </button>
                <button
                  type="button"
                  className="mm-uploader-remove"
                  aria-label={t('input.removeImage')}
                  onClick={() => update({ images: draft.images.filter((i) => i.id !== image.id) })}
                >
                  <CloseOutline />
                </button>
              </li>
            ))}
          </ul>
          {draft.images.length < MAX_CAPACITY_IMAGES && <ImageUploader uploads={uploads} />}
        </div>
        {errors.show('imageIds') && (
          <div className="mm-form-error" role="alert">
            {errors.show('imageIds')}
          </div>
        )}
      </div>
      <div className="mm-cap-top">
        <FieldRow label={t('fields.info')} htmlFor="capacity-info" field="info" error={errors.show('info')}>
          <TextArea
            id="capacity-info"
            name="info"
            value={draft.info}
            maxLength={CAPACITY_INFO_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('fields.infoPlaceholder')}
            onChange={(value) => update({ info: value })}
          />
        </FieldRow>
      </div>
    </section>
  );
}

/** The contact buyers reach, required (SPEC §5); a new capacity starts with the company's own. */
export function ContactSection({ state: { draft, errors, update } }: { state: CapacityFormState }) {
  const { t } = useTranslation('capacities');
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title mm-cap-title">{t('input.sectionContact')}</h2>
      <FieldRow
        label={required(t('fields.contactName'))}
        htmlFor="capacity-contact-name"
        field="contactName"
        error={errors.show('contactName')}
      >
        <Input
          id="capacity-contact-name"
          name="contactName"
          value={draft.contactName}
          maxLength={CAPACITY_CONTACT_NAME_MAX}
          placeholder={t('fields.contactNamePlaceholder')}
          onChange={(value) => update({ contactName: value })}
          clearable
        />
      </FieldRow>
      <FieldRow
        label={required(t('fields.contactPhone'))}
        htmlFor="capacity-contact-phone"
        field="contactPhone"
        error={errors.show('contactPhone')}
      >
        <Input
          id="capacity-contact-phone"
          name="contactPhone"
          value={draft.contactPhone}
          maxLength={20}
          inputMode="tel"
          placeholder={t('fields.contactPhonePlaceholder')}
          onChange={(value) => update({ contactPhone: value })}
          clearable
        />
      </FieldRow>
    </section>
  );
}
