import {
  CodeFlag,
  FRIEND_REMARK_MAX,
  FRIEND_REQUEST_MESSAGE_MAX,
  type TFriendRequest,
  type TUserCard,
} from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Input from 'antd-mobile/es/components/input';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import TextArea from 'antd-mobile/es/components/text-area';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { chatPagePath, Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useUserCard } from '../../shops/api';
import { contactKeys, useAnswerRequest, useFindUser, useFriendRequests, useSendFriendRequest } from '../api';
import { ContactAvatar } from '../components/ContactAvatar';
import { LoginFirst } from '../components/LoginFirst';
import '../locale';
import '../contacts.css';
import { SearchField } from '../../../components/SearchField';

/** The found user, and what I can do about them: ask to be friends, or chat when we already are. */
function FoundUser({ card }: { card: TUserCard }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const { user } = useSession();
  const send = useSendFriendRequest();
  const [message, setMessage] = useState('');
  const [remark, setRemark] = useState('');
  const [sent, setSent] = useState<'pending' | 'accepted' | null>(null);
  const self = user?.userId === card.userId;

  let action: ReactNode;
  if (self) action = <p className="mm-found-note">{t('add.isSelf')}</p>;
  else if (card.isFriend || sent === 'accepted') {
    action = (
      <>
        <p className="mm-found-note">{sent === 'accepted' ? t('add.nowFriends') : t('add.alreadyFriends')}</p>
        <Button block color="primary" shape="rounded" onClick={() => navigate(chatPagePath(card.userId))}>
          {t('add.chat')}
        </Button>
      </>
    );
  } else if (sent === 'pending') action = <p className="mm-found-note">{t('add.sent')}</p>;
  else {
    action = (
      <form
        className="mm-found-form"
        onSubmit={(event) => {
          event.preventDefault();
          send
            .mutateAsync({ userId: card.userId, message: message.trim(), remark: remark.trim() })
            .then((result) => {
              setSent(result.status);
              showSuccess(result.status === 'accepted' ? t('add.nowFriends') : t('add.sent'));
            })
            .catch((failure: unknown) => {
              // Asked already: say so in place of the form, as a toast has already.
              if (isApiError(failure) && failure.codeFlag === CodeFlag.conflict) setSent('pending');
            });
        }}
      >
        <label htmlFor="request-message">{t('add.message')}</label>
        <TextArea
          id="request-message"
          value={message}
          onChange={setMessage}
          maxLength={FRIEND_REQUEST_MESSAGE_MAX}
          placeholder={t('add.messagePlaceholder')}
          showCount
          rows={2}
        />
        <label htmlFor="request-remark">{t('add.remark')}</label>
        <Input
          id="request-remark"
          value={remark}
          onChange={setRemark}
          maxLength={FRIEND_REMARK_MAX}
          placeholder={t('add.remarkPlaceholder')}
          clearable
        />
        <Button block color="primary" shape="rounded" type="submit" loading={send.isPending} data-testid="send-request">
          {t('add.send')}
        </Button>
      </form>
    );
  }

  return (
    <section className="mm-card mm-found" data-testid="found-user">
      <button
        type="button"
        className="mm-found-head"
        onClick={() => navigate(`${Paths.userInfo}?userId=${card.userId}`)}
      >
        <ContactAvatar src={card.head} name={card.nickName} size={52} />
        <span className="mm-contact-main">
          <strong className="mm-contact-name">
            {card.remark || card.nickName}
            {card.remark && <span className="mm-contact-nick">{card.nickName}</span>}
          </strong>
          <span className="mm-contact-sub">{card.companyName || t('add.noCompany')}</span>
          <span className="mm-contact-sub">{t('add.account', { account: card.account })}</span>
        </span>
      </button>
      {action}
    </section>
  );
}

