import {
  Calls,
  ChatProductType,
  CodeFlag,
  confirmInquiryOrderPath,
  formatTons,
  type SupplierInquiryState,
  type TInquiryDetail,
  type TQuote,
} from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { confirmDestructive, Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCompanyInfoGate } from '../../companies/useCompanyInfoGate';
import { NoPermissionNote } from '../../staff/NoPermissionNote';
import { useCanCall } from '../../staff/useCan';
import { useRealNameGate } from '../../verification/useRealNameGate';
import {
  type QuoteDraft,
  useInquiryActions,
  useInquiryDetail,
  useInquiryQuotes,
  useSaveQuote,
  useTakeInquiry,
} from '../api';
import { OwnQuote, QuoteComparison } from '../components/QuoteComparison';
import { QuoteSheet } from '../components/QuoteSheet';
import { deadlineTime, paymentText, placeText, timeLeft } from '../format';
import '../locale';
import '../inquiries.css';
import { useRegionName } from '../../../lib/regionName';
import { useNow } from '../useNow';

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="mm-pc-info">
      <span className="mm-pc-info-label">{label}</span>
      <span className="mm-pc-info-value">{children}</span>
    </div>
  );
}

/** What the inquiry asks for: state and deadline, the products, the terms and the places. */
function InquiryInfo({ inquiry, now }: { inquiry: TInquiryDetail; now: Date }) {
  const { t } = useTranslation('inquiries');
  const regionName = useRegionName();
  const left = inquiry.status === 'open' ? timeLeft(inquiry.quoteDeadline, now, t) : null;
  const yes = (flag: boolean) => t(flag ? 'detail.included' : 'detail.excluded');
  const supplierPlace = placeText([inquiry.supplierProvince, inquiry.supplierCity]);
  return (
    <>
      <section className="mm-card mm-pc-head" data-testid="inquiry-head">
        <div className="mm-pc-head-top">
          <span className="mm-pc-sort">{inquiry.sortName}</span>
          <span className={`mm-pc-status is-${inquiry.status}`} data-testid="inquiry-status">
            {t(`status.${inquiry.status}`)}
          </span>
        </div>
        <h1 className="mm-pc-title">{inquiry.title || inquiry.sortName}</h1>
        <div className="mm-pc-buyer">{inquiry.buyerCompanyName}</div>
        <div className="mm-pc-deadline-line">
          <span>
            {t('detail.deadline')} {deadlineTime(inquiry.quoteDeadline)}
          </span>
          {left && <strong className="mm-pc-left">{t('detail.left', { time: left })}</strong>}
        </div>
        <div className="mm-pc-stats">
          <span>
            {t('detail.quoteCount')} <strong>{inquiry.quoteCount}</strong>
          </span>
          <span>
            {t('detail.views')} <strong>{inquiry.views}</strong>
          </span>
          <span>{t('detail.totalTons', { tons: formatTons(inquiry.totalQuantityKg) })}</span>
        </div>
        <div className="mm-pc-posted">{t('detail.posted', { time: deadlineTime(inquiry.createdAt) })}</div>
        {inquiry.status === 'rejected' && inquiry.reason && (
          <p className="mm-pc-reason">
            {t('detail.reason')}: {inquiry.reason}
          </p>
        )}
      </section>

      <section className="mm-card">
        <h2 className="mm-section-title">{t('detail.products')}</h2>
        {inquiry.specs.map((spec) => (
          <div key={spec.id} className="mm-pc-spec" data-testid="inquiry-spec">
            <div className="mm-pc-spec-head">
              <strong>{spec.productName || inquiry.sortName}</strong>
              <span className="mm-pc-tons">{t('sheet.qty', { tons: formatTons(spec.quantityKg) })}</span>
            </div>
            {spec.specification && (
              <div className="mm-pc-spec-line">
                {t('detail.specification')}: {spec.specification}
              </div>
            )}
            {spec.attributes.length > 0 && (
              <div className="mm-pc-attrs">
                {spec.attributes.map((attribute) => (
                  <span key={`${attribute.name}:${attribute.value}`} className="mm-pc-attr">
                    {attribute.name}: {attribute.value}
                  </span>
                ))}
              </div>
            )}
          </div>
        ))}
      </section>

      <section className="mm-card">
        <h2 className="mm-section-title">{t('detail.terms')}</h2>
        <Info label={t('detail.tax')}>{yes(inquiry.taxIncluded)}</Info>
        <Info label={t('detail.freight')}>{yes(inquiry.freightIncluded)}</Info>
        <Info label={t('detail.payment')}>{paymentText(inquiry, t)}</Info>
        {inquiry.deliveryDate && <Info label={t('detail.deliveryDate')}>{inquiry.deliveryDate}</Info>}
        <Info label={t('detail.supplierPlace')}>{supplierPlace || t('detail.anywhere')}</Info>
        <Info label={t('detail.deliveryPlace')}>
          {placeText([...[inquiry.province, inquiry.city, inquiry.district].map(regionName), inquiry.address])}
        </Info>
        {inquiry.mine && inquiry.receiver && (
          <Info label={t('detail.contact')}>
            <span data-testid="inquiry-contact">
              {inquiry.receiver} {inquiry.receiverPhone}
            </span>
          </Info>
        )}
        {inquiry.remark && <Info label={t('detail.remark')}>{inquiry.remark}</Info>}
        {inquiry.attachments.length > 0 && (
          <Info label={t('detail.attachments')}>
            <span className="mm-pc-attachments">
              {inquiry.attachments.map((file) => (
                <a key={file.url} href={file.url} target="_blank" rel="noreferrer">
                  {file.name}
                </a>
              ))}
            </span>
          </Info>
        )}
      </section>
    </>
  );
}

