import {
  CAPACITY_CONTACT_NAME_MAX,
  CAPACITY_INFO_MAX,
  CAPACITY_PRODUCT_NAME_MAX,
  CodeFlag,
  capacityAttributeLabel,
  MAX_CAPACITY_IMAGES,
  type TCapacityDetail,
  type TSort,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import TextArea from 'antd-mobile/es/components/text-area';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { useDraft } from '../../../components/form/draft';
import { FieldRow, LinkRow } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { ImageUploader, useImageUploads } from '../../../components/ImageUploader';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showInfo, showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useCompanyInfo } from '../../companies/api';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { useMarketSorts } from '../../markets/api';
import { groupByMetal } from '../../markets/groups';
import { useCapacityDetail, useSaveCapacity } from '../api';
import {
  type CapacityDraft,
  capacityDraftKey,
  capacityErrors,
  draftFromDetail,
  emptyDraft,
  sameRequest,
  toSaveRequest,
} from '../form';
import '../capacities.css';

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/**
 * SPEC §2 pagesA/input_capacity/input_capacity: posts a capacity, or with `?id=` modifies one of the
 * company's. Minimum order, monthly production and contact are required (SPEC §5); the attributes are
 * chosen on choose_capacity_attr, which shares this page's draft.
 */
export default function InputCapacityPage() {
  const { t } = useTranslation(['capacities', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const { loggedIn } = useSession();
  const detail = useCapacityDetail(loggedIn ? id : 0);
  const company = useCompanyInfo();
  const title = id > 0 ? t('input.editTitle') : t('input.title');

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        title={t('manage.loginTitle')}
        action={{ label: t('manage.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (
    id > 0 &&
    ((isApiError(detail.error) && detail.error.codeFlag === CodeFlag.notFound) || (detail.data && !detail.data.mine))
  ) {
    body = (
      <EmptyState
        kind="search"
        title={t('input.notFound')}
        action={{ label: t('input.backToManage'), onClick: () => navigate(Paths.capacityManage, { replace: true }) }}
      />
    );
  } else if (id > 0 && detail.isError) {
    body = (
      <EmptyState
        kind="lost"
        title={t('input.loadFailed')}
        action={{ label: t('retry'), onClick: () => void detail.refetch() }}
      />
    );
  } else if ((id > 0 && !detail.data) || (id === 0 && company.isPending)) {
    body = <PageLoading />;
  } else {
    const contact = company.data?.linkInfo;
    body = (
      <CapacityForm
        id={id}
        detail={detail.data}
        initial={
          detail.data
            ? draftFromDetail(detail.data)
            : emptyDraft({ name: contact?.linkName ?? '', phone: contact?.linkPhone ?? '' })
        }
      />
    );
  }

  return (
    <Page title={title} backTo={Paths.capacityManage} className="mm-form-page mm-cap-page">
      {body}
    </Page>
  );
}

/** The category chooser: the market catalogue by metal, as the company's products are chosen. */
function CategorySheet({
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

function CapacityForm({ id, detail, initial }: { id: number; detail?: TCapacityDetail; initial: CapacityDraft }) {
  const { t } = useTranslation(['capacities', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const message = useMessage();
  const [lang] = useLanguage();
  const { user } = useSession();
  const key = capacityDraftKey(user?.userId ?? 0, id);
  const [stored, setDraft] = useDraft<CapacityDraft>(key);
  const draft = stored ?? initial;
  const sorts = useMarketSorts();
  const save = useSaveCapacity();
  const gate = useCompanyInfoGate();
  const errors = useFieldErrors();
  const [choosing, setChoosing] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const uploads = useImageUploads('image', Math.max(0, MAX_CAPACITY_IMAGES - draft.images.length));

  // The draft exists from the first render on, so choose_capacity_attr always finds what this page shows.
  const leaving = useRef(false);
  useEffect(() => {
    if (stored === null && !leaving.current) setDraft(initial);
  }, [stored, initial, setDraft]);

  // A finished upload joins the draft's images (which outlive the page), and leaves the uploader.
  const { uploaded, doneKeys, remove: forgetUploads } = uploads;
  useEffect(() => {
    if (doneKeys.length === 0) return;
    setDraft((current) => {
      const base = current ?? initial;
      return {
        ...base,
        images: [...base.images, ...uploaded.map((f) => ({ id: f.id, url: f.url, thumbUrl: f.thumbUrl ?? f.url }))],
      };
    });
    forgetUploads(doneKeys);
  }, [uploaded, doneKeys, forgetUploads, setDraft, initial]);

  const update = (change: Partial<CapacityDraft>) => {
    setDraft((current) => ({ ...(current ?? initial), ...change }));
    for (const field of Object.keys(change)) if (errors.keys[field]) errors.set(field, '');
  };

  const sortList = sorts.data ?? [];
  const sort = sortList.find((s) => s.id === draft.sortId);
  const request = toSaveRequest(draft, id);
  const unchanged = detail ? sameRequest(request, toSaveRequest(draftFromDetail(detail), id)) : false;

  const openAttributes = () => {
    if (uploads.busy) {
      showInfo(t('input.waitUploads'));
      return;
    }
    navigate(`${Paths.chooseCapacityAttr}${id > 0 ? `?id=${id}` : ''}`);
  };

  const submit = async () => {
    if (uploads.busy) {
      showInfo(t('input.waitUploads'));
      return;
    }
    if (uploads.failed) {
      showFail(t('input.uploadFailed'));
      return;
    }
    const problems = capacityErrors(request);
    errors.setAll(problems);
    const first = Object.entries(problems)[0];
    if (first) {
      showFail(message(first[1]));
      document.querySelector(`[data-field="${first[0]}"]`)?.scrollIntoView({ block: 'center' });
      return;
    }
    if (detail?.status === 'passed') {
      const confirmed = await Dialog.confirm({
        content: t('input.passedConfirm'),
        confirmText: t('input.passedConfirmOk'),
        cancelText: t('input.cancel'),
      });
      if (!confirmed) return;
    }
    await gate.guard(async () => {
      try {
        const saved = await save.mutateAsync(request);
        // The draft is done with; leaving first keeps the page from writing it again as it goes.
        leaving.current = true;
        navigate(Paths.capacityManage, { replace: true });
        setDraft(null);
        showSuccess(saved.status === 'waiting' ? t('input.submitted') : t('input.savedUnchanged'));
      } catch (error) {
        // What was typed stays; the server's reasons go beside their fields.
        errors.setFromServer(error);
      }
    });
  };

  const tonsField = (field: 'minOrder' | 'monthlyOutput') => (
    <FieldRow
      label={<span className="mm-form-required">{t(`fields.${field}`)}</span>}
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
        <span className="mm-cap-unit">{t('fields.unit')}</span>
      </div>
    </FieldRow>
  );

  const attributeSummary = draft.attributes
    .map((a) => `${capacityAttributeLabel(a.name, lang)} ${a.value}`)
    .join(' · ');

  return (
    <>
      {detail?.status === 'notPassed' && (
        <p className="mm-cap-banner is-rejected" role="alert">
          {t('input.rejected', { reason: detail.reason })}
        </p>
      )}
      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-cap-title">{t('input.sectionProduct')}</h2>
        <FieldRow
          label={<span className="mm-form-required">{t('fields.category')}</span>}
          field="sortId"
          error={errors.show('sortId')}
        >
          <button
            type="button"
            className={`mm-cap-select ${sort ? '' : 'is-empty'}`}
            onClick={() => setChoosing(true)}
            data-testid="capacity-category"
          >
            {sort?.sortName ?? (draft.sortId ? `#${draft.sortId}` : t('fields.categoryPlaceholder'))}
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

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-cap-title">{t('input.sectionOutput')}</h2>
        {tonsField('minOrder')}
        {tonsField('monthlyOutput')}
      </section>

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
                    onClick={() => setViewing(index)}
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

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-cap-title">{t('input.sectionContact')}</h2>
        <FieldRow
          label={<span className="mm-form-required">{t('fields.contactName')}</span>}
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
          label={<span className="mm-form-required">{t('fields.contactPhone')}</span>}
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

      <div className="mm-form-footer">
        <span className="mm-cap-footnote">{t('input.reviewHint')}</span>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={unchanged}
          loading={save.isPending || gate.checking}
          onClick={() => void submit()}
          data-testid="capacity-submit"
        >
          {id > 0 ? t('input.saveChanges') : t('input.submit')}
        </Button>
      </div>

      <CategorySheet
        open={choosing}
        sorts={sortList}
        chosen={draft.sortId}
        onChoose={(sortId) => {
          update({ sortId });
          setChoosing(false);
        }}
        onClose={() => setChoosing(false)}
      />
      <ImageViewer.Multi
        visible={viewing !== null}
        images={draft.images.map((image) => image.url)}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
