import {
  CAPACITY_ATTRIBUTE_NAME_MAX,
  CAPACITY_ATTRIBUTE_PRESETS,
  CAPACITY_ATTRIBUTE_SUGGESTIONS,
  CAPACITY_ATTRIBUTE_VALUE_MAX,
  type CapacityAttributePreset,
  capacityAttributeLabel,
  capacityAttributePreset,
  isCapacityAttributePreset,
  MAX_CAPACITY_ATTRIBUTES,
  type TCapacityAttribute,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { useDraft } from '../../../components/form/draft';
import { Page, useBack } from '../../../components/Page';
import { showFail } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { localizeMessage } from '../../../lib/validation';
import { useMarketSorts } from '../../markets/api';
import { attributeErrors, type CapacityDraft, capacityDraftKey } from '../form';
import '../../../components/form/form.css';
import '../capacities.css';
import '../locale';

/**
 * SPEC §2 pagesA/input_capacity/choose_capacity_attr: the capacity's attributes, chosen from presets
 * (with common values for the category's metal) or named by the poster, at most MAX_CAPACITY_ATTRIBUTES.
 * It edits input_capacity's draft (same `?id=`) and goes back to it when done.
 */
export default function ChooseCapacityAttrPage() {
  const { t } = useTranslation('capacities');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) > 0 ? Number(params.get('id')) : 0;
  const formPath = `${Paths.inputCapacity}${id > 0 ? `?id=${id}` : ''}`;
  const { user } = useSession();
  const [draft, setDraft] = useDraft<CapacityDraft>(capacityDraftKey(user?.userId ?? 0, id));

  return (
    <Page title={t('attr.title')} backTo={formPath} className="mm-form-page mm-cap-page">
      {draft ? (
        <AttributeEditor draft={draft} onDone={(attributes) => setDraft({ ...draft, attributes })} backTo={formPath} />
      ) : (
        <EmptyState
          kind="search"
          title={t('attr.noDraft')}
          action={{ label: t('attr.toForm'), onClick: () => navigate(formPath, { replace: true }) }}
        />
      )}
    </Page>
  );
}