/** The buyer's company: the comparison of quotes, and closing or deleting the inquiry. */
function BuyerPanel({ inquiry }: { inquiry: TInquiryDetail }) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const quotes = useInquiryQuotes(inquiry.id, true);
  const actions = useInquiryActions(inquiry.id);
  const canAnswer = useCanCall(Calls.quoteAgree);
  const canManage = useCanCall(Calls.inquiryClose);
  const canOrder = useCanCall(Calls.orderConfirmInquiry);
  const confirm = (content: string, confirmText: string, ask = Dialog.confirm) =>
    ask({ content, confirmText, cancelText: t('dialog.cancel') });

  const agree = async (quote: TQuote) => {
    if (!(await confirm(t('buyer.agreeConfirm', { company: quote.supplierCompanyName }), t('buyer.agree')))) return;
    await actions.agree.mutateAsync(quote.id).then(
      () => showSuccess(t('buyer.agreed')),
      () => undefined,
    );
  };
  const ignore = async (quote: TQuote) => {
    if (!(await confirm(t('buyer.ignoreConfirm'), t('buyer.ignore')))) return;
    await actions.ignore.mutateAsync(quote.id).then(
      () => showSuccess(t('buyer.ignored')),
      () => undefined,
    );
  };
  const close = async () => {
    if (!(await confirm(t('buyer.closeConfirm'), t('buyer.close')))) return;
    await actions.close.mutateAsync().then(
      () => showSuccess(t('buyer.closed')),
      () => undefined,
    );
  };
  const remove = async () => {
    if (!(await confirm(t('buyer.deleteConfirm'), t('buyer.delete'), confirmDestructive))) return;
    await actions.remove.mutateAsync().then(
      () => {
        showSuccess(t('buyer.deleted'));
        navigate(Paths.procurementHall, { replace: true });
      },
      () => undefined,
    );
  };

  return (
    <>
      <section className="mm-card">
        <h2 className="mm-section-title">{t('buyer.quotes')}</h2>
        {quotes.isPending ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : quotes.isError ? (
          <ErrorScreen error={quotes.error} onRetry={() => void quotes.refetch()} />
        ) : (
          <QuoteComparison
            inquiry={inquiry}
            quotes={quotes.data}
            onAgree={canAnswer ? agree : undefined}
            onIgnore={canAnswer ? ignore : undefined}
          />
        )}
      </section>
      {inquiry.designatedSuppliers.length > 0 && (
        <section className="mm-card" data-testid="designated-suppliers">
          <h2 className="mm-section-title">{t('designated.title')}</h2>
          {inquiry.designatedSuppliers.map((supplier) => (
            <div key={supplier.rootId} className="mm-pc-designated">
              <span className="mm-pc-designated-name">{supplier.companyName}</span>
              <span className={`mm-pc-designated-state is-${supplier.state}`}>{t(`designated.${supplier.state}`)}</span>
            </div>
          ))}
        </section>
      )}
      <div className="mm-pc-bar">
        {!canManage && <NoPermissionNote call={Calls.inquiryClose} />}
        {inquiry.status === 'cooperated' && canOrder && (
          // The agreed quote becomes an order here (order/confirm_inquiry); the server refuses a second one.
          <Button
            color="primary"
            onClick={() => navigate(confirmInquiryOrderPath(inquiry.id))}
            data-testid="inquiry-place-order"
          >
            {t('buyer.placeOrder')}
          </Button>
        )}
        {inquiry.status === 'open' && canManage && (
          <Button onClick={close} data-testid="inquiry-close">
            {t('buyer.close')}
          </Button>
        )}
        {canManage && (
          <Button color="danger" fill="outline" onClick={remove} data-testid="inquiry-delete">
            {t('buyer.delete')}
          </Button>
        )}
      </div>
    </>
  );
}

