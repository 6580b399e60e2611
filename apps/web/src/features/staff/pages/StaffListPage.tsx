import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { LoginFirst } from '../../contacts/components/LoginFirst';
import { useRoles, useStaffList } from '../api';
import { usePermissionLabel } from '../permissionLabels';
import '../staff.css';

/** SPEC §2 operator/index: the company's employees with their roles (and the roles), and the ways to add either. */
export default function StaffListPage() {
  const { t } = useTranslation(['staff', 'common']);
  const navigate = useNavigate();
  const [tab, setTab] = useState<'employees' | 'roles'>('employees');
  const staff = useStaffList();
  const roles = useRoles();
  const label = usePermissionLabel();
  const current = tab === 'employees' ? staff : roles;

  const body = () => {
    if (current.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
    if (current.isError) return <ErrorScreen error={current.error} onRetry={() => void current.refetch()} />;
    if (tab === 'employees') {
      const list = staff.data?.list ?? [];
      const employees = list.filter((m) => m.companyRole !== 'owner');
      return (
        <>
          <List className="mm-staff-list">
            {list.map((member) => (
              <List.Item
                key={member.userId}
                data-testid={`staff-row-${member.userId}`}
                onClick={
                  member.companyRole === 'owner'
                    ? undefined
                    : () => navigate(`${Paths.editEmployee}?userId=${member.userId}`)
                }
                arrowIcon={member.companyRole !== 'owner'}
                description={
                  member.companyRole === 'employee'
                    ? member.roles.map((r) => r.name).join(t('common:listSeparator')) || t('list.noRoles')
                    : member.phone
                }
                extra={
                  <span className="mm-staff-badges">
                    {member.companyRole !== 'employee' && (
                      <span className={`mm-staff-badge is-${member.companyRole}`}>
                        {t(`list.${member.companyRole}`)}
                      </span>
                    )}
                    {member.status === 'disabled' && (
                      <span className="mm-staff-badge is-off">{t('list.disabled')}</span>
                    )}
                  </span>
                }
              >
                {member.name}
              </List.Item>
            ))}
          </List>
          {employees.length === 0 && <EmptyState kind="inbox" title={t('list.empty')} />}
        </>
      );
    }
    const list = roles.data?.list ?? [];
    if (list.length === 0) return <EmptyState kind="inbox" title={t('list.emptyRoles')} />;
    return (
      <List className="mm-staff-list">
        {list.map((role) => (
          <List.Item
            key={role.id}
            data-testid={`role-row-${role.id}`}
            onClick={() => navigate(`${Paths.editRole}?id=${role.id}`)}
            description={role.permissions.map(label).join(t('common:listSeparator'))}
            extra={t('list.holders', { count: role.holders })}
            arrowIcon
          >
            {role.name}
          </List.Item>
        ))}
      </List>
    );
  };

  return (
    <LoginFirst>
      <Page title={t('list.title')} className="mm-staff" backTo={`${Paths.root}?tab=me`}>
        <Tabs activeKey={tab} onChange={(key) => setTab(key as 'employees' | 'roles')}>
          <Tabs.Tab title={t('list.employees')} key="employees" />
          <Tabs.Tab title={t('list.roles')} key="roles" />
        </Tabs>
        {body()}
        <footer className="mm-staff-footer">
          <Button
            block
            color="primary"
            shape="rounded"
            data-testid={tab === 'employees' ? 'staff-add' : 'role-add'}
            onClick={() => navigate(tab === 'employees' ? Paths.editEmployee : Paths.editRole)}
          >
            {tab === 'employees' ? t('list.add') : t('list.addRole')}
          </Button>
        </footer>
      </Page>
    </LoginFirst>
  );
}
