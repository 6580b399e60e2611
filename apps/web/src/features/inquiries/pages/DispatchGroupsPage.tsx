import type { TDispatchGroup } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useRegionName } from '../../../lib/regionName';
import { useSession } from '../../../lib/session';
import { useProductSorts } from '../../markets/api';
import { useDispatchGroups } from '../api';
import { areaText } from '../dispatch';
import '../locale';
import '../inquiries.css';
import '../dispatch.css';

/** SPEC §2 order_distribute: the company's dispatch groups; each opens its form, and a new one is added below. */
export default function DispatchGroupsPage() {
  const { t } = useTranslation(['inquiries', 'common']);
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const groups = useDispatchGroups();
  const add = () => navigate(Paths.modifyDistributeGroup);

  let body: ReactNode;
  if (!loggedIn)
    body = (
      <EmptyState
        title={t('dispatch.loginTitle')}
        action={{ label: t('taking.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  else if (groups.isError) body = <ErrorScreen error={groups.error} onRetry={() => void groups.refetch()} />;
  else if (!groups.data)
    body = (
      <section className="mm-card mm-dp-card" aria-busy="true">
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  else if (groups.data.list.length === 0)
    body = (
      <EmptyState
        title={t('dispatch.groupsEmpty')}
        description={t('dispatch.groupsEmptyText')}
        action={{ label: t('dispatch.addGroup'), onClick: add }}
      />
    );
  else
    body = (
      <>
        <p className="mm-dp-intro">{t('dispatch.groupsIntro')}</p>
        <div className="mm-dp-list" data-testid="dispatch-groups">
          {groups.data.list.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              onOpen={() => navigate(`${Paths.modifyDistributeGroup}?id=${group.id}`)}
            />
          ))}
        </div>
        <div className="mm-dp-footer">
          <Button block color="primary" shape="rounded" size="large" onClick={add} data-testid="dispatch-add">
            {t('dispatch.addGroup')}
          </Button>
        </div>
      </>
    );

  return (
    <Page
      title={t('dispatch.groupsTitle')}
      backTo={Paths.dispatchOrder}
      className="mm-dp-page"
      right={
        loggedIn ? (
          <button type="button" className="mm-pc-post" onClick={() => navigate(Paths.dispatchOrder)}>
            {t('dispatch.queueTitle')}
          </button>
        ) : undefined
      }
    >
      <PullToRefresh onRefresh={async () => void (loggedIn && (await groups.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}

function GroupCard({ group, onOpen }: { group: TDispatchGroup; onOpen: () => void }) {
  const { t } = useTranslation(['inquiries', 'common']);
  const regionName = useRegionName();
  // The categories in the user's language (the group answers them in Chinese), as the group's form shows them.
  const sorts = useProductSorts();
  const sortName = (sortId: number, name: string) => sorts.data?.find((s) => s.id === sortId)?.sortName ?? name;
  const dispatchers = group.members.filter((m) => m.role === 'dispatcher');
  const staff = group.members.filter((m) => m.role === 'staff');
  return (
    <button type="button" className="mm-card mm-dp-card mm-dp-group" onClick={onOpen} data-testid="dispatch-group">
      <div className="mm-dp-group-head">
        <strong>{group.name}</strong>
        <span className={`mm-dp-mode is-${group.mode}`}>
          {group.mode === 'assign'
            ? t('dispatch.modeAssignHours', { hours: group.assignHours })
            : t('dispatch.mode.grab')}
        </span>
        <RightOutline aria-hidden="true" className="mm-dp-chevron" />
      </div>
      <dl className="mm-dp-facts">
        {dispatchers.length > 0 && (
          <>
            <dt>{t('dispatch.role.dispatcher')}</dt>
            <dd>{dispatchers.map((m) => m.nickName).join(t('common:listSeparator'))}</dd>
          </>
        )}
        <dt>{t('dispatch.role.staff')}</dt>
        <dd>{staff.map((m) => m.nickName).join(t('common:listSeparator'))}</dd>
        <dt>{t('dispatch.areas')}</dt>
        <dd>{group.areas.map((area) => areaText(area, regionName)).join(t('common:listSeparator'))}</dd>
        <dt>{t('dispatch.products')}</dt>
        <dd>{group.products.map((p) => sortName(p.sortId, p.name)).join(t('common:listSeparator'))}</dd>
      </dl>
    </button>
  );
}