/** How a supplier's state reads: good news, something to act on, in hand, or over. */
const STATE_TONE: Record<SupplierInquiryState, 'good' | 'warn' | 'info' | 'muted'> = {
  open: 'info',
  grabbed: 'info',
  quoted: 'info',
  colleagueTook: 'warn',
  colleagueQuoted: 'warn',
  gaveUp: 'muted',
  sellerIgnored: 'muted',
  buyerIgnored: 'warn',
  agreed: 'good',
  colleagueCooperated: 'good',
  cooperatedOther: 'muted',
  ended: 'muted',
};

/**
 * A supplier (anyone but the buyer's company): where the inquiry stands for them (SPEC §4 from the
 * seller's side), and while it is open: grabbing it for the company, passing on it, quoting, and
 * withdrawing the live quote. The gates ask for company info and real-person verification first; the
 * server's codeFlag 7 / 8 answers lead to the same pages, 5 means it ended or a colleague holds it.
 */
function SupplierPanel({ inquiry, now, onChanged }: { inquiry: TInquiryDetail; now: Date; onChanged: () => void }) {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [sheetOpen, setSheetOpen] = useState(false);
  const companyGate = useCompanyInfoGate();
  const realNameGate = useRealNameGate();
  const quotes = useInquiryQuotes(inquiry.id, loggedIn);
  const save = useSaveQuote(inquiry.id);
  const actions = useInquiryActions(inquiry.id);
  const take = useTakeInquiry(inquiry.id);
  const canQuote = useCanCall(Calls.quoteSave);
  const canTake = useCanCall(Calls.inquiryGrab);
  const state: SupplierInquiryState = inquiry.supplierState ?? 'open';
  const open = inquiry.status === 'open' && new Date(inquiry.quoteDeadline) > now;
  const colleagueHolds = state === 'colleagueTook' || state === 'colleagueQuoted';
  const hasLive = quotes.data?.some((quote) => quote.status === 'live') ?? false;

  /** Quoting and grabbing need the same: company info, then a verified person. */
  const gated = (action: () => void) =>
    void companyGate.guard(async () => {
      await realNameGate.guard(action);
    });

  const ask = async (title: string, content: string, confirmText: string, to: string) => {
    const go = await Dialog.confirm({ title, content, confirmText, cancelText: t('gate.notNow') });
    if (go) navigate(to);
  };

  /** The answers the page handles itself rather than by a toast. */
  const answer = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.codeFlag === CodeFlag.companyInfoIncomplete) {
      setSheetOpen(false);
      // The gate before found the company info complete, so what is missing is the approved licence.
      void ask(t('gate.companyTitle'), error.mesg, t('gate.goCompany'), Paths.licensePage);
    } else if (error.codeFlag === CodeFlag.realPersonRequired) {
      setSheetOpen(false);
      void ask(t('gate.verifyTitle'), error.mesg, t('gate.goVerify'), Paths.faceVerify);
    } else if (error.codeFlag === CodeFlag.conflict) {
      setSheetOpen(false);
      showFail(error.mesg);
      onChanged();
    }
  };

  const submit = (draft: QuoteDraft) =>
    save.mutate(draft, {
      onSuccess: () => {
        setSheetOpen(false);
        showSuccess(t('sheet.sent'));
      },
      onError: answer,
    });

  const grab = () =>
    gated(() =>
      take.grab.mutate(undefined, {
        onSuccess: () => showSuccess(t('supplier.grabbed')),
        onError: answer,
      }),
    );

  const pass = async () => {
    const releasing = state === 'grabbed';
    const confirmed = await Dialog.confirm({
      content: t(releasing ? 'supplier.releaseConfirm' : 'supplier.ignoreConfirm'),
      confirmText: t(releasing ? 'supplier.release' : 'supplier.ignore'),
      cancelText: t('dialog.cancel'),
    });
    if (confirmed)
      take.ignore.mutate(undefined, { onSuccess: () => showSuccess(t('supplier.ignored')), onError: answer });
  };

  const withdraw = async (quote: TQuote) => {
    if (
      !(await confirmDestructive({
        content: t('supplier.withdrawConfirm'),
        confirmText: t('supplier.withdraw'),
        cancelText: t('dialog.cancel'),
      }))
    )
      return;
    await actions.withdraw.mutateAsync(quote.id).then(
      () => showSuccess(t('supplier.withdrawn')),
      () => undefined,
    );
  };

  const own = quotes.data ?? [];
  const busy = companyGate.checking || realNameGate.checking || take.grab.isPending || take.ignore.isPending;
  const stateNote = state !== 'open' && state !== 'ended' && (
    <p className={`mm-pc-state is-${STATE_TONE[state]}`} data-testid="supplier-state">
      {t(`supplierState.${state}`, { name: inquiry.handlerName || t('supplier.colleague') })}
    </p>
  );

  let bar: React.ReactNode;
  if (state === 'agreed')
    bar = (
      <Button
        color="primary"
        block
        // The chat offers this inquiry as a card, so the buyer sees at once which one it is about.
        onClick={() =>
          navigate(chatPagePath(inquiry.posterUserId, { proType: ChatProductType.inquiry, proId: inquiry.id }))
        }
        data-testid="contact-buyer"
      >
        {t('supplier.contactBuyer')}
      </Button>
    );
  else if (!open)
    bar = (
      <p className="mm-pc-ended-note" data-testid="quote-ended">
        {t('supplier.ended')}
      </p>
    );
  else if (!colleagueHolds)
    bar = (
      <>
        {(state === 'open' || state === 'grabbed') && loggedIn && canTake && (
          <Button onClick={() => void pass()} disabled={busy} data-testid="inquiry-pass">
            {t(state === 'grabbed' ? 'supplier.release' : 'supplier.ignore')}
          </Button>
        )}
        {(state === 'open' || state === 'gaveUp' || state === 'sellerIgnored') && canTake && (
          <Button
            color="primary"
            fill="outline"
            onClick={grab}
            loading={take.grab.isPending}
            disabled={busy}
            data-testid="inquiry-grab"
          >
            {t('supplier.grab')}
          </Button>
        )}
        {canQuote ? (
          <Button
            color="primary"
            block
            loading={companyGate.checking || realNameGate.checking}
            disabled={busy}
            onClick={() => gated(() => setSheetOpen(true))}
            data-testid="quote-start"
          >
            {hasLive ? t('supplier.requote') : t('supplier.quote')}
          </Button>
        ) : (
          <NoPermissionNote call={Calls.quoteSave} />
        )}
      </>
    );

  return (
    <>
      {stateNote}
      {loggedIn && own.length > 0 && (
        <section className="mm-card" data-testid="own-quotes">
          <h2 className="mm-section-title">{t('supplier.mine')}</h2>
          {own.map((quote) => (
            <OwnQuote
              key={quote.id}
              quote={quote}
              onWithdraw={open && !colleagueHolds && canQuote ? withdraw : undefined}
            />
          ))}
        </section>
      )}
      {bar && <div className="mm-pc-bar">{bar}</div>}
      {sheetOpen && (
        <QuoteSheet
          inquiry={inquiry}
          visible={sheetOpen}
          onClose={() => setSheetOpen(false)}
          onSubmit={submit}
          submitting={save.isPending}
        />
      )}
    </>
  );
}

