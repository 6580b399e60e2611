import { MAX_MARKET_GROUPS, type TMarketGroup } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import UpOutline from 'antd-mobile-icons/es/UpOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { NameSheet } from '../../../components/NameSheet';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useDeleteGroup, useMarketGroups, useOrderGroups, useUpdateGroup } from '../api';
import { canOrderGroups, groupNameErrors, isDefaultGroup, moveItem } from '../groups';
import '../markets.css';

/** A bottom sheet to rename a group, checked by the shared schema before it is sent. */
function RenameSheet({
  group,
  groups,
  onClose,
}: {
  group: TMarketGroup | null;
  groups: readonly TMarketGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation('markets');
  const update = useUpdateGroup();
  return (
    <NameSheet
      open={group && { key: group.id, initial: group.name }}
      title={t('manage.rename')}
      label={t('picker.name')}
      placeholder={t('picker.namePlaceholder')}
      check={(name) => (group ? (groupNameErrors(name, groups, group.id).name ?? '') : '')}
      save={async (name) => {
        if (!group) return;
        await update.mutateAsync({ id: group.id, name });
        showSuccess(t('manage.renamed'));
      }}
      saving={update.isPending}
      onClose={onClose}
      saveTestId="rename-save"
    />
  );
}

/** Create, rename, delete and order quote groups; a group is opened in the picker to choose and order its sorts. */
export default function GroupManagePage() {
  const { t } = useTranslation(['markets', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const groups = useMarketGroups();
  const remove = useDeleteGroup();
  const order = useOrderGroups();
  const [renaming, setRenaming] = useState<TMarketGroup | null>(null);
  const list = groups.data ?? [];
  const orderable = canOrderGroups(list);

  const confirmDelete = async (group: TMarketGroup) => {
    const ok = await confirmDestructive({
      content: t('markets:manage.deleteConfirm', { name: group.name }),
      confirmText: t('markets:manage.delete'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(group.id);
      showSuccess(t('markets:manage.deleted'));
    } catch {
      // The toast has said why.
    }
  };

  const move = (index: number, delta: -1 | 1) => {
    order.mutate(moveItem(list, index, delta).map((g) => g.id));
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        kind="chart"
        title={t('markets:manage.loginTitle')}
        description={t('markets:manage.loginText')}
        action={{ label: t('markets:manage.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (groups.isPending) {
    body = <PageLoading />;
  } else if (groups.isError) {
    body = <ErrorScreen error={groups.error} onRetry={() => void groups.refetch()} />;
  } else {
    body = (
      <>
        <p className="mm-manage-hint">{t('markets:manage.orderHint')}</p>
        <ul className="mm-card mm-manage-list">
          {list.map((group, index) => (
            <li key={group.id} className="mm-manage-item" data-testid="group-item">
              <button
                type="button"
                className="mm-manage-main"
                onClick={() => navigate(`${Paths.buySort}?groupId=${group.id}`)}
              >
                <span className="mm-manage-name">{group.name}</span>
                <span className="mm-manage-sorts">
                  {t('markets:manage.sortsCount', { count: group.sortList.length })}
                  {group.sortList.length > 0 &&
                    ` · ${group.sortList.map((s) => s.sortName).join(t('markets:manage.separator'))}`}
                </span>
              </button>
              <div className="mm-manage-actions">
                {orderable && (
                  <>
                    <button
                      type="button"
                      className="mm-icon-button"
                      aria-label={`${t('markets:picker.moveUp')} ${group.name}`}
                      disabled={index === 0 || order.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <UpOutline />
                    </button>
                    <button
                      type="button"
                      className="mm-icon-button"
                      aria-label={`${t('markets:picker.moveDown')} ${group.name}`}
                      disabled={index === list.length - 1 || order.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <DownOutline />
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className="mm-icon-button"
                  aria-label={`${t('markets:manage.rename')} ${group.name}`}
                  onClick={() => setRenaming(group)}
                >
                  <EditSOutline />
                </button>
                {!isDefaultGroup(group) && (
                  <button
                    type="button"
                    className="mm-icon-button is-danger"
                    aria-label={`${t('markets:manage.delete')} ${group.name}`}
                    onClick={() => void confirmDelete(group)}
                  >
                    <DeleteOutline />
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
        <div className="mm-manage-footer">
          <Button
            block
            shape="rounded"
            size="large"
            color="primary"
            fill="outline"
            disabled={list.length >= MAX_MARKET_GROUPS}
            onClick={() => navigate(`${Paths.buySort}?new=1`)}
          >
            <AddOutline /> {t('markets:manage.new')}
          </Button>
          <p>{t('markets:manage.limit', { max: MAX_MARKET_GROUPS })}</p>
        </div>
        <RenameSheet group={renaming} groups={list} onClose={() => setRenaming(null)} />
      </>
    );
  }

  return (
    <Page title={t('markets:manage.title')} backTo={rootPath('market')}>
      {body}
    </Page>
  );
}
