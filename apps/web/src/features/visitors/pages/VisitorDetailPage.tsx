import { CodeFlag, formatShanghaiDateTime, type TVisitorAction } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { Paths, stockDetailPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useVisitorDetail } from '../api';
import { UpgradeCard } from '../components/Upgrade';
import '../locale';
import '../visitors.css';

/** Actions by Asia/Shanghai day, newest first, as the timeline shows them. */
function byDay(actions: TVisitorAction[]) {
  const days: { day: string; actions: TVisitorAction[] }[] = [];
  for (const action of actions) {
    const day = formatShanghaiDateTime(new Date(action.at)).slice(0, 10);
    const last = days[days.length - 1];
    if (last?.day === day) last.actions.push(action);
    else days.push({ day, actions: [action] });
  }
  return days;
}

/**
 * SPEC §2 visitor_detail: one visitor's actions on the company's listings and shop over time, for
 * certified suppliers; others are shown what the membership opens (the server answers codeFlag 9).
 */
export default function VisitorDetailPage() {
  const { t } = useTranslation('visitors');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [params] = useSearchParams();
  const visitorId = Number(params.get('userId')) || 0;
  const detail = useVisitorDetail(visitorId);
  const first = detail.data?.pages[0];
  const actions = detail.data?.pages.flatMap((page) => page.actions.list) ?? [];

  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);

  let body: ReactNode;
  const failure = isApiError(detail.error) ? detail.error : null;
  if (failure?.codeFlag === CodeFlag.vipRequired) {
    body = <UpgradeCard lead={failure.mesg} />;
  } else if (visitorId === 0 || failure?.codeFlag === CodeFlag.notFound) {
    body = <NotFoundScreen title={t('detail.notFound')} />;
  } else if (detail.isError && !first) {
    body = <ErrorScreen error={detail.error} onRetry={() => void detail.refetch()} />;
  } else if (!first) {
    body = (
      <section className="mm-card mm-visitor-pad" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  } else {
    const { visitor, counts } = first;
    body = (
      <>
        <section className="mm-card mm-visitor-card" data-testid="visitor-card">
          <div className="mm-visitor-card-head">
            <span className="mm-visitor-avatar is-large" aria-hidden="true">
              {visitor.head ? <img src={visitor.head} alt="" /> : (visitor.nickName || '?').slice(0, 1)}
            </span>
            <div>
              <h1>
                {visitor.nickName || t('row.noName')}
                {first.isDemo && <span className="mm-demo-tag">{t('row.demo')}</span>}
              </h1>
              <p>{visitor.companyName || t('row.noCompany')}</p>
              {visitor.phone && (
                <a className="mm-visitor-phone" href={`tel:${visitor.phone}`}>
                  {visitor.phone}
                </a>
              )}
            </div>
          </div>
          <div className="mm-visitor-counts">
            {(['view', 'cart', 'attention'] as const).map((kind) => (
              <div key={kind}>
                <strong>
                  {kind === 'attention'
                    ? t(first.following ? 'detail.following' : 'detail.notFollowing')
                    : counts[kind]}
                </strong>
                <span>{t(`detail.counts.${kind}`)}</span>
              </div>
            ))}
          </div>
          <p className="mm-visitor-first">
            {t('detail.firstAt', { time: formatShanghaiDateTime(new Date(first.firstAt)).slice(0, 16) })}
          </p>
        </section>
        <section className="mm-card" data-testid="visitor-actions">
          <h2 className="mm-section-title">{t('detail.timeline')}</h2>
          {byDay(actions).map(({ day, actions: ofDay }) => (
            <div key={day} className="mm-visitor-day">
              <h3>{day}</h3>
              <ul className="mm-visitor-timeline">
                {ofDay.map((action) => {
                  const time = formatShanghaiDateTime(new Date(action.at)).slice(11, 16);
                  const stockName = action.stock
                    ? [action.stock.productName || action.stock.sortName, action.stock.specifications]
                        .filter(Boolean)
                        .join(' ')
                    : '';
                  const open = action.stock && action.stock.status !== 'deleted' ? action.stock.id : null;
                  return (
                    <li key={action.id}>
                      <span className="mm-visitor-at">{time}</span>
                      <span className={`mm-visitor-action is-${action.kind}`}>{t(`detail.kinds.${action.kind}`)}</span>
                      {action.stock &&
                        (open ? (
                          <button type="button" className="mm-link" onClick={() => navigate(stockDetailPath(open))}>
                            {stockName}
                          </button>
                        ) : (
                          <span className="mm-visitor-gone">{t('detail.stockGone', { name: stockName })}</span>
                        ))}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await detail.fetchNextPage())}
          hasMore={detail.hasNextPage && !detail.isFetchNextPageError}
        >
          {detail.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page title={t('detail.title')} backTo={Paths.visitor} className="mm-visitors">
      <PullToRefresh onRefresh={async () => void (await detail.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