/**
 * SPEC §2 pages/procurement/inquiry_detail?id: one inquiry with everything it asks for. The buyer's
 * company compares and answers the quotes; a supplier quotes and sees its own quotes.
 */
export default function InquiryDetailPage() {
  const { t } = useTranslation('inquiries');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const detail = useInquiryDetail(id);
  const now = useNow();
  useDialogsClosedOnLeave();
  const error = isApiError(detail.error) ? detail.error.codeFlag : null;

  let body: React.ReactNode;
  if (id === 0 || error === CodeFlag.notFound) body = <NotFoundScreen title={t('detail.notFound')} />;
  else if (detail.isError)
    body = (
      <ErrorScreen error={detail.error} forbiddenTitle={t('detail.noAccess')} onRetry={() => void detail.refetch()} />
    );
  else if (detail.isPending) body = <Skeleton.Paragraph lineCount={8} animated />;
  else {
    const inquiry = detail.data;
    body = (
      <>
        <InquiryInfo inquiry={inquiry} now={now} />
        {inquiry.mine ? (
          <BuyerPanel inquiry={inquiry} />
        ) : (
          <SupplierPanel inquiry={inquiry} now={now} onChanged={() => void detail.refetch()} />
        )}
      </>
    );
  }

  return (
    <Page title={t('detail.title')} backTo={Paths.procurementHall} className="mm-pc-page">
      <PullToRefresh onRefresh={async () => void (await detail.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
