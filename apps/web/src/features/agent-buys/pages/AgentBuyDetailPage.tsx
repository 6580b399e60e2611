import { Calls, ChatProductType, CodeFlag, type TAgentBuy, type TAgentQuote } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import ImageViewer from 'antd-mobile/es/components/image-viewer';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { chatPagePath, Paths, procurementHallAgentPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { NoPermissionNote } from '../../staff/NoPermissionNote';
import { useCanCall } from '../../staff/useCan';
import { useAgentBuyActions, useAgentBuyDetail, useAgentQuotes } from '../api';
import { postedTime } from '../components/AgentBuyRow';
import { type AgentQuoteDraft, AgentQuoteSheet } from '../components/AgentQuoteSheet';
import '../locale';
import '../../inquiries/inquiries.css';
import '../agent-buys.css';

/** The request offered as a product link in the chat it opens. */
const shareOf = (request: TAgentBuy) => ({ proType: ChatProductType.agentBuy, proId: request.id });

/** What the request says: kind and state, words, the recording, the photos, and its numbers. */
function RequestInfo({ request }: { request: TAgentBuy }) {
  const { t } = useTranslation('agentBuys');
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <section className="mm-card mm-pc-head" data-testid="agent-buy-info">
      <div className="mm-pc-head-top">
        <span className={`mm-ab-kind is-${request.kind}`}>{t(`kind.${request.kind}`)}</span>
        {request.sortName && <span className="mm-pc-sort">{request.sortName}</span>}
        <span className={`mm-pc-status is-${request.status}`} data-testid="agent-buy-status">
          {t(`status.${request.status}`)}
        </span>
      </div>
      {request.status === 'rejected' && request.reason && (
        <p className="mm-pc-reason" role="alert">
          {t('detail.reason', { reason: request.reason })}
        </p>
      )}
      {request.status === 'review' && <p className="mm-ab-hint">{t('detail.reviewHint')}</p>}
      {request.text && <p className="mm-ab-text">{request.text}</p>}
      {request.voice && (
        <div className="mm-ab-voice-clip" data-testid="agent-buy-voice">
          {/* biome-ignore lint/a11y/useMediaCaption: a spoken request has no captions to offer */}
          <audio src={request.voice.url} controls preload="none" />
          <span className="mm-ab-voice-seconds">{t('form.voiceSeconds', { seconds: request.voice.seconds })}</span>
        </div>
      )}
      {request.photos.length > 0 && (
        <div className="mm-ab-gallery">
          {request.photos.map((photo, index) => (
            <button key={photo.url} type="button" className="mm-ab-photo" onClick={() => setViewing(index)}>
              <img src={photo.thumbUrl} alt={t('detail.photoAlt', { index: index + 1 })} loading="lazy" />
            </button>
          ))}
        </div>
      )}
      <ImageViewer.Multi
        images={request.photos.map((photo) => photo.url)}
        visible={viewing !== null}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
      />
      <dl className="mm-ab-facts">
        <div>
          <dt>{request.companyName || request.nickName}</dt>
          <dd>{t('detail.posted', { time: postedTime(request.createdAt) })}</dd>
        </div>
        {request.expiresAt && request.status === 'open' && (
          <div>
            <dt />
            <dd>{t('detail.expires', { time: postedTime(request.expiresAt) })}</dd>
          </div>
        )}
        {request.phone && (
          <div>
            <dt>{t('detail.phone')}</dt>
            <dd>
              <a href={`tel:${request.phone}`}>{request.phone}</a>
            </dd>
          </div>
        )}
      </dl>
      {request.status !== 'review' && request.status !== 'rejected' && (
        <div className="mm-pc-stats">
          <span>{t('detail.quoteCount', { count: request.quoteCount })}</span>
          <span>{t('detail.views', { count: request.views })}</span>
        </div>
      )}
    </section>
  );
}

/** A quote as its owner and its agent see it: what is offered and who to reach. */
function QuoteCard({ quote, actions }: { quote: TAgentQuote; actions?: ReactNode }) {
  return (
    <div className="mm-ab-quote" data-testid="agent-quote">
      <p className="mm-ab-quote-info">{quote.info}</p>
      <div className="mm-ab-quote-who">
        <strong>{quote.companyName}</strong>
        <span>
          {quote.contactName} · {quote.phone}
        </span>
        <span className="mm-ab-quote-time">{postedTime(quote.createdAt)}</span>
      </div>
      {actions}
    </div>
  );
}

