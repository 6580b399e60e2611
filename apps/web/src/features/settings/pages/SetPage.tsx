import { LANGUAGES } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import CheckList from 'antd-mobile/es/components/check-list';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Logo } from '../../../components/Logo';
import { Page } from '../../../components/Page';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { LANGUAGE_NAMES, useLanguage } from '../../../lib/i18n';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useLogout } from '../../accounts/api';
import { PushSetting } from '../../push/components/PushSetting';
import '../settings.css';

const APP_VERSION = '5.0.0';

/**
 * lightweight-charts' licence asks for its NOTICE and a link to TradingView on a page users can reach;
 * the charts leave the logo out of the plot, so the attribution is here, word for word.
 */
const CHART_LIBRARY_NOTICE = 'TradingView Lightweight Charts™ Copyright (c) 2026 TradingView, Inc.';
const CHART_LIBRARY_LINK = 'https://www.tradingview.com/';

/** SPEC §2 set/set: language, about, logout. */
export default function SetPage() {
  const { t } = useTranslation(['settings', 'common']);
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const [lang, setLang] = useLanguage();
  const { user, loggedIn } = useSession();
  const logout = useLogout();

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('settings:logoutConfirm'),
      confirmText: t('settings:logout'),
      cancelText: t('common:cancel'),
    });
    if (!ok) return;
    await logout.mutateAsync();
    showSuccess(t('settings:loggedOut'));
    navigate(rootPath('me'), { replace: true });
  };

  return (
    <Page title={t('settings:title')} backTo={rootPath('me')}>
      <List header={t('settings:language')} className="mm-set-list">
        <CheckList
          value={[lang]}
          onChange={(values) => {
            const next = LANGUAGES.find((l) => l === values[0]);
            if (next) setLang(next);
          }}
        >
          {LANGUAGES.map((l) => (
            <CheckList.Item key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </CheckList.Item>
          ))}
        </CheckList>
      </List>

      {loggedIn && user && (
        <List header={t('settings:account')} className="mm-set-list">
          <List.Item extra={user.account}>{t('settings:currentAccount')}</List.Item>
          {user.lastLoginDate && (
            <List.Item extra={user.lastLoginDate.slice(0, 16).replace('T', ' ')}>{t('settings:lastLogin')}</List.Item>
          )}
        </List>
      )}
      {loggedIn && user && <PushSetting user={user} />}

      <List header={t('settings:about')} className="mm-set-list">
        <List.Item extra={`v${APP_VERSION}`}>{t('settings:version')}</List.Item>
        <List.Item
          description={
            <span className="mm-set-attribution" data-testid="licence-attributions">
              {t('settings:chartLibrary')}
              <span lang="en">{CHART_LIBRARY_NOTICE}</span>
              <a href={CHART_LIBRARY_LINK} target="_blank" rel="noopener noreferrer">
                {CHART_LIBRARY_LINK}
              </a>
            </span>
          }
        >
          {t('settings:licences')}
        </List.Item>
      </List>
      <div className="mm-set-about">
        <Logo size={40} />
        <p>
          <strong>{t('common:appName')}</strong>
          <span>{t('settings:aboutText')}</span>
        </p>
      </div>

      <div className="mm-set-actions">
        {loggedIn ? (
          <Button
            block
            size="large"
            shape="rounded"
            className="mm-set-logout"
            onClick={confirmLogout}
            loading={logout.isPending}
          >
            {t('settings:logout')}
          </Button>
        ) : (
          <Button block size="large" shape="rounded" color="primary" onClick={() => navigate(Paths.login)}>
            {t('settings:login')}
          </Button>
        )}
      </div>
    </Page>
  );
}
