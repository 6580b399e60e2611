import type { TShopOpenState } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useApplyShop, useShopOpenState } from '../api';
import '../../companies/locale';
import '../locale';
import '../shops.css';

interface Condition {
  key: string;
  label: string;
  detail?: string;
  met: boolean;
  /** Where the user fixes it; listings have no page of their own yet. */
  to?: string;
}

function conditionsOf(state: TShopOpenState, t: TFunction<'shops'>) {
  const { conditions } = state;
  const { listings } = conditions;
  const list: Condition[] = [
    { key: 'companyInfo', label: t('open.companyInfo'), met: conditions.companyInfo, to: Paths.userCenter },
    { key: 'licence', label: t('open.licence'), met: conditions.licence, to: Paths.licensePage },
    { key: 'realName', label: t('open.realName'), met: conditions.realName, to: Paths.faceVerify },
    {
      key: 'listings',
      label: t('open.listings', { required: listings.required }),
      detail: `${t('open.listingsHave', { stock: listings.stock, capacity: listings.capacity })}${
        listings.shortfall > 0 ? ` · ${t('open.shortfall', { shortfall: listings.shortfall })}` : ''
      }`,
      met: listings.shortfall === 0,
    },
  ];
  return list;
}

/** SPEC §2 open_shop, §4 shop opening: the conditions with what is still short, the audit's status, and applying. */
export default function OpenShopPage() {
  const { t } = useTranslation('shops');
  const navigate = useNavigate();
  const state = useShopOpenState();
  const apply = useApplyShop();

  let body: ReactNode;
  if (state.isError) {
    body = <ErrorScreen error={state.error} onRetry={() => void state.refetch()} />;
  } else if (!state.data) {
    body = (
      <section className="mm-card mm-shop-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else {
    const data = state.data;
    const conditions = conditionsOf(data, t);
    const canApply =
      data.editable && (data.status === 'reached' || (data.status === 'failed' && conditions.every((c) => c.met)));
    body = (
      <>
        <section className={`mm-card mm-open-status is-${data.status}`} data-testid="open-status">
          <strong>{t(`open.status.${data.status}`)}</strong>
          <p>{t(`open.statusText.${data.status}`, { reason: data.reason })}</p>
          {data.status === 'passed' && (
            <Button size="small" color="primary" onClick={() => navigate(`${Paths.company}?id=${data.rootId}`)}>
              {t('open.viewShop')}
            </Button>
          )}
        </section>
        {data.status !== 'passed' && <p className="mm-open-intro">{t('open.intro')}</p>}
        <section className="mm-card">
          <h2 className="mm-section-title">{t('open.conditions')}</h2>
          <ul className="mm-open-conditions" data-testid="open-conditions">
            {conditions.map((condition) => (
              <li
                key={condition.key}
                className={condition.met ? 'is-met' : ''}
                data-testid={`condition-${condition.key}`}
              >
                {condition.met ? (
                  <CheckCircleFill className="mm-open-icon" />
                ) : (
                  <ClockCircleOutline className="mm-open-icon" />
                )}
                <span>
                  <strong>{condition.label}</strong>
                  {condition.detail && <small>{condition.detail}</small>}
                </span>
                {condition.met ? (
                  <em>{t('open.done')}</em>
                ) : (
                  condition.to && (
                    <Button size="mini" color="primary" fill="outline" onClick={() => navigate(condition.to!)}>
                      {t('open.todo')}
                    </Button>
                  )
                )}
              </li>
            ))}
          </ul>
        </section>
        {!data.editable && <p className="mm-open-intro">{t('open.ownerOnly')}</p>}
        {data.editable && (data.status === 'unmet' || data.status === 'reached' || data.status === 'failed') && (
          <div className="mm-shop-actions">
            <Button
              block
              color="primary"
              size="large"
              disabled={!canApply}
              loading={apply.isPending}
              onClick={() =>
                apply.mutate(undefined, {
                  onSuccess: () => showSuccess(t('open.applied')),
                })
              }
              data-testid="apply-shop"
            >
              {data.status === 'failed' ? t('open.reapply') : t('open.apply')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Page title={t('open.title')} backTo={rootPath('me')} className="mm-shop">
      <PullToRefresh onRefresh={async () => void (await state.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
