import List from 'antd-mobile/es/components/list';
import Switch from 'antd-mobile/es/components/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFail, showSuccess } from '../../../lib/feedback';
import type { SessionUser } from '../../../lib/session';
import { disablePush, enablePush, type PushState, pushState } from '../client';

/** Settings' notifications switch: asks the browser's permission only when turned on here. */
export function PushSetting({ user }: { user: SessionUser }) {
  const { t } = useTranslation('settings');
  const [state, setState] = useState<PushState>(() => pushState());
  const [busy, setBusy] = useState(false);

  const change = async (on: boolean) => {
    setBusy(true);
    try {
      const next = on ? await enablePush(user) : await disablePush();
      setState(next);
      if (next === 'on') showSuccess(t('notificationsOn'));
      else if (next === 'off' && !on) showSuccess(t('notificationsOff'));
    } catch (error) {
      console.warn('[push] switch failed', error);
      setState(pushState());
      showFail(t('notificationsFailed'));
    } finally {
      setBusy(false);
    }
  };

  const note =
    state === 'unsupported'
      ? t('notificationsUnsupported')
      : state === 'denied'
        ? t('notificationsDenied')
        : t('notificationsQuiet');
  return (
    <List header={t('notifications')} className="mm-set-list">
      <List.Item
        description={<span className={state === 'denied' ? 'mm-set-warning' : undefined}>{note}</span>}
        extra={
          <Switch
            checked={state === 'on'}
            loading={busy}
            disabled={state === 'unsupported' || state === 'denied'}
            onChange={change}
            aria-label={t('notificationsSwitch')}
          />
        }
      >
        {t('notificationsSwitch')}
      </List.Item>
    </List>
  );
}
