import type { VisitorKind } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useVisitorList } from '../api';
import { KindSwitch, SEARCH_PATH } from '../components/KindSwitch';
import { UpgradeCard, UpgradeSheet } from '../components/Upgrade';
import { VisitorRow } from '../components/VisitorRow';
import '../locale';
import '../visitors.css';

/** The rows of one kind, searched or not: shared by the list pages and the search pages. */
export function VisitorResults({
  kind,
  keyword,
  search = false,
}: {
  kind: VisitorKind;
  keyword: string;
  search?: boolean;
}) {
  const { t } = useTranslation('visitors');
  const navigate = useNavigate();
  const [upgrading, setUpgrading] = useState(false);
  const visitors = useVisitorList(kind, keyword, !search || keyword !== '');
  const first = visitors.data?.pages[0];
  const rows = visitors.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (search && keyword === '') {
    body = <p className="mm-visitor-hint">{t('search.hint')}</p>;
  } else if (visitors.isError && rows.length === 0) {
    body = <ErrorScreen error={visitors.error} onRetry={() => void visitors.refetch()} />;
  } else if (visitors.isPending) {
    body = (
      <section className="mm-card mm-visitor-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (rows.length === 0) {
    body = search ? (
      <EmptyState
        kind="search"
        title={t('search.empty')}
        description={first?.certified ? '' : t('search.maskedHint')}
      />
    ) : (
      <EmptyState kind="inbox" title={t(`empty.${kind}`)} description={t(`emptyText.${kind}`)} />
    );
  } else {
    body = (
      <>
        {!search && first && (
          <p className="mm-visitor-summary" data-testid="visitor-summary">
            {t(`summary.${kind}`, { count: first.total, actions: first.actions })}
          </p>
        )}
        <section className="mm-card mm-visitor-list" data-testid="visitor-list">
          {rows.map((row) => (
            <VisitorRow
              key={row.key}
              row={row}
              kind={kind}
              onOpen={() =>
                row.visitor.userId !== null
                  ? navigate(`${Paths.visitorDetail}?userId=${row.visitor.userId}`)
                  : setUpgrading(true)
              }
            />
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await visitors.fetchNextPage())}
          hasMore={visitors.hasNextPage && !visitors.isFetchNextPageError}
        >
          {visitors.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <>
      {!search && first && !first.certified && <UpgradeCard compact />}
      <PullToRefresh onRefresh={async () => void (await visitors.refetch())}>{body}</PullToRefresh>
      <UpgradeSheet visible={upgrading} onClose={() => setUpgrading(false)} />
    </>
  );
}

/**
 * SPEC §2 visitor, shopcart and attention: the company's visitors who opened a listing, added one to
 * the cart, or follow the company; one row per person, newest first. Identities are the certified
 * supplier's; others see counts and masked names, and what the membership would show.
 */
export function VisitorListPage({ kind }: { kind: VisitorKind }) {
  const { t } = useTranslation('visitors');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  return (
    <Page
      title={t(`title.${kind}`)}
      backTo={rootPath('me')}
      className="mm-visitors"
      right={
        <button type="button" className="mm-header-action" onClick={() => navigate(SEARCH_PATH[kind])}>
          {t('search.open')}
        </button>
      }
    >
      <KindSwitch kind={kind} />
      <VisitorResults kind={kind} keyword="" />
    </Page>
  );
}
