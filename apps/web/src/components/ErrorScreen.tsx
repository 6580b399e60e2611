import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeFailure, type FailureKind } from '../lib/errors';
import { Paths } from '../lib/navigation';
import { EmptyState, type Illustration } from './EmptyState';

const DRAWING: Record<FailureKind, Illustration> = {
  notLoggedIn: 'inbox',
  forbidden: 'lost',
  notFound: 'lost',
  tooManyRequests: 'wait',
  serverFault: 'fault',
  offline: 'offline',
  other: 'fault',
};

export interface ErrorScreenProps {
  /** The query's or call's error: an ApiError, or anything else (shown as a fault). */
  error: unknown;
  /** Asks again; offered where asking again can help (a wait, a fault, no network). */
  onRetry?: () => void;
  /** What is missing, in the page's words ("this shop does not exist"), for codeFlag 4. */
  notFoundTitle?: string;
  /** Why it is closed, in the page's words ("only designated suppliers see it"), for codeFlag 3. */
  forbiddenTitle?: string;
  /**
   * The page's own way on from a thing that is missing or closed to the user (back to the list it
   * belongs to, "my albums"), offered first on codeFlags 3 and 4, with home beside it.
   */
  way?: Way;
  className?: string;
}

export interface Way {
  label: string;
  onClick: () => void;
}

/**
 * A page that could not load, in the app's one error language (lib/errors.ts): not logged in → log
 * in; forbidden → why; not found → home or search; too many requests → when to try again; a fault or
 * no network → retry.
 */
export function ErrorScreen({ error, onRetry, notFoundTitle, forbiddenTitle, way, className }: ErrorScreenProps) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const failure = describeFailure(error);
  const home = { label: t('home'), onClick: () => navigate(Paths.root) };
  const retry = onRetry ? { label: t('retry'), onClick: onRetry } : undefined;
  const common = { className, kind: DRAWING[failure.kind], description: failure.text || undefined };
  switch (failure.kind) {
    case 'notLoggedIn':
      return (
        <EmptyState
          {...common}
          title={failure.title}
          action={{ label: t('notLoggedIn.action'), onClick: () => navigate(Paths.login) }}
        />
      );
    case 'notFound':
      return <NotFoundScreen title={notFoundTitle} way={way} className={className} />;
    case 'forbidden':
      return (
        <EmptyState
          {...common}
          title={forbiddenTitle ?? failure.title}
          action={way ?? home}
          secondaryAction={way && home}
        />
      );
    default:
      return <EmptyState {...common} title={failure.title} action={retry ?? home} />;
  }
}

/**
 * A page whose thing is missing before any call (no or a bad id in the address): the not-found
 * screen. Its ways on are home and search, or the page's own way and home.
 */
export function NotFoundScreen({ title, way, className }: { title?: string; way?: Way; className?: string }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const home = { label: t('home'), onClick: () => navigate(Paths.root) };
  return (
    <EmptyState
      className={className}
      kind="lost"
      title={title ?? t('notFound.title')}
      description={t('notFound.text')}
      action={way ?? home}
      secondaryAction={way ? home : { label: t('notFound.search'), onClick: () => navigate(Paths.homeSearch) }}
    />
  );
}
