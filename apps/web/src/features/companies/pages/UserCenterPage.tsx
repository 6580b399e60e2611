import { BUSINESS_MODELS, MAX_BUSINESS_PHONES, MAX_FAXES, type TCompanyInfo } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input, { type InputRef } from 'antd-mobile/es/components/input';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDraft } from '../../../components/form/draft';
import { FieldRow, LinkRow } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useSaveCompanyInfo } from '../api';
import { CompanyPage } from '../components/CompanyPage';
import { MissingBanner } from '../components/MissingBanner';
import { NameSection } from '../components/NameSection';
import { NumberList } from '../components/NumberList';
import {
  type CompanyForm,
  changedFields,
  companyFormErrors,
  DraftKeys,
  FORM_FIELDS,
  formFromInfo,
  toSaveRequest,
} from '../form';
import '../companies.css';
import { placeLine } from '../../../components/form/place';
import { useRegionName } from '../../../lib/regionName';

/** What user_center keeps unsaved: the form's changed fields and the company name being typed. */
type Draft = Partial<CompanyForm> & { name?: string };

/**
 * One save model: every part of the page saves itself, and the gate's banner is the server's answer. The name
 * has its own button, the contact info, address and scopes their pages, and each card of fields below its own
 * save button, for that card's fields only.
 */
const SECTION_FIELDS = {
  basic: ['brand', 'businessModel'],
  contact: ['phones', 'faxes', 'qq', 'wechat', 'webUrl'],
} as const satisfies Record<string, readonly (typeof FORM_FIELDS)[number][]>;
type Section = keyof typeof SECTION_FIELDS;

const pick = (changes: Partial<CompanyForm>, section: Section): Partial<CompanyForm> =>
  Object.fromEntries(
    Object.entries(changes).filter(([field]) => (SECTION_FIELDS[section] as readonly string[]).includes(field)),
  );

/** SPEC §2 pagesA/user_center/user_center: the whole company info, and the company-info gate's target. */
export default function UserCenterPage() {
  const { t } = useTranslation('companies');
  return (
    <CompanyPage title={t('titles.userCenter')} backTo={rootPath('me')}>
      {(info) => <CompanyInfoForm info={info} />}
    </CompanyPage>
  );
}

