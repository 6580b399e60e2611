import { formatCents, PAY_CHANNELS, type PayChannel, type TPayCreateAnswer } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { qrPath } from '../../contacts/qr';
import { useCreatePayment, usePayOrder } from '../api';
import { ChannelIcon } from '../components/ChannelIcon';
import { LoginFirst } from '../components/LoginFirst';
import { OfflineTransfer } from '../components/OfflineTransfer';
import { minuteOf } from '../format';
import { payPagePath, paySuccessPath } from '../links';
import { openProvider } from '../provider';
import { purchaseNote } from '../purchase';
import '../payments.css';

type Offline = Extract<TPayCreateAnswer, { action: 'offline' }>;

/** WeChat Pay's Native code, for a cashier link a phone cannot open itself. */
function PayQrCode({ text, label }: { text: string; label: string }) {
  const [qr, setQr] = useState<{ size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void qrPath(text).then((made) => live && setQr(made));
    return () => {
      live = false;
    };
  }, [text]);
  if (!qr) return <PageLoading />;
  return (
    <svg
      className="mm-pay-qr"
      viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
      role="img"
      aria-label={label}
      data-testid="pay-qr"
    >
      <rect x="-2" y="-2" width={qr.size + 4} height={qr.size + 4} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/**
 * SPEC §2 pay-desk ('cashier'): an order's amount and subject, and how to pay it — WeChat Pay or
 * Alipay (their cashier, which returns to the success page) or a bank transfer (the platform's account,
 * a reference and the slip). Nothing here marks an order paid: only the provider's or operator's word does.
 */
export default function PayDeskPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const { loggedIn } = useSession();
  const order = usePayOrder(orderNo);
  const create = useCreatePayment();
  const [channel, setChannel] = useState<PayChannel>('wxpay');
  const [offline, setOffline] = useState<Offline | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const data = order.data;

  const pay = async () => {
    try {
      const answer = await create.mutateAsync({ orderNo, channel });
      if (answer.action === 'offline') return setOffline(answer);
      if (answer.action === 'qr') return setQr(answer.codeUrl);
      // Back from the provider (or its back button) lands on the payment page, which asks how it went.
      navigate(payPagePath(orderNo), { replace: true });
      openProvider(answer.url);
    } catch {
      // The toast has said why (closed, paid, the channel unavailable); the choice stays for another try.
    }
  };

  let body: ReactNode;
  if (!orderNo) return <NotFoundScreen title={t('notFound')} />;
  if (!loggedIn) {
    body = <LoginFirst title={t('login.title')} text={t('login.text')} action={t('login.action')} />;
  } else if (order.isPending) {
    body = <PageLoading />;
  } else if (!data) {
    body = <ErrorScreen error={order.error} onRetry={() => void order.refetch()} notFoundTitle={t('notFound')} />;
  } else if (data.state !== 'unpaid') {
    return data.state === 'closed' ? (
      <Page title={t('desk.title')} backTo={Paths.vipCenter}>
        <EmptyState
          kind="wait"
          title={t('pay.closed')}
          description={t('pay.closedText')}
          action={{ label: t('pay.vipCenter'), onClick: () => navigate(Paths.vipCenter, { replace: true }) }}
        />
      </Page>
    ) : (
      <Navigate to={paySuccessPath(orderNo)} replace />
    );
  } else {
    const amount = t('money', { amount: formatCents(data.amountFen) });
    body = (
      <>
        <section className="mm-card mm-pay-summary" data-testid="pay-summary">
          <span className="mm-pay-label">{t('desk.amount')}</span>
          <strong className="mm-pay-amount" data-testid="pay-amount">
            {amount}
          </strong>
          <span className="mm-pay-subject" data-testid="pay-subject">
            {purchaseNote(orderNo)?.item ?? data.subject}
          </span>
          <span className="mm-pay-note">{t('desk.expires', { time: minuteOf(data.expiresAt) })}</span>
        </section>
        {offline ? (
          <OfflineTransfer
            orderNo={orderNo}
            amountFen={offline.amountFen}
            expiresAt={offline.expiresAt}
            offline={offline.offline}
          />
        ) : qr ? (
          <section className="mm-card mm-pay-card mm-pay-center">
            <p className="mm-pay-note">{t('desk.qr')}</p>
            <PayQrCode text={qr} label={t('desk.qr')} />
            <Button block color="primary" shape="rounded" onClick={() => navigate(payPagePath(orderNo))}>
              {t('desk.qrDone')}
            </Button>
          </section>
        ) : (
          <>
            <section className="mm-card mm-pay-card">
              <h2 className="mm-section-title">{t('desk.choose')}</h2>
              <div className="mm-pay-channels">
                {PAY_CHANNELS.map((each) => (
                  <button
                    key={each}
                    type="button"
                    aria-pressed={channel === each}
                    className={`mm-pay-channel ${channel === each ? 'is-chosen' : ''}`}
                    onClick={() => setChannel(each)}
                    data-testid={`pay-channel-${each}`}
                  >
                    <ChannelIcon channel={each} />
                    <span className="mm-pay-channel-text">
                      <strong>{t(`channels.${each}`)}</strong>
                      <small>{t(`desk.hints.${each}`)}</small>
                    </span>
                    <i className="mm-pay-radio" aria-hidden="true" />
                  </button>
                ))}
              </div>
            </section>
            <div className="mm-pay-actions">
              <Button
                block
                color="primary"
                shape="rounded"
                size="large"
                loading={create.isPending}
                onClick={() => void pay()}
                data-testid="pay-submit"
              >
                {channel === 'offline' ? t('desk.transfer') : t('desk.pay', { amount: formatCents(data.amountFen) })}
              </Button>
            </div>
          </>
        )}
      </>
    );
  }

  return (
    <Page title={t('desk.title')} backTo={Paths.vipCenter} className="mm-pay">
      {body}
    </Page>
  );
}
