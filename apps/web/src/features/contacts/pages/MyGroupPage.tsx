import type { TContactGroup } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useContactGroups, useDeleteGroup } from '../api';
import { LoginFirst } from '../components/LoginFirst';
import '../locale';
import '../contacts.css';

export const editGroupPath = (id?: number) => (id ? `${Paths.editGroup}?id=${id}` : Paths.editGroup);

/** SPEC §2 my_group: my contact groups; open one to edit it, swipe to delete, or make a new one. */
export default function MyGroupPage() {
  const { t } = useTranslation('contacts');
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const groups = useContactGroups();
  const remove = useDeleteGroup();

  const confirmDelete = async (group: TContactGroup) => {
    const confirmed = await confirmDestructive({
      content: t('groups.deleteConfirm', { name: group.name }),
      confirmText: t('groups.delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    await remove.mutateAsync(group.id);
    showSuccess(t('groups.deleted'));
  };

  let body: ReactNode;
  if (groups.isError && !groups.data) {
    body = <ErrorScreen error={groups.error} onRetry={() => void groups.refetch()} />;
  } else if (groups.isPending) {
    body = (
      <section className="mm-card mm-contact-skeleton" aria-hidden="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </section>
    );
  } else if (groups.data.length === 0) {
    body = <EmptyState kind="inbox" title={t('groups.empty')} description={t('groups.emptyText')} />;
  } else {
    body = (
      <section className="mm-card mm-contact-list" data-testid="group-list">
        {groups.data.map((group) => (
          <SwipeAction
            key={group.id}
            rightActions={[
              {
                key: 'delete',
                text: t('groups.delete'),
                color: 'danger',
                onClick: () => void confirmDelete(group).catch(() => undefined),
              },
            ]}
          >
            <button
              type="button"
              className="mm-contact mm-group-row"
              data-testid="group"
              onClick={() => navigate(editGroupPath(group.id))}
            >
              <span className="mm-contact-main">
                <strong className="mm-contact-name">
                  {group.name}
                  <span className="mm-contact-nick">{t('groups.members', { count: group.memberIds.length })}</span>
                </strong>
                <span className="mm-contact-sub">
                  {group.memberNames.length > 0 ? group.memberNames.join(t('separator')) : t('groups.noMembers')}
                </span>
              </span>
              <RightOutline className="mm-group-arrow" />
            </button>
          </SwipeAction>
        ))}
      </section>
    );
  }

  return (
    <LoginFirst>
      <Page
        title={t('groups.title')}
        className="mm-contacts"
        bodyClassName="mm-contacts-picking"
        backTo={Paths.linkPage}
      >
        <PullToRefresh onRefresh={async () => void (await groups.refetch())}>{body}</PullToRefresh>
        <footer className="mm-contacts-footer">
          <Button block color="primary" shape="rounded" onClick={() => navigate(editGroupPath())}>
            {t('groups.create')}
          </Button>
        </footer>
      </Page>
    </LoginFirst>
  );
}
