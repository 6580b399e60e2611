import {
  AGENT_BUY_OPEN_DAYS,
  type AgentBuyStatus,
  CodeFlag,
  PAGE_SIZE_DEFAULT,
  type TAgentBuy,
  type TAgentBuyPage,
  type TAgentBuyReviewItem,
  type TAgentBuySaveInput,
  type TAgentQuote,
  type TAgentQuoteSaveInput,
} from '@metal/shared';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import {
  closePosting,
  countPostingView,
  deletePosting,
  expirePostings,
  postingForReview,
} from '../../platform/postings';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { companyPublicFileIds, imageLinks } from '../files/files.service';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';
import { sendNotice } from '../notices/notices.service';
import { lockActingMember } from '../staff/staff.access';
import { agentBuyPosting, isOwner, shownStatus } from './agent-buys.policy';
import { agentBuyPhotos, agentBuyQuotes, agentBuys } from './agent-buys.table';

type AgentBuyRow = typeof agentBuys.$inferSelect;
type QuoteRow = typeof agentBuyQuotes.$inferSelect;
const DAY_MS = 86_400_000;
/** The console shows this many waiting requests at a time (they are decided in minutes). */
const REVIEW_QUEUE_MAX = 100;
/** A request's name in notices: the start of its words. */
const NAME_CHARS = 20;
/** Who may read a request that is not the caller's: it has been public. */
const PUBLIC_STATUSES: AgentBuyStatus[] = ['open', 'expired'];

/** How notices name a request: the start of its words, else its category, else its number. */
export async function requestName(db: Executor, row: AgentBuyRow): Promise<string> {
  const words = Array.from(row.text.replace(/\s+/g, ' ').trim());
  if (words.length > 0) return words.length > NAME_CHARS ? `${words.slice(0, NAME_CHARS).join('')}…` : words.join('');
  if (row.sortId) {
    const [sort] = await db.select({ name: sorts.name }).from(sorts).where(eq(sorts.id, row.sortId));
    if (sort) return sort.name;
  }
  return `#${row.id}`;
}

function presentQuote(row: QuoteRow, actor: Pick<Actor, 'userId'>): TAgentQuote {
  return {
    id: row.id,
    agentBuyId: row.agentBuyId,
    userId: row.userId,
    status: row.status,
    info: row.info,
    companyName: row.companyName,
    contactName: row.contactName,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    mine: row.userId === actor.userId,
  };
}

/**
 * Requests as lists and the detail show them, in the given order. `full` ids (the owner's, or all for
 * operators) carry the review reason and the contact phone; an agent with a live quote sees the phone too.
 */
async function present(
  { db, links, lang, actor }: ContextOf<'db' | 'links' | 'lang' | 'actor'>,
  { rows, now, operator = false }: { rows: AgentBuyRow[]; now: Date; operator?: boolean },
): Promise<TAgentBuy[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const voiceIds = rows.flatMap((r) => (r.voiceFileId ? [r.voiceFileId] : []));
  const sortIds = [...new Set(rows.flatMap((r) => (r.sortId ? [r.sortId] : [])))];
  const [photos, voices, sortRows, posters, myQuotes] = await Promise.all([
    db
      .select({ agentBuyId: agentBuyPhotos.agentBuyId, file: files })
      .from(agentBuyPhotos)
      .innerJoin(files, eq(files.id, agentBuyPhotos.fileId))
      .where(inArray(agentBuyPhotos.agentBuyId, ids))
      .orderBy(asc(agentBuyPhotos.agentBuyId), asc(agentBuyPhotos.position)),
    voiceIds.length ? db.select().from(files).where(inArray(files.id, voiceIds)) : [],
    sortIds.length ? db.select().from(sorts).where(inArray(sorts.id, sortIds)) : [],
    db
      .select({ id: users.id, nickName: users.nickName, companyName: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.rootId, users.rootId))
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
    actor.userId > 0
      ? db
          .select()
          .from(agentBuyQuotes)
          .where(
            and(
              inArray(agentBuyQuotes.agentBuyId, ids),
              eq(agentBuyQuotes.userId, actor.userId),
              eq(agentBuyQuotes.status, 'live'),
            ),
          )
      : [],
  ]);
  const photosOf = new Map<number, TAgentBuy['photos']>();
  for (const { agentBuyId, file } of photos)
    photosOf.set(agentBuyId, [...(photosOf.get(agentBuyId) ?? []), imageLinks(file, links)]);
  const voiceOf = new Map(voices.map((file) => [file.id, links.publicUrl(file.key)]));
  const sortName = new Map(sortRows.map((s) => [s.id, lang === 'en-US' ? s.nameEn : s.name]));
  const posterOf = new Map(posters.map((p) => [p.id, p]));
  const quoteOf = new Map(myQuotes.map((q) => [q.agentBuyId, q]));
  return rows.map((row) => {
    const mine = isOwner(actor, row);
    const myQuote = quoteOf.get(row.id);
    const poster = posterOf.get(row.userId);
    const voiceUrl = row.voiceFileId ? voiceOf.get(row.voiceFileId) : undefined;
    return {
      id: row.id,
      kind: row.kind,
      status: shownStatus(row, now),
      reason: mine || operator ? row.reason : '',
      text: row.text,
      voice: voiceUrl ? { url: voiceUrl, seconds: row.voiceSeconds ?? 0 } : null,
      photos: photosOf.get(row.id) ?? [],
      sortId: row.sortId,
      sortName: row.sortId ? (sortName.get(row.sortId) ?? '') : '',
      userId: row.userId,
      nickName: poster?.nickName ?? '',
      companyName: poster?.companyName ?? '',
      phone: mine || operator || myQuote ? row.phone : '',
      views: row.views,
      quoteCount: row.quoteCount,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      mine,
      myQuote: myQuote ? presentQuote(myQuote, actor) : null,
    };
  });
}

