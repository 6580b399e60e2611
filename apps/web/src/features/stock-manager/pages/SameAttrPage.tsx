import { CodeFlag, STOCK_EDIT_FIELDS, type StockEditField } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Radio from 'antd-mobile/es/components/radio';
import Selector from 'antd-mobile/es/components/selector';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { localizeMessage, useMessage } from '../../../lib/validation';
import { StockRow } from '../../stocks/components/StockRow';
import { type MineFilters, useMineSorts, useMineStocks, useSameAttr } from '../api';
import { checkEditValue, EditValueInput } from '../components/EditSheet';
import '../locale';
import '../stock-manager.css';

type Scope = 'all' | 'selected';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mm-card">
      <h2 className="mm-section-title">{title}</h2>
      <div className="mm-manager-pad">{children}</div>
    </section>
  );
}

/** The category's listings (any status but deleted), to pick some. */
function ListingPicker({
  sortId,
  selected,
  onToggle,
}: {
  sortId: number;
  selected: Set<number>;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('stockManager');
  const filters: MineFilters = useMemo(
    () => ({ status: 'all', sortId, startDate: '', endDate: '', keyword: '' }),
    [sortId],
  );
  const listings = useMineStocks(filters);
  const rows = listings.data?.pages.flatMap((page) => page.list) ?? [];
  if (listings.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (listings.isError && rows.length === 0) {
    return <ErrorScreen error={listings.error} onRetry={() => void listings.refetch()} />;
  }
  return (
    <div className="mm-sm-list is-inline" data-testid="same-attr-listings">
      {rows.map((stock) => (
        <StockRow
          key={stock.id}
          stock={stock}
          onOpen={() => onToggle(stock.id)}
          lead={
            <Checkbox
              className="mm-sm-check"
              checked={selected.has(stock.id)}
              onChange={() => onToggle(stock.id)}
              aria-label={t('batch.select', { name: stock.productName || stock.sortName })}
            />
          }
        >
          <div className="mm-managed-foot">
            <span className="mm-managed-terms">{t(`status.${stock.status}`)}</span>
          </div>
        </StockRow>
      ))}
      <InfiniteScroll
        loadMore={async () => void (await listings.fetchNextPage())}
        hasMore={listings.hasNextPage && !listings.isFetchNextPageError}
      >
        {listings.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : null}
      </InfiniteScroll>
    </div>
  );
}

/**
 * SPEC §2 same_attr (/pagesA/stock_manager/same_attr): pick a category first, then one attribute and its
 * value, for all of that category's listings or the selected ones; all change or none.
 */
export default function SameAttrPage() {
  const { t } = useTranslation(['stockManager', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const back = useBack(Paths.stockManager);
  const message = useMessage();
  const [lang] = useLanguage();
  const { loggedIn } = useSession();
  const sorts = useMineSorts();
  const sameAttr = useSameAttr();
  const [sortId, setSortId] = useState<number | null>(null);
  const [field, setField] = useState<StockEditField>('price');
  const [value, setValue] = useState('');
  const [scope, setScope] = useState<Scope>('all');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<{ sort?: string; value?: string; ids?: string }>({});

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  const sort = sorts.data?.find((item) => item.sortId === sortId);
  const count = scope === 'all' ? (sort?.count ?? 0) : selected.size;

  const submit = async () => {
    const next: typeof errors = {};
    // SPEC §5: 'Please select a category first', then the value's own rule, then a selection.
    if (!sortId) next.sort = message('stock.categoryRequired');
    const problem = checkEditValue(field, value);
    if (problem) next.value = localizeMessage(problem, lang);
    if (sortId && scope === 'selected' && selected.size === 0) next.ids = message('manager.selectStock');
    setErrors(next);
    if (!sortId || Object.keys(next).length > 0) return;
    const confirmed = await Dialog.confirm({
      content: t('sameAttr.confirm', { count, sort: sort?.sortName ?? '', field: t(`fields.${field}`) }),
      confirmText: t('common:confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      const result = await sameAttr.mutateAsync({
        sortId,
        field,
        value,
        ids: scope === 'selected' ? [...selected] : [],
      } as Parameters<typeof sameAttr.mutateAsync>[0]);
      showSuccess(t('done.edited', { count: result.changed }));
      back();
    } catch (failure) {
      if (isApiError(failure) && failure.codeFlag === CodeFlag.invalidInput) setErrors({ value: failure.mesg });
    }
  };

  let body: ReactNode;
  if (sorts.isError) {
    body = <ErrorScreen error={sorts.error} onRetry={() => void sorts.refetch()} />;
  } else if (sorts.isPending) {
    body = (
      <section className="mm-card mm-manager-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (sorts.data.length === 0) {
    body = (
      <EmptyState
        kind="inbox"
        title={t('sameAttr.noStock')}
        action={{ label: t('list.post'), onClick: () => navigate(Paths.inputStock) }}
      />
    );
  } else {
    body = (
      <>
        <Section title={t('sameAttr.sort')}>
          <Selector
            className="mm-edit-selector"
            columns={2}
            value={sortId ? [sortId] : []}
            onChange={(values) => {
              setSortId(values[0] ?? null);
              setSelected(new Set());
              setErrors({});
            }}
            options={sorts.data.map((item) => ({ label: `${item.sortName} (${item.count})`, value: item.sortId }))}
          />
          {errors.sort && (
            <div className="mm-sheet-error" role="alert">
              {errors.sort}
            </div>
          )}
        </Section>
        <Section title={t('sameAttr.field')}>
          <Selector
            className="mm-edit-selector"
            columns={2}
            value={[field]}
            onChange={(values) => {
              if (values[0]) setField(values[0]);
              setValue('');
              setErrors((current) => ({ ...current, value: undefined }));
            }}
            options={STOCK_EDIT_FIELDS.map((key) => ({ label: t(`fields.${key}`), value: key }))}
          />
          <p className="mm-sheet-hint">
            {t(`edit.hint.${field}`)}
            {count > 0 && <span className="mm-sheet-count">{t('edit.willChange', { count })}</span>}
          </p>
          <EditValueInput
            field={field}
            value={value}
            invalid={Boolean(errors.value)}
            onChange={(next) => {
              setValue(next);
              setErrors((current) => ({ ...current, value: undefined }));
            }}
          />
          {errors.value && (
            <div className="mm-sheet-error" role="alert">
              {errors.value}
            </div>
          )}
        </Section>
        <Section title={t('sameAttr.scope')}>
          <Radio.Group value={scope} onChange={(next) => setScope(next as Scope)}>
            <div className="mm-scope">
              <Radio value="all">{t('sameAttr.scopeAll', { count: sort?.count ?? 0 })}</Radio>
              <Radio value="selected">{t('sameAttr.scopeSelected', { count: selected.size })}</Radio>
            </div>
          </Radio.Group>
          {errors.ids && (
            <div className="mm-sheet-error" role="alert">
              {errors.ids}
            </div>
          )}
          {scope === 'selected' &&
            (sortId ? (
              <ListingPicker
                sortId={sortId}
                selected={selected}
                onToggle={(id) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (next.has(id)) next.delete(id);
                    else next.add(id);
                    setErrors((errs) => ({ ...errs, ids: undefined }));
                    return next;
                  })
                }
              />
            ) : (
              <p className="mm-sheet-hint">{t('sameAttr.sortFirst')}</p>
            ))}
        </Section>
        <div className="mm-manager-submit">
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={sameAttr.isPending}
            onClick={() => void submit()}
            data-testid="same-attr-submit"
          >
            {t('sameAttr.submit')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Page title={t('sameAttr.title')} backTo={Paths.stockManager} className="mm-manager">
      {body}
    </Page>
  );
}
