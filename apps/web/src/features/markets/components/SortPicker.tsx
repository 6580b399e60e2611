import { MAX_SORTS_PER_GROUP } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input, { type InputRef } from 'antd-mobile/es/components/input';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import UpOutline from 'antd-mobile-icons/es/UpOutline';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMessage } from '../../../lib/validation';
import { useCreateGroup, useMarketGroups, useMarketSorts, useUpdateGroup } from '../api';
import { groupByMetal, groupNameErrors, groupSaveErrors, moveItem, sameList, toggleSort } from '../groups';
import '../markets.css';

/**
 * SPEC §2 index/buy_sort and buy_sort_wx: every sort ('all categories') by metal, the group's own
 * ticked. `?groupId=` edits that group (none: the first, 'my quotes'); `?new=1` names and creates a
 * new one. The ticked sorts are listed on top in the group's order, to be reordered or removed.
 */
export function SortPicker({ title }: { title: string }) {
  const { t } = useTranslation(['markets', 'common']);
  const message = useMessage();
  const navigate = useNavigate();
  const back = useBack(rootPath('market'));
  const { loggedIn } = useSession();
  const [params] = useSearchParams();
  const creating = params.get('new') === '1';
  const groups = useMarketGroups();
  const sorts = useMarketSorts();
  const create = useCreateGroup();
  const update = useUpdateGroup();

  const wanted = params.get('groupId');
  const group = creating ? undefined : (groups.data?.find((g) => String(g.id) === wanted) ?? groups.data?.[0]);
  const initial = group?.marketSortIds ?? [];
  const [picked, setPicked] = useState<number[] | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameInput = useRef<InputRef>(null);
  const nameSection = useRef<HTMLElement>(null);
  const selection = picked ?? initial;
  const byId = new Map((sorts.data ?? []).map((sort) => [sort.id, sort]));
  const unchanged = !creating && sameList(selection, initial);
  const saving = create.isPending || update.isPending;

  const save = async () => {
    if (!loggedIn) {
      navigate(Paths.login);
      return;
    }
    const id = group?.id ?? 0;
    const problems = creating
      ? { ...groupNameErrors(name, groups.data ?? []), ...groupSaveErrors({ name, sortIds: selection }) }
      : groupSaveErrors({ id, sortIds: selection });
    setErrors(problems);
    if (problems.name) {
      nameSection.current?.scrollIntoView({ block: 'center' });
      nameInput.current?.focus();
    }
    if (problems.sortIds) showFail(message(problems.sortIds));
    if (Object.keys(problems).length > 0) return;
    try {
      if (creating) await create.mutateAsync({ name: name.trim(), sortIds: selection });
      else await update.mutateAsync({ id, sortIds: selection });
      showSuccess(t(creating ? 'markets:picker.created' : 'markets:picker.saved'));
      back();
    } catch (error) {
      // The toast has said why; a refused name is also shown under the field.
      if (isApiError(error) && error.errors) setErrors(error.errors);
    }
  };

  if (sorts.isPending || (!creating && groups.isPending)) {
    return (
      <Page title={title} backTo={rootPath('market')}>
        <PageLoading />
      </Page>
    );
  }
  if (sorts.isError || (!creating && groups.isError)) {
    return (
      <Page title={title} backTo={rootPath('market')}>
        <ErrorScreen
          error={sorts.error ?? groups.error}
          onRetry={() => void Promise.all([sorts.refetch(), groups.refetch()])}
        />
      </Page>
    );
  }

  const change = (next: number[]) => setPicked(next);

  return (
    <Page title={creating ? t('markets:picker.newTitle') : title} backTo={rootPath('market')} className="mm-picker">
      {creating ? (
        <section className={`mm-card mm-picker-name ${errors.name ? 'has-error' : ''}`} ref={nameSection}>
          <label htmlFor="group-name">{t('markets:picker.name')}</label>
          <Input
            ref={nameInput}
            id="group-name"
            name="name"
            value={name}
            onChange={(value) => {
              setName(value);
              if (errors.name) setErrors(({ name: _, ...rest }) => rest);
            }}
            placeholder={t('markets:picker.namePlaceholder')}
            clearable
          />
          {errors.name && (
            <div className="mm-picker-error" role="alert">
              {message(errors.name)}
            </div>
          )}
        </section>
      ) : (
        group && <p className="mm-picker-editing">{t('markets:picker.editing', { name: group.name })}</p>
      )}

      <section className="mm-card">
        <h2 className="mm-section-title">
          {t('markets:picker.selected', { count: selection.length, max: MAX_SORTS_PER_GROUP })}
        </h2>
        {selection.length === 0 ? (
          <p className="mm-picker-hint">{t('markets:picker.selectedEmpty')}</p>
        ) : (
          <ol className="mm-picker-selected" data-testid="picker-selected">
            {selection.map((id, index) => {
              const sortName = byId.get(id)?.sortName ?? `#${id}`;
              return (
                <li key={id}>
                  <span className="mm-picker-selected-no">{index + 1}</span>
                  <span className="mm-picker-selected-name">{sortName}</span>
                  <button
                    type="button"
                    className="mm-icon-button"
                    aria-label={`${t('markets:picker.moveUp')} ${sortName}`}
                    disabled={index === 0}
                    onClick={() => change(moveItem(selection, index, -1))}
                  >
                    <UpOutline />
                  </button>
                  <button
                    type="button"
                    className="mm-icon-button"
                    aria-label={`${t('markets:picker.moveDown')} ${sortName}`}
                    disabled={index === selection.length - 1}
                    onClick={() => change(moveItem(selection, index, 1))}
                  >
                    <DownOutline />
                  </button>
                  <button
                    type="button"
                    className="mm-icon-button is-danger"
                    aria-label={`${t('markets:picker.remove')} ${sortName}`}
                    onClick={() => change(toggleSort(selection, id))}
                  >
                    <CloseOutline />
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </section>

      <section className="mm-card">
        <h2 className="mm-section-title">{t('markets:picker.allCategories')}</h2>
        {groupByMetal(sorts.data).map((section) => (
          <div key={section.metal} className="mm-picker-metal">
            <h3>{t(`markets:picker.metal.${section.metal}`)}</h3>
            {section.sorts.map((sort) => {
              const checked = selection.includes(sort.id);
              return (
                <label key={sort.id} className={`mm-picker-sort ${checked ? 'is-checked' : ''}`}>
                  <input type="checkbox" checked={checked} onChange={() => change(toggleSort(selection, sort.id))} />
                  <span className="mm-picker-check" aria-hidden="true">
                    {checked && <CheckOutline />}
                  </span>
                  <span className="mm-picker-sort-text">
                    <span className="mm-picker-sort-name">{sort.sortName}</span>
                    <span className="mm-picker-sort-markets">
                      {sort.series.map((s) => s.marketName).join(' · ')} · {sort.sortUnit}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        ))}
      </section>

      <div className="mm-picker-footer">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={saving}
          disabled={unchanged}
          onClick={save}
          data-testid="picker-save"
        >
          {t('markets:picker.save')}
        </Button>
      </div>
    </Page>
  );
}