/**
 * `agent_buy/save` (input_agent_buy, input_agent_sell): a request of the caller's, waiting for review. The
 * recording and the photos must be the caller's own uploads of the right kind; a category must exist and be
 * a physical product (futures series are quoted, never bought or sold through an agent).
 */
export async function saveAgentBuy({ db, clock, actor }: ServiceContext, input: TAgentBuySaveInput): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    // An employee disabled or removed since their session was read posts nothing (their row held, as a quote holds it).
    await lockActingMember(tx, actor);
    const [voiceFileId] = input.voiceUrl
      ? ((await companyPublicFileIds(tx, actor.rootId, [input.voiceUrl], 'voice')) ?? [])
      : [null];
    if (voiceFileId === undefined) throw invalid('agentBuy.voiceInvalid', 'voiceUrl');
    const photoIds = await companyPublicFileIds(tx, actor.rootId, input.photos, 'image');
    if (!photoIds) throw invalid('agentBuy.photosInvalid', 'photos');
    if (input.sortId !== undefined) {
      const [sort] = await tx.select({ physical: sorts.physical }).from(sorts).where(eq(sorts.id, input.sortId));
      if (!sort) throw invalid('agentBuy.categoryInvalid', 'sortId');
      if (!sort.physical) throw invalid('agentBuy.categoryNotPhysical', 'sortId');
    }
    let phone = input.phone;
    if (!phone) {
      const [account] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, actor.userId));
      phone = account?.phone ?? '';
    }
    const [created] = await tx
      .insert(agentBuys)
      .values({
        userId: actor.userId,
        rootId: actor.rootId,
        kind: input.kind,
        status: 'review',
        text: input.text,
        voiceFileId,
        voiceSeconds: voiceFileId ? (input.voiceSeconds ?? null) : null,
        sortId: input.sortId ?? null,
        phone,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: agentBuys.id });
    const id = created!.id;
    if (photoIds.length > 0)
      await tx
        .insert(agentBuyPhotos)
        .values(photoIds.map((fileId, position) => ({ agentBuyId: id, fileId, position })));
    return id;
  });
}

/** Whether the actor may read the request: the owner while it exists; anyone once it has been public. */
function readable(actor: Pick<Actor, 'userId'>, row: AgentBuyRow): boolean {
  if (row.status === 'deleted') return false;
  return isOwner(actor, row) || PUBLIC_STATUSES.includes(row.status);
}

/** `agent_buy/detail` (agent_buy_detail): a readable request; another user's opening counts a view. */
export async function agentBuyDetail(ctx: ServiceContext, { id }: { id: number }): Promise<TAgentBuy> {
  const { db, clock, actor } = ctx;
  const [row] = await db.select().from(agentBuys).where(eq(agentBuys.id, id));
  if (!row || row.status === 'deleted') throw notFound();
  if (!readable(actor, row)) throw forbidden();
  const viewed = await countPostingView({ db, clock, actor }, agentBuyPosting, row);
  const [shown] = await present(ctx, { rows: [viewed ? { ...row, views: row.views + 1 } : row], now: clock.now() });
  return shown!;
}