function RequestRow({ request }: { request: TFriendRequest }) {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const answer = useAnswerRequest();
  const reply = (accept: boolean) =>
    answer
      .mutateAsync({ id: request.id, accept })
      .then(() => showSuccess(accept ? t('requests.accepted') : t('requests.refused')))
      .catch(() => undefined);
  return (
    <div className="mm-contact mm-request" data-testid="friend-request">
      <button
        type="button"
        className="mm-contact-open"
        onClick={() => navigate(`${Paths.userInfo}?userId=${request.from.userId}`)}
      >
        <ContactAvatar src={request.from.headImg} name={request.from.nickName} />
        <span className="mm-contact-main">
          <strong className="mm-contact-name">{request.from.nickName}</strong>
          <span className="mm-contact-sub">{request.message || request.from.companyName || request.from.account}</span>
        </span>
      </button>
      {request.status === 'pending' ? (
        <span className="mm-request-actions">
          <Button size="mini" shape="rounded" disabled={answer.isPending} onClick={() => void reply(false)}>
            {t('requests.refuse')}
          </Button>
          <Button
            size="mini"
            color="primary"
            shape="rounded"
            disabled={answer.isPending}
            onClick={() => void reply(true)}
          >
            {t('requests.accept')}
          </Button>
        </span>
      ) : (
        <span className={`mm-request-status is-${request.status}`}>{t(`requests.status.${request.status}`)}</span>
      )}
    </div>
  );
}

function ReceivedRequests() {
  const { t } = useTranslation('contacts');
  const requests = useFriendRequests();
  const list = requests.data?.pages.flatMap((page) => page.list) ?? [];
  if (requests.isError && list.length === 0) {
    return <ErrorScreen error={requests.error} onRetry={() => void requests.refetch()} />;
  }
  if (requests.isPending) {
    return (
      <section className="mm-card mm-contact-skeleton" aria-hidden="true">
        <Skeleton.Paragraph lineCount={3} animated />
      </section>
    );
  }
  if (list.length === 0) return <EmptyState kind="message" title={t('requests.empty')} />;
  return (
    <>
      <section className="mm-card mm-contact-list" data-testid="request-list">
        {list.map((request) => (
          <RequestRow key={request.id} request={request} />
        ))}
      </section>
      <InfiniteScroll
        loadMore={async () => void (await requests.fetchNextPage())}
        hasMore={requests.hasNextPage && !requests.isFetchNextPageError}
      >
        {requests.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('noMore')}
      </InfiniteScroll>
    </>
  );
}

/**
 * SPEC §2 add_friend?keyword: find a user by phone or account and ask them to be friends with a
 * message; below, the requests I received, to accept or refuse. A scanned QR code opens it with the
 * account filled in and searched; user_info_page opens it with the user (?userId) already found.
 */
export default function AddFriendPage() {
  const { t } = useTranslation('contacts');
  useDialogsClosedOnLeave();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const userId = keyword ? 0 : Number(params.get('userId')) || 0;
  const [typed, setTyped] = useState(keyword);
  const byKeyword = useFindUser(keyword);
  const byId = useUserCard(userId);
  const found = userId > 0 ? byId : byKeyword;

  const search = (value: string) => {
    const next = value.trim();
    setTyped(next);
    setParams(next ? { keyword: next } : {}, { replace: true });
  };

  let result: ReactNode = null;
  if (keyword || userId > 0) {
    if (found.isPending) {
      result = (
        <section className="mm-card mm-contact-skeleton" aria-hidden="true">
          <Skeleton.Paragraph lineCount={2} animated />
        </section>
      );
    } else if (found.isError) {
      result =
        isApiError(found.error) && found.error.codeFlag === CodeFlag.notFound ? (
          <EmptyState kind="search" title={t('add.notFound')} description={t('add.notFoundText')} />
        ) : (
          <ErrorScreen error={found.error} onRetry={() => void found.refetch()} />
        );
    } else result = <FoundUser key={found.data.userId} card={found.data} />;
  }

  return (
    <LoginFirst>
      <Page title={t('add.title')} className="mm-contacts" backTo={Paths.linkPage}>
        <div className="mm-contacts-search">
          <SearchField
            value={typed}
            onChange={setTyped}
            placeholder={t('add.searchPlaceholder')}
            onSearch={search}
            maxLength={30}
          />
        </div>
        <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: contactKeys.all })}>
          {result}
          <h2 className="mm-section-title">{t('requests.title')}</h2>
          <ReceivedRequests />
        </PullToRefresh>
      </Page>
    </LoginFirst>
  );
}
