import {
  Calls,
  CodeFlag,
  formatShanghaiDateTime,
  STOCK_MANAGER_TABS,
  type StockBatchTarget,
  type StockEditField,
  type StockManagerTab,
  type TManagedStock,
  ZStockBatchRefusal,
} from '@metal/shared';
import ActionSheet, { type Action } from 'antd-mobile/es/components/action-sheet';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Picker from 'antd-mobile/es/components/picker';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath, stockDetailPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import { StockRow } from '../../stocks/components/StockRow';
import { type MineFilters, useBatchEdit, useBatchStatus, useMineSorts, useMineStocks, useRefreshStock } from '../api';
import { DateRangeSheet } from '../components/DateRangeSheet';
import { EditSheet } from '../components/EditSheet';
import { SearchField } from '../components/SearchField';
import '../locale';
import '../stock-manager.css';

type StatusAction = 'online' | 'offline' | 'soldOut' | 'onTheWay' | 'delete';
type BatchAction = StatusAction | 'price' | 'paymentDays';

/**
 * What a batch may do in each tab. Listings in review or rejected were never passed by an operator,
 * so they cannot go on sale or change state from here; they can be deleted (and priced while waiting).
 */
const TAB_ACTIONS: Record<StockManagerTab, BatchAction[]> = {
  sale: ['price', 'paymentDays', 'offline', 'soldOut', 'onTheWay', 'delete'],
  review: ['price', 'paymentDays', 'delete'],
  rejected: ['delete'],
  offline: ['online', 'price', 'paymentDays', 'soldOut', 'onTheWay', 'delete'],
  soldOut: ['online', 'price', 'paymentDays', 'offline', 'onTheWay', 'delete'],
  onTheWay: ['online', 'price', 'paymentDays', 'offline', 'soldOut', 'delete'],
  expired: ['online', 'price', 'paymentDays', 'offline', 'soldOut', 'onTheWay', 'delete'],
};

const TARGET_OF: Record<StatusAction, StockBatchTarget> = {
  online: 'sale',
  offline: 'offline',
  soldOut: 'soldOut',
  onTheWay: 'onTheWay',
  delete: 'deleted',
};

/** Tabs whose listings `stock/refresh` takes (on sale: bump it; expired: back on sale). */
const REFRESHABLE: readonly StockManagerTab[] = ['sale', 'expired'];

const parseTab = (value: string | null): StockManagerTab => STOCK_MANAGER_TABS.find((tab) => tab === value) ?? 'sale';

const EMPTY_COUNTS = Object.fromEntries(STOCK_MANAGER_TABS.map((tab) => [tab, 0])) as Record<StockManagerTab, number>;

