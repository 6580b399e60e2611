import { epochSecondsOf, shanghaiDate } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath, stockDetailPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { StockRow } from '../../stocks/components/StockRow';
import { useFootprintRecords, useStockSummaries } from '../api';
import { footprintDay, type LocalFootprint } from '../store';
import { deleteFootprints, syncSessionFootprints } from '../sync';
import '../footprints.css';
import '../locale';

/** Footprints shown at first and added by each scroll to the end. */
const PAGE = 20;

function dayLabel(day: string, today: string, yesterday: string, t: (key: 'today' | 'yesterday') => string) {
  if (day === today) return t('today');
  if (day === yesterday) return t('yesterday');
  return day;
}

/**
 * SPEC §2 stock_footprint: the stocks the user opened, one per stock per day, newest first and grouped
 * by day, read from the phone's own store (synced with the server per SPEC §4); each shown as a stock
 * row, or as no longer available. Select mode deletes them after a confirmation.
 */
export default function StockFootprintPage() {
  const { t } = useTranslation(['footprints', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { user, loggedIn } = useSession();
  const records = useFootprintRecords();
  const [shown, setShown] = useState(PAGE);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const visible = records.slice(0, shown);
  const summaries = useStockSummaries(
    visible.map((record) => record.stockId),
    PAGE,
  );

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
    else void syncSessionFootprints().catch(() => {});
  }, [loggedIn, navigate]);

  const now = epochSecondsOf(new Date());
  const today = shanghaiDate(now);
  const yesterday = shanghaiDate(now - 24 * 3600);
  const days: { day: string; records: LocalFootprint[] }[] = [];
  for (const record of visible) {
    const day = footprintDay(record.key);
    const last = days[days.length - 1];
    if (last?.day === day) last.records.push(record);
    else days.push({ day, records: [record] });
  }

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const selectedKeys = records.filter((record) => selected.has(record.key)).map((record) => record.key);
  const allSelected = records.length > 0 && selectedKeys.length === records.length;

  const remove = async () => {
    if (!user || selectedKeys.length === 0) return;
    const confirmed = await confirmDestructive({
      content: t('delete.confirm', { count: selectedKeys.length }),
      confirmText: t('delete.action'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    await deleteFootprints(user.userId, selectedKeys);
    setSelected(new Set());
    showSuccess(t('delete.done', { count: selectedKeys.length }));
  };

  const renderRecord = (record: LocalFootprint) => {
    const row = summaries.byId.get(record.stockId);
    const lead = selecting ? (
      <Checkbox
        className="mm-sm-check"
        checked={selected.has(record.key)}
        onChange={() => toggle(record.key)}
        aria-label={t('select')}
      />
    ) : undefined;
    if (!row) {
      return (
        <div key={record.key} className="mm-sm-row" aria-hidden={!summaries.isError}>
          {lead}
          <div className="mm-sm-row-content">
            {summaries.isError ? (
              <button type="button" className="mm-link" onClick={() => void summaries.refetch()}>
                {t('loadFailed')}
              </button>
            ) : (
              <Skeleton.Paragraph lineCount={2} animated />
            )}
          </div>
        </div>
      );
    }
    if (!row.stock) {
      return (
        <button
          key={record.key}
          type="button"
          className="mm-sm-row mm-footprint-gone"
          onClick={selecting ? () => toggle(record.key) : undefined}
          data-testid="footprint-gone"
        >
          {lead}
          <span>{t('gone')}</span>
        </button>
      );
    }
    const stock = row.stock;
    return (
      <StockRow
        key={record.key}
        stock={stock}
        lead={lead}
        testId="footprint-row"
        onOpen={selecting ? () => toggle(record.key) : () => navigate(stockDetailPath(stock.id))}
      />
    );
  };

  let body: ReactNode;
  if (records.length === 0) {
    body = <EmptyState kind="search" title={t('empty')} description={t('emptyText')} />;
  } else {
    body = (
      <>
        {days.map(({ day, records: ofDay }) => (
          <section key={day} className="mm-card mm-footprint-day" data-testid="footprint-day">
            <h2 className="mm-footprint-date">{dayLabel(day, today, yesterday, (key) => t(key))}</h2>
            <div className="mm-sm-list">{ofDay.map(renderRecord)}</div>
          </section>
        ))}
        <InfiniteScroll loadMore={async () => setShown((count) => count + PAGE)} hasMore={shown < records.length}>
          {shown < records.length ? <Skeleton.Paragraph lineCount={1} animated /> : t('noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page
      title={t('title')}
      backTo={rootPath('me')}
      className={`mm-footprints ${selecting ? 'is-selecting' : ''}`}
      right={
        records.length > 0 && (
          <button
            type="button"
            className="mm-header-action"
            onClick={() => {
              setSelecting((on) => !on);
              setSelected(new Set());
            }}
            data-testid="toggle-select"
          >
            {selecting ? t('done') : t('manage')}
          </button>
        )
      }
    >
      <PullToRefresh
        onRefresh={async () => {
          await syncSessionFootprints().catch(() => {});
          await summaries.refetch();
        }}
      >
        {body}
      </PullToRefresh>
      {selecting && (
        <div className="mm-batch-bar" data-testid="footprint-bar">
          <Checkbox
            checked={allSelected}
            indeterminate={selectedKeys.length > 0 && !allSelected}
            onChange={(on) => setSelected(on ? new Set(records.map((record) => record.key)) : new Set())}
          >
            {t('selectAll')}
          </Checkbox>
          <span className="mm-batch-count">{t('selected', { count: selectedKeys.length })}</span>
          <Button
            color="danger"
            shape="rounded"
            size="small"
            disabled={selectedKeys.length === 0}
            onClick={() => void remove()}
            data-testid="footprint-delete"
          >
            {t('delete.action')}
          </Button>
        </div>
      )}
    </Page>
  );
}
