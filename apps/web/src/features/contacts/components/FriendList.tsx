import type { TContact } from '@metal/shared';
import Checkbox from 'antd-mobile/es/components/checkbox';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import SwipeAction from 'antd-mobile/es/components/swipe-action';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { type FriendOrder, useFriends } from '../api';
import { ContactAvatar } from './ContactAvatar';

/** What a contact is called in my lists: my remark for them, else their nickname. */
export const shownName = (contact: Pick<TContact, 'remark' | 'nickName'>) => contact.remark || contact.nickName;

export type FriendListMode =
  | {
      kind: 'browse';
      onOpen: (contact: TContact) => void;
      onChat: (contact: TContact) => void;
      onRemark: (contact: TContact) => void;
      onDelete: (contact: TContact) => void;
    }
  | { kind: 'pick'; selected: ReadonlySet<number>; onToggle: (contact: TContact) => void };

/**
 * My friends, page by page as the list scrolls: A–Z under letter headings, or the most recent first.
 * Browsing opens a friend, chats, or (swiped) sets a remark or deletes; picking ticks friends.
 */
export function FriendList({
  order,
  keyword,
  mode,
  emptyAction,
}: {
  order: FriendOrder;
  keyword: string;
  mode: FriendListMode;
  emptyAction?: { label: string; onClick: () => void };
}) {
  const { t } = useTranslation('contacts');
  const friends = useFriends(order, keyword);
  const list = friends.data?.pages.flatMap((page) => page.list) ?? [];

  if (friends.isError && list.length === 0) {
    return <ErrorScreen error={friends.error} onRetry={() => void friends.refetch()} />;
  }
  if (friends.isPending) {
    return (
      <section className="mm-card mm-contact-skeleton" aria-hidden="true">
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  }
  if (list.length === 0) {
    return keyword ? (
      <EmptyState kind="search" title={t('friends.noMatch', { keyword })} />
    ) : (
      <EmptyState
        kind="inbox"
        title={t('friends.empty')}
        description={t('friends.emptyText')}
        {...(emptyAction ? { action: emptyAction } : {})}
      />
    );
  }

  const rows: ReactNode[] = [];
  let letter = '';
  for (const contact of list) {
    if (order === 'letter' && contact.letter !== letter) {
      letter = contact.letter;
      rows.push(
        <div key={`letter-${letter}`} className="mm-contact-letter">
          {letter}
        </div>,
      );
    }
    rows.push(<Fragment key={contact.userId}>{row(contact)}</Fragment>);
  }

  function row(contact: TContact) {
    const name = shownName(contact);
    const body = (
      <>
        <ContactAvatar src={contact.customImg || contact.headImg} name={name} />
        <span className="mm-contact-main">
          <strong className="mm-contact-name">
            {name}
            {contact.remark && <span className="mm-contact-nick">{contact.nickName}</span>}
          </strong>
          <span className="mm-contact-sub">
            {contact.enabled ? contact.companyName || contact.signature || contact.account : t('friends.disabled')}
          </span>
        </span>
      </>
    );
    if (mode.kind === 'pick') {
      const checked = mode.selected.has(contact.userId);
      return (
        <div className={`mm-contact ${contact.enabled ? '' : 'is-disabled'}`} data-testid="contact">
          <Checkbox
            className="mm-contact-check"
            checked={checked}
            disabled={!contact.enabled}
            onChange={() => mode.onToggle(contact)}
          >
            {body}
          </Checkbox>
        </div>
      );
    }
    return (
      <SwipeAction
        rightActions={[
          { key: 'remark', text: t('friends.remark'), color: 'light', onClick: () => mode.onRemark(contact) },
          { key: 'delete', text: t('friends.delete'), color: 'danger', onClick: () => mode.onDelete(contact) },
        ]}
      >
        <div className={`mm-contact ${contact.enabled ? '' : 'is-disabled'}`} data-testid="contact">
          <button type="button" className="mm-contact-open" onClick={() => mode.onOpen(contact)}>
            {body}
          </button>
          {contact.enabled && (
            <button
              type="button"
              className="mm-contact-chat"
              aria-label={t('friends.chat', { name })}
              onClick={() => mode.onChat(contact)}
            >
              <MessageOutline />
            </button>
          )}
        </div>
      </SwipeAction>
    );
  }

  return (
    <>
      <section className="mm-card mm-contact-list" data-testid="friend-list">
        {rows}
      </section>
      <InfiniteScroll
        loadMore={async () => void (await friends.fetchNextPage())}
        hasMore={friends.hasNextPage && !friends.isFetchNextPageError}
      >
        {friends.hasNextPage ? (
          <Skeleton.Paragraph lineCount={1} animated />
        ) : (
          t('friends.count', { count: friends.data?.pages[0]?.total ?? list.length })
        )}
      </InfiniteScroll>
    </>
  );
}
