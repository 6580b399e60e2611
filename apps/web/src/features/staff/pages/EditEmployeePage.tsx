import { STAFF_NAME_MAX, type TStaffHandover } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Radio from 'antd-mobile/es/components/radio';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Switch from 'antd-mobile/es/components/switch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { useProfile } from '../../accounts/api';
import { LoginFirst } from '../../contacts/components/LoginFirst';
import { useDeleteStaff, useDisableStaff, useRoles, useSaveStaff, useSendEmployeeCode, useStaffList } from '../api';
import '../staff.css';

/**
 * SPEC §2 edit_employee?userId: name, phone with the code sent to it (the employee's consent), password,
 * QQ, roles and the authorized switch; for an existing employee also disable/enable and remove, each
 * confirmed, with the colleague who takes over their quotes, inquiries and chats.
 */
export default function EditEmployeePage() {
  const { t } = useTranslation('staff');
  useDialogsClosedOnLeave();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId')) || undefined;
  const back = useBack(Paths.operatorIndex);
  const staff = useStaffList();
  const roles = useRoles();
  const profile = useProfile();
  const save = useSaveStaff();
  const disable = useDisableStaff();
  const remove = useDeleteStaff();
  const sendCode = useSendEmployeeCode();
  const member = userId ? staff.data?.list.find((m) => m.userId === userId) : undefined;
  const isOwner = profile.data?.companyRole === 'owner';

  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [qq, setQq] = useState('');
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [authorized, setAuthorized] = useState(false);
  const [handoverTo, setHandoverTo] = useState<number>(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [wait, setWait] = useState(0);
  // Only an SMS sandbox server (SMS_SANDBOX=1) sends the code back; it is shown and filled in, as at login.
  const [sandboxCode, setSandboxCode] = useState<string>();
  const [loadedId, setLoadedId] = useState<number | undefined>(undefined);

  useEffect(() => {
    if (member && loadedId !== member.userId) {
      setLoadedId(member.userId);
      setName(member.name);
      setQq(member.qq);
      setRoleIds(member.roles.map((r) => r.id));
      setAuthorized(member.companyRole === 'authorized');
    }
  }, [member, loadedId]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const changed = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
  };

  const askCode = async () => {
    try {
      const sent = await sendCode.mutateAsync(phone.trim());
      setWait(sent.resendAfter);
      setSandboxCode(sent.code);
      if (sent.code) setCode(sent.code);
      showSuccess(t('employee.codeSent'));
    } catch (failure) {
      if (isApiError(failure) && failure.errors) setErrors(failure.errors);
    }
  };

  const submit = async () => {
    try {
      await save.mutateAsync({
        ...(userId ? { userId } : { phone: phone.trim(), code: code.trim() }),
        name,
        password,
        qq,
        roleIds,
        authorized: authorized ? 1 : 0,
      });
      showSuccess(t('employee.saved'));
      back();
    } catch (failure) {
      if (isApiError(failure) && failure.errors) setErrors(failure.errors);
    }
  };

  const moved = (result: TStaffHandover) =>
    showSuccess(
      t('employee.moved', {
        quotes: result.quotes,
        inquiries: result.inquiries,
        orders: result.orders,
        chats: result.chats,
      }),
    );
  const handover = handoverTo ? { handoverTo } : {};
  // Who takes over, named in the confirmation: the choice is made further up the page.
  const successor = () =>
    staff.data?.list.find((m) => m.userId === handoverTo && handoverTo !== 0)?.name ?? t('employee.handoverCompany');

  const toggleDisabled = async () => {
    if (!member) return;
    if (member.status === 'disabled') {
      await disable.mutateAsync({ userId: member.userId, disabled: 0 });
      showSuccess(t('employee.enabled'));
      return;
    }
    const confirmed = await confirmDestructive({
      content: t('employee.disableConfirm', { name: member.name, to: successor() }),
      confirmText: t('employee.disable'),
      cancelText: t('cancel'),
    });
    if (confirmed) moved(await disable.mutateAsync({ userId: member.userId, disabled: 1, ...handover }));
  };

  const confirmRemove = async () => {
    if (!member) return;
    const confirmed = await confirmDestructive({
      content: t('employee.removeConfirm', { name: member.name, to: successor() }),
      confirmText: t('employee.remove'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    moved(await remove.mutateAsync({ userId: member.userId, ...handover }));
    back();
  };

  const title = userId ? t('employee.titleEdit') : t('employee.titleNew');
  if ((userId && staff.isPending) || roles.isPending) {
    return (
      <Page title={title} className="mm-staff">
        <Skeleton.Paragraph lineCount={8} animated />
      </Page>
    );
  }
  if (staff.isError || roles.isError) {
    return (
      <Page title={title} className="mm-staff" backTo={Paths.operatorIndex}>
        <ErrorScreen
          error={staff.error ?? roles.error}
          onRetry={() => void Promise.all([staff.refetch(), roles.refetch()])}
        />
      </Page>
    );
  }
  if (userId && (!member || member.companyRole === 'owner')) {
    return (
      <Page title={title} className="mm-staff" backTo={Paths.operatorIndex}>
        <NotFoundScreen title={t('employee.notFound')} />
      </Page>
    );
  }
  const error = (field: string) =>
    errors[field] ? (
      <div className="mm-staff-error" role="alert">
        {errors[field]}
      </div>
    ) : null;
  const colleagues = (staff.data?.list ?? []).filter(
    (m) => m.userId !== userId && m.status === 'active' && m.companyRole !== 'owner',
  );

  return (
    <LoginFirst>
      <Page title={title} className="mm-staff" backTo={Paths.operatorIndex}>
        <List className="mm-staff-form">
          <List.Item prefix={t('employee.name')}>
            <Input
              name="name"
              value={name}
              maxLength={STAFF_NAME_MAX}
              placeholder={t('employee.namePlaceholder')}
              onChange={changed(setName)}
              clearable
            />
          </List.Item>
          {error('name')}
          {userId ? (
            <List.Item prefix={t('employee.phone')}>{member?.phone}</List.Item>
          ) : (
            <>
              <List.Item prefix={t('employee.phone')}>
                <Input
                  name="phone"
                  type="tel"
                  value={phone}
                  maxLength={11}
                  placeholder={t('employee.phonePlaceholder')}
                  onChange={changed(setPhone)}
                  clearable
                />
              </List.Item>
              {error('phone')}
              <List.Item prefix={t('employee.code')}>
                <div className="mm-staff-code">
                  <Input
                    name="code"
                    inputMode="numeric"
                    value={code}
                    maxLength={6}
                    placeholder={t('employee.codePlaceholder')}
                    onChange={changed(setCode)}
                  />
                  <Button
                    size="small"
                    color="primary"
                    fill="outline"
                    disabled={wait > 0 || phone.trim().length !== 11}
                    loading={sendCode.isPending}
                    onClick={() => void askCode()}
                    data-testid="employee-send-code"
                  >
                    {wait > 0 ? t('employee.resend', { seconds: wait }) : t('employee.sendCode')}
                  </Button>
                </div>
              </List.Item>
              {sandboxCode && (
                <div className="mm-staff-hint mm-staff-sandbox" data-testid="employee-sandbox-code">
                  {t('employee.sandboxCode', { code: sandboxCode })}
                </div>
              )}
              {error('code')}
            </>
          )}
          <List.Item prefix={t('employee.password')}>
            <Input
              name="password"
              type="password"
              value={password}
              maxLength={20}
              placeholder={userId ? t('employee.passwordEditPlaceholder') : t('employee.passwordPlaceholder')}
              onChange={changed(setPassword)}
            />
          </List.Item>
          {error('password')}
          <List.Item prefix={t('employee.qq')}>
            <Input
              name="qq"
              inputMode="numeric"
              value={qq}
              maxLength={12}
              placeholder={t('employee.qqPlaceholder')}
              onChange={changed(setQq)}
            />
          </List.Item>
          {error('qq')}
          <List.Item
            prefix={t('employee.authorized')}
            description={<span className="mm-staff-hint">{t('employee.authorizedHint')}</span>}
            extra={<Switch checked={authorized} disabled={!isOwner} onChange={setAuthorized} />}
          />
        </List>
        {!authorized && (
          <>
            <h2 className="mm-section-title">{t('employee.roles')}</h2>
            <Checkbox.Group value={roleIds} onChange={(value) => setRoleIds(value as number[])}>
              <List className="mm-staff-form">
                {(roles.data?.list ?? []).map((role) => (
                  <List.Item key={role.id}>
                    <Checkbox value={role.id} data-testid={`employee-role-${role.id}`}>
                      {role.name}
                    </Checkbox>
                  </List.Item>
                ))}
              </List>
            </Checkbox.Group>
            {error('roleIds')}
          </>
        )}
        {member && (
          <>
            <h2 className="mm-section-title">{t('employee.handover')}</h2>
            <Radio.Group value={handoverTo} onChange={(value) => setHandoverTo(Number(value))}>
              <List className="mm-staff-form">
                <List.Item>
                  <Radio value={0}>{t('employee.handoverCompany')}</Radio>
                </List.Item>
                {colleagues.map((colleague) => (
                  <List.Item key={colleague.userId}>
                    <Radio value={colleague.userId}>{colleague.name}</Radio>
                  </List.Item>
                ))}
              </List>
            </Radio.Group>
          </>
        )}
        <div className="mm-staff-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="employee-save"
          >
            {t('employee.save')}
          </Button>
          {member && (
            <>
              <Button
                block
                fill="outline"
                shape="rounded"
                loading={disable.isPending}
                onClick={() => void toggleDisabled()}
                data-testid="employee-disable"
              >
                {member.status === 'disabled' ? t('employee.enable') : t('employee.disable')}
              </Button>
              <Button
                block
                color="danger"
                fill="outline"
                shape="rounded"
                loading={remove.isPending}
                onClick={() => void confirmRemove()}
                data-testid="employee-remove"
              >
                {t('employee.remove')}
              </Button>
            </>
          )}
        </div>
      </Page>
    </LoginFirst>
  );
}