function AttributeEditor({
  draft,
  onDone,
  backTo,
}: {
  draft: CapacityDraft;
  onDone: (attributes: TCapacityAttribute[]) => void;
  backTo: string;
}) {
  const { t } = useTranslation('capacities');
  const [lang] = useLanguage();
  const back = useBack(backTo);
  const sorts = useMarketSorts();
  const metal = sorts.data?.find((s) => s.id === draft.sortId)?.metal;
  const [rows, setRows] = useState<TCapacityAttribute[]>(() => draft.attributes.map((a) => ({ ...a })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [custom, setCustom] = useState({ name: '', value: '' });
  const [customError, setCustomError] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const full = rows.length >= MAX_CAPACITY_ATTRIBUTES;
  const used = new Set(rows.map((row) => capacityAttributePreset(row.name) ?? row.name.trim().toLowerCase()));
  const error = (key: string) => (errors[key] ? localizeMessage(errors[key], lang) : undefined);

  const change = (index: number, value: string) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, value } : row)));
    setErrors({});
  };
  const removeRow = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    setErrors({});
  };
  const addPreset = (preset: CapacityAttributePreset) => {
    if (full) return;
    setRows((current) => [...current, { name: preset, value: '' }]);
    setActive(preset);
  };
  const addCustom = () => {
    const next = { name: custom.name.trim(), value: custom.value.trim() };
    const problems = attributeErrors([...rows, next]);
    const own = problems[`${rows.length}.name`] ?? problems[`${rows.length}.value`] ?? problems[''];
    if (own) {
      setCustomError(own);
      return;
    }
    setRows([...rows, { name: capacityAttributePreset(next.name) ?? next.name, value: next.value }]);
    setCustom({ name: '', value: '' });
    setCustomError('');
  };
  const done = () => {
    const trimmed = rows.map((row) => ({ name: row.name.trim(), value: row.value.trim() }));
    const problems = attributeErrors(trimmed);
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) {
      showFail(localizeMessage(first, lang));
      return;
    }
    onDone(trimmed);
    back();
  };

  return (
    <>
      <p className="mm-form-intro">{t('attr.intro', { max: MAX_CAPACITY_ATTRIBUTES })}</p>
      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-cap-title">
          {t('attr.chosen', { count: rows.length, max: MAX_CAPACITY_ATTRIBUTES })}
        </h2>
        {rows.length === 0 && <p className="mm-form-hint-block">{t('attr.chosenEmpty')}</p>}
        <ul className="mm-cap-attr-list" data-testid="attr-rows">
          {rows.map((row, index) => {
            const label = capacityAttributeLabel(row.name, lang);
            // Only the row being filled offers its common values, so the list stays short.
            const suggestions =
              metal && row.name === active && isCapacityAttributePreset(row.name)
                ? CAPACITY_ATTRIBUTE_SUGGESTIONS[metal][row.name]
                : [];
            const rowError = error(`${index}.value`) ?? error(`${index}.name`);
            return (
              <li key={row.name} className={`mm-cap-attr ${rowError ? 'has-error' : ''}`}>
                <div className="mm-form-row-main">
                  <label className="mm-form-label" htmlFor={`attr-${index}`}>
                    {label}
                  </label>
                  <div className="mm-form-control">
                    <Input
                      id={`attr-${index}`}
                      value={row.value}
                      maxLength={CAPACITY_ATTRIBUTE_VALUE_MAX}
                      placeholder={t('attr.valuePlaceholder')}
                      onFocus={() => setActive(row.name)}
                      onChange={(value) => change(index, value)}
                    />
                  </div>
                  <button
                    type="button"
                    className="mm-form-icon-button"
                    aria-label={t('attr.remove', { name: label })}
                    onClick={() => removeRow(index)}
                  >
                    <CloseOutline />
                  </button>
                </div>
                {suggestions.length > 0 && (
                  <div className="mm-cap-suggestions">
                    {suggestions.map((suggestion) => (
                      <button
                        key={suggestion['en-US']}
                        type="button"
                        className={row.value === suggestion[lang] ? 'is-chosen' : ''}
                        onClick={() => change(index, suggestion[lang])}
                      >
                        {suggestion[lang]}
                      </button>
                    ))}
                  </div>
                )}
                {rowError && (
                  <div className="mm-form-error" role="alert">
                    {rowError}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {error('') && (
          <div className="mm-form-error mm-cap-row-error" role="alert">
            {error('')}
          </div>
        )}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-cap-title">{t('attr.presets')}</h2>
        {!metal && <p className="mm-form-hint-block">{t('attr.noCategory')}</p>}
        <div className="mm-cap-presets" data-testid="attr-presets">
          {CAPACITY_ATTRIBUTE_PRESETS.filter((preset) => !used.has(preset)).map((preset) => (
            <button
              key={preset}
              type="button"
              disabled={full}
              onClick={() => addPreset(preset)}
              data-testid={`attr-preset-${preset}`}
            >
              <AddOutline aria-hidden="true" />
              {capacityAttributeLabel(preset, lang)}
            </button>
          ))}
        </div>
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title mm-cap-title">{t('attr.custom')}</h2>
        <div className="mm-form-row">
          <div className="mm-form-row-main">
            <label className="mm-form-label" htmlFor="attr-custom-name">
              {t('attr.customName')}
            </label>
            <div className="mm-form-control">
              <Input
                id="attr-custom-name"
                value={custom.name}
                maxLength={CAPACITY_ATTRIBUTE_NAME_MAX}
                placeholder={t('attr.customNamePlaceholder')}
                onChange={(name) => {
                  setCustom({ ...custom, name });
                  setCustomError('');
                }}
              />
            </div>
          </div>
        </div>
        <div className={`mm-form-row ${customError ? 'has-error' : ''}`}>
          <div className="mm-form-row-main">
            <label className="mm-form-label" htmlFor="attr-custom-value">
              {t('attr.customValue')}
            </label>
            <div className="mm-form-control">
              <Input
                id="attr-custom-value"
                value={custom.value}
                maxLength={CAPACITY_ATTRIBUTE_VALUE_MAX}
                placeholder={t('attr.customValuePlaceholder')}
                onChange={(value) => {
                  setCustom({ ...custom, value });
                  setCustomError('');
                }}
              />
            </div>
            <Button size="small" color="primary" fill="outline" disabled={full} onClick={addCustom}>
              {t('attr.add')}
            </Button>
          </div>
          {customError && (
            <div className="mm-form-error" role="alert">
              {localizeMessage(customError, lang)}
            </div>
          )}
        </div>
      </section>

      <div className="mm-form-footer">
        <Button block color="primary" shape="rounded" size="large" onClick={done} data-testid="attr-done">
          {t('attr.done')}
        </Button>
      </div>
    </>
  );
}