function CompanyInfoForm({ info }: { info: TCompanyInfo }) {
  const { t } = useTranslation(['companies', 'common']);
  const regionName = useRegionName();
  const message = useMessage();
  const navigate = useNavigate();
  const { user } = useSession();
  useDialogsClosedOnLeave();
  const [draft, setDraft] = useDraft<Draft>(DraftKeys.companyForm(user?.userId ?? 0));
  const errors = useFieldErrors();
  const save = useSaveCompanyInfo();
  const nameInput = useRef<InputRef>(null);

  const saved = formFromInfo(info);
  const form: CompanyForm = { ...saved };
  for (const field of FORM_FIELDS) {
    if (draft?.[field] !== undefined) Object.assign(form, { [field]: draft[field] });
  }
  const changes = changedFields(form, info);
  const dirty = (section: Section) => Object.keys(pick(changes, section)).length > 0;
  const editable = info.editable;

  const update = (patch: Partial<CompanyForm>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A field's error (and its items') goes as soon as it is touched.
    const touched = Object.keys(patch);
    const kept = Object.fromEntries(
      Object.entries(errors.keys).filter(([key]) => !touched.some((f) => key === f || key.startsWith(`${f}.`))),
    );
    if (Object.keys(kept).length !== Object.keys(errors.keys).length) errors.setAll(kept);
  };

  const showFirstError = (fields: Record<string, string>) => {
    const first = Object.keys(fields)[0];
    if (!first) return;
    document.querySelector(`[data-field="${first}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const onSave = async (section: Section) => {
    const mine = pick(changes, section);
    // Blank number rows are unused slots: they go now, so the errors' positions match what is shown.
    if (mine.phones || mine.faxes) setDraft((current) => ({ ...current, ...mine }));
    const problems = companyFormErrors(mine);
    errors.setAll(problems);
    if (Object.keys(problems).length > 0) {
      showFail(message(Object.values(problems)[0]!));
      showFirstError(problems);
      return;
    }
    try {
      await save.mutateAsync(toSaveRequest(mine));
      // The other card's edits and the name being typed stay as they are.
      setDraft((current) => {
        const rest = Object.fromEntries(
          Object.entries(current ?? {}).filter(
            ([field]) => !(SECTION_FIELDS[section] as readonly string[]).includes(field),
          ),
        );
        return Object.keys(rest).length > 0 ? rest : null;
      });
      showSuccess(t('saved'));
    } catch (error) {
      // The draft stays as typed; the server's reasons go beside their fields.
      errors.setFromServer(error);
    }
  };

  const goToMissing = (part: TCompanyInfo['missing'][number]) => {
    if (part === 'name') {
      document.querySelector('[data-field="name"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      nameInput.current?.focus();
    } else if (part === 'businessModel') {
      document.querySelector('[data-field="businessModel"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    } else if (part === 'linkInfo') {
      navigate(Paths.linkInfo);
    } else {
      navigate(Paths.managerAddress);
    }
  };

  const text = (value: string) => value || t('notFilled');
  const productNames = (list: TCompanyInfo['sellProducts']) =>
    list.length > 0 ? list.map((p) => p.sortName).join(' · ') : t('notChosen');
  const address = info.manageAddress;
  const addressText = info.haveManageAddress ? `${placeLine(address, regionName)} ${address.detail}` : t('notFilled');
  const linkText = info.linkInfo.linkName ? `${info.linkInfo.linkName} ${info.linkInfo.linkPhone}` : t('notFilled');

  const textField = (
    field: 'brand' | 'qq' | 'wechat' | 'webUrl',
    options: { maxLength: number; inputMode?: 'numeric' | 'url' | 'text' },
  ) => (
    <FieldRow label={t(`${field}.label`)} htmlFor={`company-${field}`} field={field} error={errors.show(field)}>
      {editable ? (
        <Input
          id={`company-${field}`}
          name={field}
          value={form[field]}
          maxLength={options.maxLength}
          inputMode={options.inputMode}
          placeholder={t(`${field}.placeholder`)}
          onChange={(value) => update({ [field]: value } as Partial<CompanyForm>)}
          clearable
        />
      ) : (
        <span className="mm-form-value">{text(form[field])}</span>
      )}
    </FieldRow>
  );

  const sectionSave = (section: Section) =>
    editable &&
    dirty(section) && (
      <div className="mm-co-section-save" data-testid={`unsaved-${section}`}>
        <span className="mm-co-unsaved">{t('unsaved')}</span>
        <Button
          color="primary"
          shape="rounded"
          size="small"
          loading={save.isPending}
          onClick={() => void onSave(section)}
          data-testid={`company-save-${section}`}
        >
          {t('save')}
        </Button>
      </div>
    );

  return (
    <>
      {!editable && (
        <p className="mm-co-readonly" data-testid="company-readonly">
          {t('readOnly')}
        </p>
      )}
      {!info.complete && <MissingBanner missing={info.missing} editable={editable} onGo={goToMissing} />}

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title">{t('sections.basic')}</h2>
        <NameSection
          info={info}
          typed={draft?.name ?? ''}
          onType={(name) => setDraft((current) => ({ ...current, name }))}
          onSet={() =>
            setDraft((current) => {
              if (!current) return null;
              const { name: _, ...rest } = current;
              return Object.keys(rest).length > 0 ? rest : null;
            })
          }
          inputRef={nameInput}
        />
        {textField('brand', { maxLength: 30 })}
        <FieldRow label={t('businessModel.label')} field="businessModel" error={errors.show('businessModel')}>
          {editable ? (
            <div className="mm-co-models">
              {BUSINESS_MODELS.map((model) => (
                <button
                  key={model}
                  type="button"
                  aria-pressed={form.businessModel === model}
                  className={form.businessModel === model ? 'is-active' : ''}
                  onClick={() => update({ businessModel: model })}
                  data-testid={`model-${model}`}
                >
                  {t(`businessModel.${model}`)}
                </button>
              ))}
            </div>
          ) : (
            <span className="mm-form-value">
              {form.businessModel ? t(`businessModel.${form.businessModel}`) : t('notFilled')}
            </span>
          )}
        </FieldRow>
        {sectionSave('basic')}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title">{t('sections.scope')}</h2>
        <LinkRow
          label={t('products.sell')}
          value={productNames(info.sellProducts)}
          onClick={() => navigate(Paths.sellScope)}
          testId="row-sell"
        />
        <LinkRow
          label={t('products.buy')}
          value={productNames(info.buyProducts)}
          onClick={() => navigate(Paths.buyScope)}
          testId="row-buy"
        />
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title">{t('sections.contact')}</h2>
        <LinkRow
          label={t('rows.linkInfo')}
          value={linkText}
          missing={info.missing.includes('linkInfo')}
          onClick={() => navigate(Paths.linkInfo)}
          testId="row-link"
        />
        <LinkRow label={t('rows.linkWay')} value="" onClick={() => navigate(Paths.linkWay)} testId="row-link-way" />
        <LinkRow
          label={t('rows.address')}
          value={addressText}
          missing={info.missing.includes('manageAddress')}
          onClick={() => navigate(Paths.managerAddress)}
          testId="row-address"
        />
        {editable ? (
          <>
            <NumberList
              field="phones"
              label={t('numbers.phones')}
              values={form.phones}
              max={MAX_BUSINESS_PHONES}
              placeholder={t('numbers.phonePlaceholder')}
              addLabel={t('numbers.addPhone')}
              removeLabel={(index) => t('numbers.removePhone', { index })}
              onChange={(phones) => update({ phones })}
              errorOf={errors.show}
            />
            <NumberList
              field="faxes"
              label={t('numbers.faxes')}
              values={form.faxes}
              max={MAX_FAXES}
              placeholder={t('numbers.faxPlaceholder')}
              addLabel={t('numbers.addFax')}
              removeLabel={(index) => t('numbers.removeFax', { index })}
              onChange={(faxes) => update({ faxes })}
              errorOf={errors.show}
            />
          </>
        ) : (
          <>
            <FieldRow label={t('numbers.phones')} field="phones">
              <span className="mm-form-value">{form.phones.join('\n') || t('numbers.none')}</span>
            </FieldRow>
            <FieldRow label={t('numbers.faxes')} field="faxes">
              <span className="mm-form-value">{form.faxes.join('\n') || t('numbers.none')}</span>
            </FieldRow>
          </>
        )}
        {textField('qq', { maxLength: 12, inputMode: 'numeric' })}
        {textField('wechat', { maxLength: 20 })}
        {textField('webUrl', { maxLength: 200, inputMode: 'url' })}
        {sectionSave('contact')}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title">{t('sections.certification')}</h2>
        <LinkRow icon={<FileOutline />} label={t('rows.license')} onClick={() => navigate(Paths.licensePage)} />
        <LinkRow
          icon={<CheckShieldOutline />}
          label={t('rows.faceVerify')}
          onClick={() => navigate(Paths.faceVerify)}
        />
        <LinkRow icon={<PictureOutline />} label={t('rows.album')} onClick={() => navigate(Paths.albumManager)} />
        <LinkRow icon={<ShopbagOutline />} label={t('rows.openShop')} onClick={() => navigate(Paths.openShop)} />
      </section>
    </>
  );
}