type PageInput = { page?: number | undefined; pageSize?: number | undefined };

async function pageOf(
  ctx: ServiceContext,
  { input, where, order }: { input: PageInput; where: SQL | undefined; order: SQL[] },
): Promise<TAgentBuyPage> {
  const { db, clock } = ctx;
  const number = input.page ?? 1;
  const size = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const rows = await db
    .select()
    .from(agentBuys)
    .where(where)
    .orderBy(...order)
    .limit(size + 1)
    .offset((number - 1) * size);
  const list = await present(ctx, { rows: rows.slice(0, size), now: clock.now() });
  return { list, page: number, hasMore: rows.length > size };
}

/** `agent_buy/hall` (procurement_hall, agent purchase): open requests taking quotes, newest first. */
export function agentBuyHall(
  ctx: ServiceContext,
  input: PageInput & { kind?: TAgentBuy['kind'] | undefined; sortId?: number | undefined },
): Promise<TAgentBuyPage> {
  const where = and(
    eq(agentBuys.status, 'open'),
    sql`${agentBuys.expiresAt} > ${ctx.clock.now()}`,
    input.kind ? eq(agentBuys.kind, input.kind) : undefined,
    input.sortId ? eq(agentBuys.sortId, input.sortId) : undefined,
  );
  return pageOf(ctx, { input, where, order: [desc(agentBuys.publishedAt), desc(agentBuys.id)] });
}

/** `agent_buy/mine`: the caller's requests in every state but deleted, newest first. */
export function myAgentBuys(ctx: ServiceContext, input: PageInput): Promise<TAgentBuyPage> {
  const where = and(eq(agentBuys.userId, ctx.actor.userId), ne(agentBuys.status, 'deleted'));
  return pageOf(ctx, { input, where, order: [desc(agentBuys.createdAt), desc(agentBuys.id)] });
}

/** `agent_buy/close`: the owner stops taking quotes on an open request. */
export const closeAgentBuy = (ctx: ServiceContext, { id }: { id: number }) => closePosting(ctx, agentBuyPosting, id);

/** `agent_buy/delete`: the owner removes a request from every list (kept for the quotes and chats naming it). */
export const deleteAgentBuy = (ctx: ServiceContext, { id }: { id: number }) => deletePosting(ctx, agentBuyPosting, id);

/** Live quotes on a request, kept on its row for lists; the caller holds the request's row lock. */
export async function recountQuotes(tx: Executor, agentBuyId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(agentBuyQuotes)
    .where(and(eq(agentBuyQuotes.agentBuyId, agentBuyId), eq(agentBuyQuotes.status, 'live')));
  await tx
    .update(agentBuys)
    .set({ quoteCount: row?.n ?? 0 })
    .where(eq(agentBuys.id, agentBuyId));
}

/**
 * `agent_buy/quote`: an agent's quote on an open request, anyone's but the owner's. The caller's user row
 * is held first (lockActingMember: an employee disabled or removed meanwhile is refused), then the request
 * row locked, the order a leaving employee's hand-over takes them in (staff handOverAgentQuotes): a quote
 * lands before the hand-over, which then moves it, or after, and is refused; none is left with someone
 * gone. One agent's quotes (and every recount) happen one at a time; the caller's live quote, if any,
 * becomes replaced. The owner is told.
 */
export async function saveAgentQuote(
  { db, clock, actor }: ServiceContext,
  input: TAgentQuoteSaveInput,
): Promise<TAgentQuote[]> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockActingMember(tx, actor);
    const [row] = await tx.select().from(agentBuys).where(eq(agentBuys.id, input.agentBuyId)).for('update');
    if (!row || row.status === 'deleted') throw notFound();
    if (isOwner(actor, row)) throw new AppError(CodeFlag.forbidden, 'agentQuote.ownRequest');
    if (!readable(actor, row)) throw forbidden();
    if (shownStatus(row, now) !== 'open') throw new AppError(CodeFlag.conflict, 'agentQuote.ended');
    await tx
      .update(agentBuyQuotes)
      .set({ status: 'replaced', updatedAt: now })
      .where(
        and(
          eq(agentBuyQuotes.agentBuyId, row.id),
          eq(agentBuyQuotes.userId, actor.userId),
          eq(agentBuyQuotes.status, 'live'),
        ),
      );
    const [quote] = await tx
      .insert(agentBuyQuotes)
      .values({
        agentBuyId: row.id,
        userId: actor.userId,
        status: 'live',
        info: input.info,
        companyName: input.companyName,
        contactName: input.contactName,
        phone: input.phone,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recountQuotes(tx, row.id);
    await sendNotice(tx, clock, {
      userId: row.userId,
      messageKey: 'notice.agentBuyQuoted',
      params: { company: input.companyName, name: await requestName(tx, row) },
      subject: `agentBuy:${row.id}`,
      senderId: actor.userId,
    });
    return [presentQuote(quote!, actor)];
  });
}