/** The owner: every agent's quote with a call and a chat, and closing or deleting the request. */
function OwnerPanel({ request }: { request: TAgentBuy }) {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  const quotes = useAgentQuotes(request.id, true);
  const actions = useAgentBuyActions(request.id);
  const canManage = useCanCall(Calls.agentBuyClose);
  const confirm = (content: string, confirmText: string, ask = Dialog.confirm) =>
    ask({ content, confirmText, cancelText: t('sheet.cancel') });
  const close = async () => {
    if (!(await confirm(t('detail.closeConfirm'), t('detail.close')))) return;
    await actions.close.mutateAsync().then(
      () => showSuccess(t('detail.closed')),
      () => undefined,
    );
  };
  const remove = async () => {
    if (!(await confirm(t('detail.deleteConfirm'), t('detail.delete'), confirmDestructive))) return;
    await actions.remove.mutateAsync().then(
      () => {
        showSuccess(t('detail.deleted'));
        navigate(Paths.myAgentBuys, { replace: true });
      },
      () => undefined,
    );
  };
  const list = quotes.data ?? [];
  return (
    <>
      {request.status !== 'review' && request.status !== 'rejected' && (
        <section className="mm-card mm-pc-head" data-testid="agent-quotes">
          <h2 className="mm-section-title">{t('detail.quotes')}</h2>
          {quotes.isPending ? (
            <Skeleton.Paragraph lineCount={3} animated />
          ) : list.length === 0 ? (
            <p className="mm-ab-hint">{t('detail.noQuotes')}</p>
          ) : (
            list.map((quote) => (
              <QuoteCard
                key={quote.id}
                quote={quote}
                actions={
                  <div className="mm-ab-quote-actions">
                    <a className="adm-button adm-button-default adm-button-mini" href={`tel:${quote.phone}`}>
                      {t('detail.call')}
                    </a>
                    <Button
                      size="mini"
                      color="primary"
                      fill="outline"
                      onClick={() => navigate(chatPagePath(quote.userId, shareOf(request)))}
                    >
                      {t('detail.chat')}
                    </Button>
                  </div>
                }
              />
            ))
          )}
        </section>
      )}
      <div className="mm-pc-bar mm-ab-bar">
        {canManage ? (
          <>
            {request.status === 'open' && (
              <Button block onClick={close} loading={actions.close.isPending} data-testid="agent-close">
                {t('detail.close')}
              </Button>
            )}
            <Button block color="danger" fill="outline" onClick={remove} data-testid="agent-delete">
              {t('detail.delete')}
            </Button>
          </>
        ) : (
          <NoPermissionNote call={Calls.agentBuyClose} />
        )}
      </div>
    </>
  );
}

/** Anyone else: their own quote, and the agent-quote form while the request is open. */
function AgentPanel({ request, onEnded }: { request: TAgentBuy; onEnded: () => void }) {
  const { t } = useTranslation('agentBuys');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const actions = useAgentBuyActions(request.id);
  const [sheetOpen, setSheetOpen] = useState(false);
  const canQuote = useCanCall(Calls.agentQuoteSave);
  const open = request.status === 'open';
  const submit = async (draft: AgentQuoteDraft) => {
    try {
      await actions.quote.mutateAsync(draft);
      setSheetOpen(false);
      showSuccess(t('sheet.sent'));
    } catch (error) {
      if (isApiError(error) && error.codeFlag === CodeFlag.conflict) {
        setSheetOpen(false);
        showFail(error.message);
        onEnded();
      }
    }
  };
  return (
    <>
      {request.myQuote && (
        <section className="mm-card mm-pc-head" data-testid="my-agent-quote">
          <h2 className="mm-section-title">{t('detail.myQuote')}</h2>
          <QuoteCard quote={request.myQuote} />
        </section>
      )}
      <div className="mm-pc-bar mm-ab-bar">
        {loggedIn && (
          <Button
            block
            onClick={() => navigate(chatPagePath(request.userId, shareOf(request)))}
            data-testid="agent-chat-poster"
          >
            {t('detail.chatPoster')}
          </Button>
        )}
        {open && !canQuote ? (
          <NoPermissionNote call={Calls.agentQuoteSave} />
        ) : open ? (
          <Button
            color="primary"
            block
            onClick={() => (loggedIn ? setSheetOpen(true) : navigate(Paths.login))}
            data-testid="agent-quote-start"
          >
            {!loggedIn ? t('detail.loginToQuote') : request.myQuote ? t('detail.requote') : t('detail.quote')}
          </Button>
        ) : (
          <p className="mm-pc-ended-note">{t('detail.ended')}</p>
        )}
      </div>
      {sheetOpen && (
        <AgentQuoteSheet
          agentBuyId={request.id}
          previous={request.myQuote}
          visible={sheetOpen}
          onClose={() => setSheetOpen(false)}
          onSubmit={submit}
          submitting={actions.quote.isPending}
        />
      )}
    </>
  );
}

/**
 * SPEC §2 pages/procurement/agent_buy_detail?id: one agent request. Its owner sees the agents' quotes
 * with their contacts and may close or delete it; anyone else quotes with the agent-quote form.
 */
export default function AgentBuyDetailPage() {
  const { t } = useTranslation('agentBuys');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useAgentBuyDetail(id);
  useDialogsClosedOnLeave();
  const error = isApiError(detail.error) ? detail.error.codeFlag : null;

  let body: ReactNode;
  if (id === 0 || error === CodeFlag.notFound) body = <NotFoundScreen title={t('detail.notFound')} />;
  else if (detail.isError)
    body = (
      <ErrorScreen error={detail.error} forbiddenTitle={t('detail.forbidden')} onRetry={() => void detail.refetch()} />
    );
  else if (detail.isPending) body = <Skeleton.Paragraph lineCount={8} animated />;
  else {
    const request = detail.data;
    body = (
      <>
        <RequestInfo request={request} />
        {request.mine ? (
          <OwnerPanel request={request} />
        ) : (
          <AgentPanel request={request} onEnded={() => void detail.refetch()} />
        )}
      </>
    );
  }

  return (
    <Page title={t('detail.title')} backTo={procurementHallAgentPath} className="mm-pc-page">
      <PullToRefresh onRefresh={async () => void (await detail.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
