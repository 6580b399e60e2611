import { formatShanghaiDateTime, type TFollowedCompany } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useFollow, useFollowedCompanies } from '../api';
import '../../companies/locale';
import '../locale';
import '../shops.css';
import { useRegionName } from '../../../lib/regionName';

function CompanyRow({ company, onOpen }: { company: TFollowedCompany; onOpen: () => void }) {
  const { t } = useTranslation(['shops', 'companies']);
  const regionName = useRegionName();
  return (
    <button type="button" className="mm-follow-row" onClick={onOpen} data-testid="followed-company">
      <span className="mm-shop-avatar is-small" aria-hidden="true">
        {company.name.slice(0, 1)}
      </span>
      <span className="mm-follow-main">
        <strong>
          <span className="mm-follow-name">{company.name}</span>
          {company.isDemo && <span className="mm-demo-tag">{t('shop.demo')}</span>}
        </strong>
        <span className="mm-follow-meta">
          {[company.businessModel && t(`companies:businessModel.${company.businessModel}`), regionName(company.city)]
            .filter(Boolean)
            .join(' · ')}
          {company.certified && <span className="mm-shop-mark is-certified">{t('marks.certified')}</span>}
        </span>
        {company.sellProducts.length > 0 && (
          <span className="mm-follow-products">{company.sellProducts.map((p) => p.sortName).join(' / ')}</span>
        )}
      </span>
      <span className="mm-follow-date">
        {t('attention.followedAt', { date: formatShanghaiDateTime(new Date(company.followedAt)).slice(5, 10) })}
      </span>
    </button>
  );
}

/** SPEC §2 attention_company: the companies the user follows, newest first, with unfollow on swipe. */
export default function AttentionCompanyPage() {
  const { t } = useTranslation(['shops', 'companies']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const followed = useFollowedCompanies();
  const follow = useFollow();
  const companies = followed.data?.pages.flatMap((page) => page.list) ?? [];

  const unfollow = async (company: TFollowedCompany) => {
    const confirmed = await Dialog.confirm({
      content: t('shop.unfollowConfirm', { name: company.name }),
      confirmText: t('shop.unfollow'),
      cancelText: t('shop.cancel'),
    });
    if (!confirmed) return;
    await follow.mutateAsync({ rootId: company.rootId, follow: false });
    showSuccess(t('shop.unfollowDone'));
  };

  let body: ReactNode;
  if (followed.isError && companies.length === 0) {
    body = <ErrorScreen error={followed.error} onRetry={() => void followed.refetch()} />;
  } else if (followed.isPending) {
    body = (
      <section className="mm-card mm-shop-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (companies.length === 0) {
    body = <EmptyState kind="search" title={t('attention.empty')} description={t('attention.emptyText')} />;
  } else {
    body = (
      <>
        <section className="mm-card mm-follow-list" data-testid="followed-list">
          {companies.map((company) => (
            <SwipeAction
              key={company.rootId}
              rightActions={[
                {
                  key: 'unfollow',
                  text: t('attention.unfollow'),
                  color: 'danger',
                  onClick: () => void unfollow(company).catch(() => {}),
                },
              ]}
            >
              <CompanyRow company={company} onOpen={() => navigate(`${Paths.company}?id=${company.rootId}`)} />
            </SwipeAction>
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await followed.fetchNextPage())}
          hasMore={followed.hasNextPage && !followed.isFetchNextPageError}
        >
          {followed.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('attention.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page title={t('attention.title')} backTo={rootPath('me')} className="mm-shop">
      <PullToRefresh onRefresh={async () => void (await followed.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