/** `agent_buy/quotes`: every live quote for the owner, newest first; an agent's own live quote; others refused. */
export async function listAgentQuotes(
  { db, actor }: ServiceContext,
  { agentBuyId }: { agentBuyId: number },
): Promise<TAgentQuote[]> {
  const [row] = await db.select().from(agentBuys).where(eq(agentBuys.id, agentBuyId));
  if (!row || row.status === 'deleted') throw notFound();
  const owner = isOwner(actor, row);
  const quotes = await db
    .select()
    .from(agentBuyQuotes)
    .where(
      and(
        eq(agentBuyQuotes.agentBuyId, agentBuyId),
        eq(agentBuyQuotes.status, 'live'),
        owner ? undefined : eq(agentBuyQuotes.userId, actor.userId),
      ),
    )
    .orderBy(desc(agentBuyQuotes.createdAt), desc(agentBuyQuotes.id));
  if (!owner && quotes.length === 0) throw forbidden();
  return quotes.map((quote) => presentQuote(quote, actor));
}

/** `console/agent_buy/list`: requests waiting for review, oldest first, in full. */
export async function pendingAgentBuys(ctx: ServiceContext): Promise<TAgentBuyReviewItem[]> {
  const { db, clock } = ctx;
  const rows = await db
    .select()
    .from(agentBuys)
    .where(eq(agentBuys.status, 'review'))
    .orderBy(asc(agentBuys.createdAt), asc(agentBuys.id))
    .limit(REVIEW_QUEUE_MAX);
  const shown = await present(ctx, { rows, now: clock.now(), operator: true });
  return shown.map((item, index) => ({ ...item, submittedAt: rows[index]!.createdAt.toISOString() }));
}

/** `console/agent_buy/review`: opens the request for AGENT_BUY_OPEN_DAYS, or rejects it with a reason; the poster is told. */
export async function reviewAgentBuy(ctx: ServiceContext, input: ReviewInput): Promise<TAgentBuy> {
  return decideReview(ctx, agentBuyReviews(ctx), input);
}

const agentBuyReviews = (ctx: ServiceContext): ReviewQueue<AgentBuyRow, TAgentBuy> => ({
  subject: 'agentBuy',
  action: 'agentBuy',
  notices: { approved: 'notice.agentBuyApproved', rejected: 'notice.agentBuyRejected' },
  load: (tx, id) => postingForReview(tx, agentBuyPosting, id),
  isPending: (row) => row.status === 'review',
  // A request posted is never changed, only decided (or deleted): it is the version it was posted as.
  versionOf: (row) => row.createdAt,
  async decide(tx, row, { approve, now, reviewed }) {
    const decision = approve
      ? { status: 'open' as const, publishedAt: now, expiresAt: new Date(now.getTime() + AGENT_BUY_OPEN_DAYS * DAY_MS) }
      : { status: 'rejected' as const };
    const [decided] = await tx
      .update(agentBuys)
      .set({ ...decision, ...reviewed, updatedAt: now })
      .where(eq(agentBuys.id, row.id))
      .returning();
    const [shown] = await present({ ...ctx, db: tx }, { rows: [decided!], now, operator: true });
    return shown!;
  },
  announce: async (tx, row) => ({
    userId: row.userId,
    params: { name: await requestName(tx, row) },
    logDetail: { userId: row.userId },
  }),
});

/** Ends every open request whose days ran out by `at` and tells each owner (once for the same moment). */
export const expireAgentBuys = (ctx: { db: Database; clock: Clock; at: Date }) =>
  expirePostings(ctx, agentBuyPosting, (tx, rows) => Promise.all(rows.map((row) => requestName(tx, row))));

/** For the chat link: a request the sender may read, with its poster. */
export async function readableAgentBuy(db: Executor, sender: Pick<Actor, 'userId'>, id: number) {
  const [row] = await db.select().from(agentBuys).where(eq(agentBuys.id, id));
  return row && readable(sender, row) ? row : null;
}
