import { PERMISSIONS, type Permission, ROLE_INTRO_MAX, ROLE_NAME_MAX } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import TextArea from 'antd-mobile/es/components/text-area';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { useLanguage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { localizeMessage } from '../../../lib/validation';
import { LoginFirst } from '../../contacts/components/LoginFirst';
import { useDeleteRole, useRoles, useSaveRole } from '../api';
import { usePermissionLabel } from '../permissionLabels';
import '../staff.css';

/** SPEC §2 edit_role?id: a role's name, intro and the permissions it grants, in plain words; without id, a new one. */
export default function EditRolePage() {
  const { t } = useTranslation('staff');
  useDialogsClosedOnLeave();
  const [lang] = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const back = useBack(Paths.operatorIndex);
  const roles = useRoles();
  const save = useSaveRole();
  const remove = useDeleteRole();
  const label = usePermissionLabel();
  const role = id ? roles.data?.list.find((r) => r.id === id) : undefined;
  const [name, setName] = useState('');
  const [intro, setIntro] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (role && loadedId !== role.id) {
      setLoadedId(role.id);
      setName(role.name);
      setIntro(role.intro);
      setPermissions(role.permissions);
    }
  }, [role, loadedId]);

  const submit = async () => {
    try {
      await save.mutateAsync({ ...(id ? { id } : {}), name, intro, permissions });
      showSuccess(t('role.saved'));
      back();
    } catch (failure) {
      if (isApiError(failure) && failure.errors) setErrors(failure.errors);
    }
  };

  const confirmDelete = async () => {
    if (!role) return;
    const confirmed = await confirmDestructive({
      content: t('role.deleteConfirm', { name: role.name }),
      confirmText: t('role.delete'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(role.id);
      showSuccess(t('role.deleted'));
      back();
    } catch (failure) {
      // A role still held says how many hold it (role.inUse); the API client has shown it.
      if (!isApiError(failure)) showFail(String(failure));
    }
  };

  const title = id ? t('role.titleEdit') : t('role.titleNew');
  if (id && roles.isPending) {
    return (
      <Page title={title} className="mm-staff">
        <Skeleton.Paragraph lineCount={6} animated />
      </Page>
    );
  }
  if (id && roles.isError) {
    return (
      <Page title={title} className="mm-staff" backTo={Paths.operatorIndex}>
        <ErrorScreen error={roles.error} onRetry={() => void roles.refetch()} />
      </Page>
    );
  }
  if (id && !role) {
    return (
      <Page title={title} className="mm-staff" backTo={Paths.operatorIndex}>
        <NotFoundScreen title={t('role.notFound')} />
      </Page>
    );
  }
  const error = (field: string) =>
    errors[field] ? (
      <div className="mm-staff-error" role="alert">
        {localizeMessage(errors[field], lang)}
      </div>
    ) : null;

  return (
    <LoginFirst>
      <Page title={title} className="mm-staff" backTo={Paths.operatorIndex}>
        <List className="mm-staff-form">
          <List.Item prefix={t('role.name')}>
            <Input
              name="name"
              value={name}
              maxLength={ROLE_NAME_MAX}
              placeholder={t('role.namePlaceholder')}
              onChange={(value) => {
                setName(value);
                setErrors({});
              }}
              clearable
            />
          </List.Item>
          {error('name')}
          <List.Item prefix={t('role.intro')}>
            <TextArea
              name="intro"
              value={intro}
              maxLength={ROLE_INTRO_MAX}
              placeholder={t('role.introPlaceholder')}
              autoSize={{ minRows: 2, maxRows: 4 }}
              onChange={setIntro}
            />
          </List.Item>
        </List>
        <h2 className="mm-section-title">{t('role.permissions')}</h2>
        <Checkbox.Group
          value={permissions}
          onChange={(value) => {
            setPermissions(PERMISSIONS.filter((p) => (value as string[]).includes(p)));
            setErrors({});
          }}
        >
          <List className="mm-staff-form">
            {PERMISSIONS.map((permission) => (
              <List.Item key={permission}>
                <Checkbox value={permission} data-testid={`permission-${permission}`}>
                  {label(permission)}
                </Checkbox>
              </List.Item>
            ))}
          </List>
        </Checkbox.Group>
        {error('permissions')}
        <div className="mm-staff-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="role-save"
          >
            {t('role.save')}
          </Button>
          {role && (
            <Button block color="danger" fill="outline" shape="rounded" onClick={() => void confirmDelete()}>
              {t('role.delete')}
            </Button>
          )}
        </div>
      </Page>
    </LoginFirst>
  );
}
