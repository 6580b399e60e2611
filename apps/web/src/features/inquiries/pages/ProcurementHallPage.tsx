import { AGENT_BUY_KINDS, type AgentBuyKind, Calls, INQUIRY_DEADLINE_FILTERS } from '@metal/shared';
import Dropdown, { type DropdownRef } from 'antd-mobile/es/components/dropdown';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { AgentPurchase } from '../../agent-buys/components/AgentBuyList';
import { useMarketSorts } from '../../markets/api';
import { useCanCall } from '../../staff/useCan';
import { CategoryChoices, RegionChoices } from '../../stock-search/components/StockFilterBar';
import '../../stock-search/locale';
import '../../stock-search/stock-search.css';
import { type DeadlineFilter, type HallFilters, useInquiryHall } from '../api';
import { InquiryRow } from '../components/InquiryRow';
import '../locale';
import '../inquiries.css';
import { useRegionName } from '../../../lib/regionName';
import { useNow } from '../useNow';

const TABS = ['self', 'agent'] as const;
type HallTab = (typeof TABS)[number];

function readFilters(params: URLSearchParams): HallFilters {
  const sortId = Number(params.get('sortId')) || undefined;
  const deadline = params.get('deadline');
  return {
    sortId,
    province: params.get('province') ?? '',
    city: params.get('city') ?? '',
    deadline: (INQUIRY_DEADLINE_FILTERS as readonly string[]).includes(deadline ?? '')
      ? (deadline as DeadlineFilter)
      : undefined,
  };
}

/** The self-purchase list: the filters under the tabs, then public inquiries taking quotes, newest first. */
function SelfPurchase({ filters, onChange }: { filters: HallFilters; onChange: (next: HallFilters) => void }) {
  const { t } = useTranslation('inquiries');
  const regionName = useRegionName();
  const dropdown = useRef<DropdownRef>(null);
  const sorts = useMarketSorts();
  const query = useInquiryHall(filters);
  const now = useNow();
  const change = (changes: Partial<HallFilters>) => {
    dropdown.current?.close();
    onChange({ ...filters, ...changes });
  };
  const sortName = sorts.data?.find((sort) => sort.id === filters.sortId)?.sortName;
  const title = (text: string, active: boolean) => <span className={active ? 'mm-ss-bar-active' : ''}>{text}</span>;
  const inquiries = query.data?.pages.flatMap((page) => page.list) ?? [];

  let list: React.ReactNode;
  if (query.isError && inquiries.length === 0) {
    list = <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    list = <Skeleton.Paragraph lineCount={6} animated />;
  } else if (inquiries.length === 0) {
    list = <EmptyState kind="inbox" title={t('hall.empty')} description={t('hall.emptyText')} />;
  } else {
    list = (
      <>
        <div className="mm-pc-list" data-testid="inquiry-list">
          {inquiries.map((inquiry) => (
            <InquiryRow key={inquiry.id} inquiry={inquiry} now={now} />
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => void (await query.fetchNextPage())}
          hasMore={query.hasNextPage && !query.isFetchNextPageError}
        >
          {query.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('hall.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <>
      <Dropdown ref={dropdown} className="mm-ss-bar" data-testid="hall-filters">
        <Dropdown.Item key="category" title={title(sortName ?? t('hall.category'), filters.sortId !== undefined)}>
          <CategoryChoices value={filters.sortId} onPick={(sortId) => change({ sortId })} products />
        </Dropdown.Item>
        <Dropdown.Item
          key="region"
          title={title(
            regionName(filters.city || filters.province || '') || t('hall.region'),
            Boolean(filters.province),
          )}
        >
          <RegionChoices
            province={filters.province}
            city={filters.city}
            onPick={(province, city) => change({ province, city })}
          />
        </Dropdown.Item>
        <Dropdown.Item
          key="deadline"
          title={title(filters.deadline ? t(`deadline.${filters.deadline}`) : t('hall.deadline'), !!filters.deadline)}
        >
          <div className="mm-ss-choices" data-testid="deadline-choices">
            {[undefined, ...INQUIRY_DEADLINE_FILTERS].map((deadline) => (
              <button
                key={deadline ?? 'any'}
                type="button"
                className={`mm-ss-choice ${filters.deadline === deadline ? 'is-active' : ''}`}
                onClick={() => change({ deadline })}
              >
                {deadline ? t(`deadline.${deadline}`) : t('hall.anyDeadline')}
              </button>
            ))}
          </div>
        </Dropdown.Item>
      </Dropdown>
      <PullToRefresh onRefresh={async () => void (await query.refetch())}>
        <section className="mm-pc-section">{list}</section>
      </PullToRefresh>
    </>
  );
}

/**
 * SPEC §2 pages/procurement/procurement_hall: self purchase (public inquiries taking quotes, with
 * category, delivery region and deadline filters) and agent purchase (open "help me buy" / "help me sell"
 * requests, buy or sell). Tab and filters live in the address, so back returns to the same list.
 */
export default function ProcurementHallPage() {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: HallTab = params.get('tab') === 'agent' ? 'agent' : 'self';
  const canPost = useCanCall(Calls.inquirySave);
  const filters = readFilters(params);
  const agentKind = (AGENT_BUY_KINDS as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as AgentBuyKind)
    : undefined;
  const write = (nextTab: HallTab, next: HallFilters, kind?: AgentBuyKind) => {
    const entries: Record<string, string> = {};
    if (nextTab === 'agent') entries.tab = 'agent';
    if (nextTab === 'agent' && kind) entries.kind = kind;
    if (next.sortId) entries.sortId = String(next.sortId);
    if (next.province) entries.province = next.province;
    if (next.city) entries.city = next.city;
    if (next.deadline) entries.deadline = next.deadline;
    setParams(entries, { replace: true });
  };
  return (
    <Page
      title={t('hall.title')}
      className="mm-pc-page"
      right={
        canPost && (
          <button
            type="button"
            className="mm-pc-post"
            onClick={() => navigate(Paths.inputInquiry)}
            data-testid="hall-post"
          >
            {t('hall.post')}
          </button>
        )
      }
    >
      <Tabs activeKey={tab} onChange={(key) => write(key as HallTab, filters)} className="mm-pc-tabs">
        {TABS.map((key) => (
          <Tabs.Tab key={key} title={t(`hall.${key}`)} />
        ))}
      </Tabs>
      {tab === 'self' ? (
        <SelfPurchase filters={filters} onChange={(next) => write('self', next)} />
      ) : (
        <AgentPurchase
          filters={{ kind: agentKind, sortId: filters.sortId }}
          onChange={(next) => write('agent', { ...filters, sortId: next.sortId }, next.kind)}
        />
      )}
    </Page>
  );
}
