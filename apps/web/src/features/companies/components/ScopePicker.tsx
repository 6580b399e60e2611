import { MAX_COMPANY_PRODUCTS, type TCompanyInfo } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { useBack } from '../../../components/Page';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useMessage } from '../../../lib/validation';
import { useMarketSorts } from '../../markets/api';
import { groupByMetal } from '../../markets/groups';
import { useSaveCompanyInfo } from '../api';

export type ScopeField = 'sellProducts' | 'buyProducts';

/**
 * sort/sell_sort and sort/buy_sort: the company's categories, chosen from the market sort catalogue.
 * A category is added once: adding it again says 'Avoid duplicate categories.' (SPEC §8); chosen ones
 * are removed from the list on top. At most MAX_COMPANY_PRODUCTS.
 */
export function ScopePicker({ info, field }: { info: TCompanyInfo; field: ScopeField }) {
  return info.editable ? <ScopeEditor info={info} field={field} /> : <ScopeList info={info} field={field} />;
}

/** An employee's view: the categories, nothing to change. */
function ScopeList({ info, field }: { info: TCompanyInfo; field: ScopeField }) {
  const { t } = useTranslation('companies');
  const saved = info[field];
  return (
    <section className="mm-card mm-form-card">
      <h2 className="mm-section-title">{t(field === 'sellProducts' ? 'products.sell' : 'products.buy')}</h2>
      {saved.length === 0 ? (
        <p className="mm-form-hint-block">{t('scope.readOnlyEmpty')}</p>
      ) : (
        <ul className="mm-co-chosen" data-testid="scope-selected">
          {saved.map((p) => (
            <li key={p.id}>
              <span>{p.sortName}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ScopeEditor({ info, field }: { info: TCompanyInfo; field: ScopeField }) {
  const { t } = useTranslation(['companies', 'markets']);
  const message = useMessage();
  const back = useBack(Paths.userCenter);
  const sorts = useMarketSorts();
  const save = useSaveCompanyInfo();
  const saved = info[field];
  const [picked, setPicked] = useState<number[] | null>(null);
  const selection = picked ?? saved.map((p) => p.id);
  const names = new Map<number, string>([
    ...saved.map((p) => [p.id, p.sortName] as const),
    ...(sorts.data ?? []).map((s) => [s.id, s.sortName] as const),
  ]);
  const unchanged = selection.length === saved.length && selection.every((id, i) => id === saved[i]?.id);

  if (sorts.isPending) return <PageLoading />;
  if (sorts.isError) {
    return <ErrorScreen error={sorts.error} onRetry={() => void sorts.refetch()} />;
  }

  const add = (id: number) => {
    if (selection.includes(id)) {
      showFail(message('company.duplicateCategories'));
      return;
    }
    if (selection.length >= MAX_COMPANY_PRODUCTS) {
      showFail(message('company.tooManyProducts'));
      return;
    }
    setPicked([...selection, id]);
  };

  const onSave = async () => {
    try {
      await save.mutateAsync({ [field]: selection });
      showSuccess(t('saved'));
      back();
    } catch {
      // callApi has said why; the choice stays on screen to be corrected.
    }
  };

  return (
    <>
      <p className="mm-form-intro">{t(field === 'sellProducts' ? 'scope.sellIntro' : 'scope.buyIntro')}</p>
      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title">
          {t('scope.selected', { count: selection.length, max: MAX_COMPANY_PRODUCTS })}
        </h2>
        {selection.length === 0 ? (
          <p className="mm-form-hint-block">{t('scope.selectedEmpty')}</p>
        ) : (
          <ul className="mm-co-chosen" data-testid="scope-selected">
            {selection.map((id) => {
              const name = names.get(id) ?? `#${id}`;
              return (
                <li key={id}>
                  <span>{name}</span>
                  <button
                    type="button"
                    className="mm-form-icon-button"
                    aria-label={t('scope.remove', { name })}
                    onClick={() => setPicked(selection.filter((x) => x !== id))}
                  >
                    <CloseOutline />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="mm-card mm-form-card">
        <h2 className="mm-section-title">{t('scope.catalogue')}</h2>
        {groupByMetal(sorts.data).map((section) => (
          <div key={section.metal} className="mm-form-metal">
            <h3>{t(`markets:picker.metal.${section.metal}`)}</h3>
            <div className="mm-form-sorts">
              {section.sorts.map((sort) => {
                const chosen = selection.includes(sort.id);
                return (
                  <button
                    key={sort.id}
                    type="button"
                    className={`mm-form-sort ${chosen ? 'is-chosen' : ''}`}
                    aria-pressed={chosen}
                    onClick={() => add(sort.id)}
                    data-testid={`sort-${sort.id}`}
                  >
                    {chosen ? <CheckOutline aria-hidden="true" /> : <AddOutline aria-hidden="true" />}
                    <span>{sort.sortName}</span>
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </section>

      <div className="mm-form-footer">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          disabled={unchanged}
          loading={save.isPending}
          onClick={onSave}
          data-testid="scope-save"
        >
          {t('save')}
        </Button>
      </div>
    </>
  );
}
