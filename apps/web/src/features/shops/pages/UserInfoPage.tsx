import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useUserCard } from '../api';
import '../../companies/locale';
import { QueryBody } from '../components/QueryBody';
import '../locale';
import '../shops.css';

/** Contacts' part of the card, loaded on its own so this page's route costs the start-up bundle nothing more. */
const FriendCardActions = lazy(() => import('../../contacts/components/FriendCardActions'));

/** SPEC §2 user_info_page?userId: a user's public card (SPEC §3 public user card). */
export default function UserInfoPage() {
  const { t } = useTranslation(['shops', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = Number(params.get('userId')) || 0;
  const card = useUserCard(userId);

  const body = (
    <QueryBody query={card} hasId={userId > 0} notFound={t('card.notFound')}>
      {(data) => {
        return (
          <>
            <section className="mm-card mm-user-card" data-testid="user-card">
              <span className="mm-user-head">{data.head ? <img src={data.head} alt="" /> : <UserOutline />}</span>
              <div>
                <h1>
                  {data.nickName}
                  {data.isDemo && <span className="mm-demo-tag">{t('shop.demo')}</span>}
                </h1>
                <p>
                  {t('card.account')} {data.account}
                </p>
                <span className="mm-shop-marks">
                  {data.realName && <span className="mm-shop-mark is-realName">{t('card.realName')}</span>}
                  {data.openShop && <span className="mm-shop-mark is-licence">{t('card.shopOpen')}</span>}
                </span>
              </div>
            </section>
            <section className="mm-card mm-shop-detail">
              <dl>
                <div>
                  <dt>{t('card.signature')}</dt>
                  <dd>{data.signature || t('card.noSignature')}</dd>
                </div>
                <div>
                  <dt>{t('card.company')}</dt>
                  <dd>{data.companyName || t('card.noCompany')}</dd>
                </div>
                <div>
                  <dt>{t('card.products')}</dt>
                  <dd>
                    {data.marketList.length > 0
                      ? data.marketList.map((m) => m.title).join(t('common:listSeparator'))
                      : t('detail.none')}
                  </dd>
                </div>
              </dl>
            </section>
            <Suspense fallback={null}>
              <FriendCardActions card={data} />
            </Suspense>
            {data.companyName && (
              <div className="mm-shop-actions">
                <Button block color="primary" onClick={() => navigate(`${Paths.company}?id=${data.rootId}`)}>
                  {t('card.visitShop')}
                </Button>
              </div>
            )}
          </>
        );
      }}
    </QueryBody>
  );

  return (
    <Page title={t('card.title')} className="mm-shop">
      <PullToRefresh onRefresh={async () => void (await card.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