function ManagedRow({
  stock,
  tab,
  selecting,
  selected,
  flagged,
  onToggle,
  onRefresh,
}: {
  stock: TManagedStock;
  tab: StockManagerTab;
  selecting: boolean;
  selected: boolean;
  flagged: boolean;
  onToggle: () => void;
  /** Absent when the user may not refresh listings (staff permission 'stock'). */
  onRefresh: (() => void) | undefined;
}) {
  const { t } = useTranslation('stockManager');
  const navigate = useNavigate();
  const updated = formatShanghaiDateTime(new Date(stock.refreshedAt)).slice(0, 16);
  return (
    <StockRow
      stock={stock}
      flagged={flagged}
      testId="managed-stock"
      onOpen={selecting ? onToggle : () => navigate(stockDetailPath(stock.id))}
      lead={
        selecting ? (
          <Checkbox
            className="mm-sm-check"
            checked={selected}
            onChange={onToggle}
            aria-label={t('batch.select', { name: stock.productName || stock.sortName })}
          />
        ) : undefined
      }
    >
      <div className="mm-managed-foot">
        <span className="mm-managed-terms">
          {[
            t('row.refreshed', { time: updated }),
            stock.paymentDays ? t('row.paymentDays', { days: stock.paymentDays }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {!selecting && onRefresh && REFRESHABLE.includes(tab) && (
          <Button size="mini" shape="rounded" color="primary" fill="outline" onClick={onRefresh}>
            {t('row.refresh')}
          </Button>
        )}
      </div>
      {stock.status === 'rejected' && (
        <p className="mm-managed-reason" data-testid="rejected-reason">
          {t('row.rejectedReason', { reason: stock.reason || t('row.noReason') })}
        </p>
      )}
    </StockRow>
  );
}

/**
 * SPEC §2 stock_manager (/pagesA/stock_manager/index): the company's listings by status, filtered by
 * category, posting dates and keyword; rows selected for batch operations (each all or none) and
 * refreshed one by one.
 */
export default function StockManagerPage() {
  const { t } = useTranslation(['stockManager', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const [sortId, setSortId] = useState<number | null>(null);
  const [dates, setDates] = useState({ startDate: '', endDate: '' });
  const [keyword, setKeyword] = useState('');
  const [draftKeyword, setDraftKeyword] = useState('');
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [flagged, setFlagged] = useState<Set<number>>(new Set());
  const [sheet, setSheet] = useState<'sort' | 'dates' | 'actions' | null>(null);
  const [editing, setEditing] = useState<StockEditField | null>(null);
  const [counts, setCounts] = useState(EMPTY_COUNTS);

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  const filters: MineFilters = useMemo(
    () => ({ status: tab, sortId, startDate: dates.startDate, endDate: dates.endDate, keyword }),
    [tab, sortId, dates, keyword],
  );
  const listings = useMineStocks(filters);
  const sorts = useMineSorts();
  const batchStatus = useBatchStatus();
  const batchEdit = useBatchEdit();
  const refresh = useRefreshStock();
  // Every action of this page writes listings: an employee without 'stock' only looks.
  const canEdit = useCanCall(Calls.stockBatchStatus);
  const rows = listings.data?.pages.flatMap((page) => page.list) ?? [];
  const latestCounts = listings.data?.pages[0]?.counts;
  useEffect(() => {
    if (latestCounts) setCounts(latestCounts);
  }, [latestCounts]);

  // A new tab or filter starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are what resets it
  useEffect(() => {
    setSelected(new Set());
    setFlagged(new Set());
  }, [filters]);

  const selectedIds = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const allSelected = rows.length > 0 && selectedIds.length === rows.length;
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const sortName = sorts.data?.find((sort) => sort.sortId === sortId)?.sortName;
  const dateLabel =
    dates.startDate || dates.endDate ? `${dates.startDate || '…'} ~ ${dates.endDate || '…'}` : t('filters.dates');

  const runStatus = async (action: StatusAction) => {
    const status = TARGET_OF[action];
    const ask = action === 'delete' ? confirmDestructive : Dialog.confirm;
    const confirmed = await ask({
      content: t(`confirm.${action}`, { count: selectedIds.length }),
      confirmText: t(`actions.${action}`),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    try {
      await batchStatus.mutateAsync({ ids: selectedIds, status });
      showSuccess(t('done.status', { count: selectedIds.length }));
      setSelected(new Set());
      setFlagged(new Set());
    } catch (failure) {
      const refused = isApiError(failure) && failure.codeFlag === CodeFlag.conflict ? failure.data : null;
      const refusal = ZStockBatchRefusal.safeParse(refused);
      if (refusal.success) setFlagged(new Set(refusal.data.ids));
    }
  };

  const choose = (action: BatchAction) => {
    setSheet(null);
    if (action === 'price' || action === 'paymentDays') setEditing(action);
    else void runStatus(action);
  };

  const actions: Action[] = TAB_ACTIONS[tab].map((action) => ({
    key: action,
    text: t(`actions.${action}`),
    danger: action === 'delete',
    onClick: () => choose(action),
  }));

  let body: ReactNode;
  if (listings.isError && rows.length === 0) {
    body = <ErrorScreen error={listings.error} onRetry={() => void listings.refetch()} />;
  } else if (listings.isPending) {
    body = (
      <section className="mm-card mm-manager-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (rows.length === 0) {
    const filtered = Boolean(sortId || dates.startDate || dates.endDate || keyword);
    body = (
      <EmptyState
        kind="inbox"
        title={t(filtered ? 'list.noMatch' : `list.empty.${tab}`)}
        {...(!filtered && tab === 'sale' && canEdit
          ? { action: { label: t('list.post'), onClick: () => navigate(Paths.inputStock) } }
          : {})}
      />
    );
  } else {
    body = (
      <>
        <section className="mm-card mm-sm-list" data-testid="managed-list">
          {rows.map((stock) => (
            <ManagedRow
              key={stock.id}
              stock={stock}
              tab={tab}
              selecting={selecting}
              selected={selected.has(stock.id)}
              flagged={flagged.has(stock.id)}
              onToggle={() => toggle(stock.id)}
              onRefresh={
                canEdit
                  ? () =>
                      void refresh
                        .mutateAsync(stock.id)
                        .then(() => showSuccess(t('done.refreshed')))
                        .catch(() => {})
                  : undefined
              }
            />
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await listings.fetchNextPage())}
          hasMore={listings.hasNextPage && !listings.isFetchNextPageError}
        >
          {listings.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page
      title={t('title')}
      backTo={rootPath('me')}
      className={`mm-manager ${selecting ? 'is-selecting' : ''}`}
      right={
        canEdit && (
          <span className="mm-manager-right">
            <button
              type="button"
              className="mm-header-action"
              onClick={() => navigate(Paths.sameAttr)}
              data-testid="same-attr-entry"
            >
              {t('sameAttr.entry')}
            </button>
            <button
              type="button"
              className="mm-header-action"
              onClick={() => {
                setSelecting((on) => !on);
                setSelected(new Set());
              }}
              data-testid="toggle-select"
            >
              {selecting ? t('batch.done') : t('batch.start')}
            </button>
          </span>
        )
      }
    >
      <div className="mm-manager-head">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          className="mm-manager-tabs"
        >
          {STOCK_MANAGER_TABS.map((key) => (
            <Tabs.Tab key={key} title={`${t(`tabs.${key}`)} ${counts[key]}`} />
          ))}
        </Tabs>
        <div className="mm-manager-filters">
          <button type="button" className={`mm-filter ${sortId ? 'is-on' : ''}`} onClick={() => setSheet('sort')}>
            <span>{sortName ?? t('filters.allSorts')}</span>
            <DownFill />
          </button>
          <button
            type="button"
            className={`mm-filter ${dates.startDate || dates.endDate ? 'is-on' : ''}`}
            onClick={() => setSheet('dates')}
            data-testid="date-filter"
          >
            <span>{dateLabel}</span>
            <DownFill />
          </button>
        </div>
        <div className="mm-manager-search">
          <SearchField
            placeholder={t('filters.keyword')}
            value={draftKeyword}
            onChange={setDraftKeyword}
            onSearch={setKeyword}
          />
        </div>
      </div>
      <PullToRefresh onRefresh={async () => void (await listings.refetch())}>{body}</PullToRefresh>

      {selecting && (
        <div className="mm-batch-bar" data-testid="batch-bar">
          <Checkbox
            checked={allSelected}
            indeterminate={selectedIds.length > 0 && !allSelected}
            onChange={(on) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set())}
          >
            {t('batch.all')}
          </Checkbox>
          <span className="mm-batch-count">{t('batch.selected', { count: selectedIds.length })}</span>
          <Button
            color="primary"
            shape="rounded"
            size="small"
            disabled={selectedIds.length === 0}
            onClick={() => setSheet('actions')}
            data-testid="batch-actions"
          >
            {t('batch.actions')}
          </Button>
        </div>
      )}

      <Picker
        visible={sheet === 'sort'}
        title={t('filters.sortTitle')}
        columns={[
          [
            { label: t('filters.allSorts'), value: 0 },
            ...(sorts.data ?? []).map((sort) => ({ label: `${sort.sortName} (${sort.count})`, value: sort.sortId })),
          ],
        ]}
        value={[sortId ?? 0]}
        onClose={() => setSheet(null)}
        onConfirm={([value]) => setSortId(typeof value === 'number' && value > 0 ? value : null)}
      />
      <DateRangeSheet
        visible={sheet === 'dates'}
        startDate={dates.startDate}
        endDate={dates.endDate}
        onClose={() => setSheet(null)}
        onApply={(range) => {
          setDates(range);
          setSheet(null);
        }}
      />
      <ActionSheet
        visible={sheet === 'actions'}
        actions={actions}
        extra={t('batch.actionsTitle', { count: selectedIds.length })}
        cancelText={t('common:cancel')}
        onClose={() => setSheet(null)}
      />
      <EditSheet
        field={editing}
        count={selectedIds.length}
        onClose={() => setEditing(null)}
        onSubmit={async (field, value) => {
          await batchEdit.mutateAsync({ ids: selectedIds, field, value } as Parameters<
            typeof batchEdit.mutateAsync
          >[0]);
          setEditing(null);
          showSuccess(t('done.edited', { count: selectedIds.length }));
        }}
      />
    </Page>
  );
}
