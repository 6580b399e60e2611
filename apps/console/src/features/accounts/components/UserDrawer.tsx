import { ACCOUNT_REASON_MAX, formatShanghaiDateTime, type TConsoleUserDetail } from '@metal/shared';
import { Alert, Button, Descriptions, Drawer, Form, Input, Modal, Result, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { showSuccess } from '../../../lib/feedback';
import { useMessage } from '../../../lib/i18n';
import { useChangeUserState, useUserDetail } from '../api';
import { AccountTags } from './AccountTags';

const time = (iso: string | null) => (iso ? formatShanghaiDateTime(new Date(iso)) : '—');

/**
 * Disabling or enabling with the operator's reason. The dialog is the confirmation: it says what the
 * change does (sessions end, listings go off sale, or come back) before the operator sends it.
 */
function StateModal({ user, onClose }: { user: TConsoleUserDetail; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<{ reason: string }>();
  const change = useChangeUserState();
  const disable = user.state === 'active';
  const send = ({ reason }: { reason: string }) => {
    const trimmed = (reason ?? '').trim();
    if (!trimmed) {
      form.setFields([{ name: 'reason', errors: [message('account.reasonRequired')] }]);
      return;
    }
    change.mutate(
      { disable, userId: user.userId, reason: trimmed },
      {
        onSuccess: (changed) => {
          showSuccess(
            disable
              ? t('users.disabled', { count: changed.history[0]?.listings ?? 0 })
              : t('users.enabled', { count: changed.history[0]?.listings ?? 0 }),
          );
          onClose();
        },
      },
    );
  };
  const refusal = isApiError(change.error) && !change.error.isNetwork ? change.error.mesg : null;
  return (
    <Modal
      open
      title={t(disable ? 'users.disableTitle' : 'users.enableTitle', { name: user.nickName })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={change.isPending}>
          {tCommon('cancel')}
        </Button>,
        <Button
          key="send"
          type="primary"
          danger={disable}
          htmlType="submit"
          form="user-state-form"
          loading={change.isPending}
        >
          {t(disable ? 'users.disable' : 'users.enable')}
        </Button>,
      ]}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="refusal" />}
      <Alert
        type={disable ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="state-consequence"
        title={
          disable
            ? t(user.role === 'owner' ? 'users.disableOwnerHint' : 'users.disableEmployeeHint', {
                stock: user.listings.stock,
                capacity: user.listings.capacity,
                inquiry: user.listings.inquiry,
              })
            : t('users.enableHint', {
                stock: user.takenDown.stock,
                capacity: user.takenDown.capacity,
                inquiry: user.takenDown.inquiry,
              })
        }
      />
      <Form<{ reason: string }> id="user-state-form" form={form} layout="vertical" requiredMark={false} onFinish={send}>
        <Form.Item name="reason" label={t('users.reason')}>
          <Input.TextArea
            id="reason"
            rows={3}
            maxLength={ACCOUNT_REASON_MAX}
            showCount
            placeholder={t(disable ? 'users.disableReasonPlaceholder' : 'users.enableReasonPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One account in full: company and role, state and who changed it why, listings, logins; disable or enable. */
export function UserDrawer({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const detail = useUserDetail(userId);
  const [changing, setChanging] = useState(false);
  const user = detail.data;
  const counts = (listings: TConsoleUserDetail['listings']) =>
    t('users.counts', { stock: listings.stock, capacity: listings.capacity, inquiry: listings.inquiry });

  return (
    <Drawer
      open={userId !== null}
      onClose={onClose}
      size={760}
      title={user ? t('users.detailTitle', { name: user.nickName }) : t('users.title')}
      extra={
        user && !user.isOperator ? (
          <Button type="primary" danger={user.state === 'active'} onClick={() => setChanging(true)}>
            {t(user.state === 'active' ? 'users.disable' : 'users.enable')}
          </Button>
        ) : null
      }
    >
      {detail.isPending && userId !== null && <Skeleton active />}
      {detail.isError && (
        <Result
          status="warning"
          title={t('users.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{tCommon('retry')}</Button>}
        />
      )}
      {user && (
        <div data-testid="user-detail">
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('users.fields.state')}>
              <AccountTags user={user} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.fields.account')}>
              {user.phone}
              {user.account !== user.phone ? ` / ${user.account}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.fields.name')}>{user.nickName}</Descriptions.Item>
            <Descriptions.Item label={t('users.fields.company')}>
              {user.companyName || t('users.noCompany')} · {t('users.companyId', { id: user.rootId })} ·{' '}
              {t('users.colleagues', { count: user.colleagues })}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.fields.listings')}>{counts(user.listings)}</Descriptions.Item>
            <Descriptions.Item label={t('users.fields.takenDown')}>{counts(user.takenDown)}</Descriptions.Item>
            <Descriptions.Item label={t('users.fields.createdAt')}>{time(user.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('users.fields.lastLoginAt')}>{time(user.lastLoginAt)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('users.history')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(row) => `${row.at}-${row.state}`}
            pagination={false}
            dataSource={user.history}
            locale={{ emptyText: t('users.noHistory') }}
            onRow={() => ({ 'data-testid': 'history-row' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { key: 'at', title: t('users.fields.at'), width: 170, render: (_v, row) => time(row.at) },
              {
                key: 'state',
                title: t('users.fields.change'),
                width: 90,
                render: (_v, row) => t(`users.change.${row.state}`),
              },
              { key: 'reason', title: t('users.reason'), render: (_v, row) => row.reason },
              { key: 'listings', title: t('users.fields.moved'), width: 90, render: (_v, row) => row.listings },
              {
                key: 'operator',
                title: t('users.fields.operator'),
                width: 150,
                render: (_v, row) => `${row.operator.name}（${row.operator.account}）`,
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('users.recentLogins')}
          </Typography.Title>
          {user.recentLogins.length === 0 ? (
            <Typography.Text type="secondary">{t('users.noLogins')}</Typography.Text>
          ) : (
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {user.recentLogins.map((login) => (
                <li key={login.at}>{time(login.at)}</li>
              ))}
            </ul>
          )}
          {changing && <StateModal user={user} onClose={() => setChanging(false)} />}
        </div>
      )}
    </Drawer>
  );
}
