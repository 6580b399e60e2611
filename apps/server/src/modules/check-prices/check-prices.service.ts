import {
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TCheckPrice,
  type TCheckPriceBase,
  type TCheckPriceItem,
} from '@metal/shared';
import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { markets, priceRows, series } from '../markets/markets.table';
import { checkPriceItems, checkPrices } from './check-prices.table';

type ItemInput = { specification: string; seriesId: number; premium: number };
type PageInput = { page?: number | undefined; pageSize?: number | undefined };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The latest quote of each series, by the (series, date) index. */
async function latestQuotes(db: Executor, seriesIds: number[]) {
  if (seriesIds.length === 0) return new Map<number, { priceCents: number; date: string }>();
  const rows = await db
    .select({ seriesId: priceRows.seriesId, priceCents: priceRows.priceCents, date: priceRows.date })
    .from(priceRows)
    .where(
      and(
        inArray(priceRows.seriesId, seriesIds),
        eq(
          priceRows.date,
          sql`(select max(latest.date) from ${priceRows} as latest where latest.series_id = ${priceRows.seriesId})`,
        ),
      ),
    );
  return new Map(rows.map((r) => [r.seriesId, { priceCents: r.priceCents, date: r.date }]));
}

/**
 * Sorts quoted as a fee, not a metal price (the market catalogue's sort 21, 6063 rod processing fee):
 * a premium on top of a fee is no price, so they are no base.
 */
const FEE_SORT_IDS = [21];

/**
 * Base prices are yuan metal prices only: a premium in yuan per ton cannot be added to a dollar quote
 * or to a processing fee.
 */
async function yuanSeries(db: Executor, lang: Language, seriesIds?: number[]) {
  const rows = await db
    .select({ id: series.id, name: series.name, nameEn: series.nameEn })
    .from(series)
    .innerJoin(markets, eq(markets.id, series.marketId))
    .where(
      and(
        eq(markets.currency, 'CNY'),
        notInArray(series.sortId, FEE_SORT_IDS),
        seriesIds ? inArray(series.id, seriesIds.length ? seriesIds : [0]) : undefined,
      ),
    )
    .orderBy(asc(markets.sortOrder), asc(series.sortId));
  return rows.map((r) => ({ id: r.id, name: lang === 'en-US' ? r.nameEn : r.name }));
}

/** The yuan series a base may name, with their latest quotes (add_check_price's picker). */
export async function checkPriceBases({ db, lang }: ServiceContext): Promise<TCheckPriceBase[]> {
  const list = await yuanSeries(db, lang);
  const quotes = await latestQuotes(
    db,
    list.map((s) => s.id),
  );
  return list.map((s) => ({
    seriesId: s.id,
    name: s.name,
    priceCents: quotes.get(s.id)?.priceCents ?? null,
    date: quotes.get(s.id)?.date ?? null,
  }));
}

async function present(
  { db, actor, lang }: ContextOf<'db' | 'actor' | 'lang'>,
  { ids }: { ids: number[] },
): Promise<TCheckPrice[]> {
  if (ids.length === 0) return [];
  const heads = await db
    .select({
      id: checkPrices.id,
      userId: checkPrices.userId,
      createdAt: checkPrices.createdAt,
      nickName: users.nickName,
      companyName: companies.name,
    })
    .from(checkPrices)
    .innerJoin(users, eq(users.id, checkPrices.userId))
    .leftJoin(companies, eq(companies.rootId, users.rootId))
    .where(inArray(checkPrices.id, ids));
  const items = await db
    .select()
    .from(checkPriceItems)
    .where(inArray(checkPriceItems.checkPriceId, ids))
    .orderBy(asc(checkPriceItems.checkPriceId), asc(checkPriceItems.position));
  const seriesIds = [...new Set(items.map((i) => i.seriesId))];
  const names = new Map((await yuanSeries(db, lang, seriesIds)).map((s) => [s.id, s.name]));
  const quotes = await latestQuotes(db, seriesIds);
  const byParent = new Map<number, TCheckPriceItem[]>();
  for (const item of items) {
    const quote = quotes.get(item.seriesId);
    const list = byParent.get(item.checkPriceId) ?? [];
    list.push({
      id: item.id,
      specification: item.specification,
      seriesId: item.seriesId,
      seriesName: names.get(item.seriesId) ?? '',
      premiumCents: item.premiumCents,
      basePriceCents: quote?.priceCents ?? null,
      baseDate: quote?.date ?? null,
      priceCents: quote ? quote.priceCents + item.premiumCents : null,
    });
    byParent.set(item.checkPriceId, list);
  }
  const place = new Map(ids.map((id, index) => [id, index]));
  return heads
    .sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0))
    .map((h) => ({
      id: h.id,
      userId: h.userId,
      nickName: h.nickName,
      companyName: h.companyName ?? '',
      createdAt: h.createdAt.toISOString(),
      mine: h.userId === actor.userId,
      items: byParent.get(h.id) ?? [],
    }));
}

export async function addCheckPrice(
  { db, clock, actor, lang }: ServiceContext,
  { items }: { items: ItemInput[] },
): Promise<TCheckPrice> {
  const wanted = [...new Set(items.map((i) => i.seriesId))];
  const known = new Set((await yuanSeries(db, lang, wanted)).map((s) => s.id));
  const unknownIndex = items.findIndex((i) => !known.has(i.seriesId));
  if (unknownIndex >= 0) {
    throw new AppError(CodeFlag.invalidInput, 'checkPrice.baseInvalid', { index: unknownIndex + 1 });
  }
  const id = await db.transaction(async (tx) => {
    const [head] = await tx
      .insert(checkPrices)
      .values({ userId: actor.userId, createdAt: clock.now() })
      .returning({ id: checkPrices.id });
    if (!head) throw new Error('check price insert returned nothing');
    await tx.insert(checkPriceItems).values(
      items.map((item, position) => ({
        checkPriceId: head.id,
        position,
        specification: item.specification,
        seriesId: item.seriesId,
        premiumCents: item.premium,
      })),
    );
    return head.id;
  });
  const [shown] = await present({ db, actor, lang }, { ids: [id] });
  if (!shown) throw notFound();
  return shown;
}

async function pageOf(
  ctx: ContextOf<'db' | 'actor' | 'lang'>,
  { input, where }: { input: PageInput; where: SQL | undefined },
) {
  const { db } = ctx;
  const number = input.page ?? 1;
  const size = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const rows = await db
    .select({ id: checkPrices.id })
    .from(checkPrices)
    .where(and(isNull(checkPrices.deletedAt), where))
    .orderBy(desc(checkPrices.createdAt), desc(checkPrices.id))
    .limit(size + 1)
    .offset((number - 1) * size);
  const ids = rows.slice(0, size).map((r) => r.id);
  return { list: await present(ctx, { ids }), page: number, hasMore: rows.length > size };
}

/** check_price: everyone's quotes, newest first, optionally those with a specification containing `keyword`. */
export function listCheckPrices({ db, actor, lang }: ServiceContext, input: PageInput & { keyword: string }) {
  const keyword = input.keyword
    ? inArray(
        checkPrices.id,
        db
          .select({ id: checkPriceItems.checkPriceId })
          .from(checkPriceItems)
          .where(ilike(checkPriceItems.specification, `%${escapeLike(input.keyword)}%`)),
      )
    : undefined;
  return pageOf({ db, actor, lang }, { input, where: keyword });
}

/** me_check_price: the caller's own quotes, newest first. */
export function myCheckPrices({ db, actor, lang }: ServiceContext, input: PageInput) {
  return pageOf({ db, actor, lang }, { input, where: eq(checkPrices.userId, actor.userId) });
}

async function findLive(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(checkPrices)
    .where(and(eq(checkPrices.id, id), isNull(checkPrices.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** check_price_detail: one quote, for anyone while its author keeps it. */
export async function checkPriceDetail({ db, actor, lang }: ServiceContext, { id }: { id: number }) {
  await findLive(db, id);
  const [shown] = await present({ db, actor, lang }, { ids: [id] });
  if (!shown) throw notFound();
  return shown;
}

/** The author withdraws a quote of theirs; anyone else is refused. */
export async function deleteCheckPrice({ db, clock, actor }: ServiceContext, { id }: { id: number }) {
  const row = await findLive(db, id);
  if (row.userId !== actor.userId) throw forbidden();
  await db
    .update(checkPrices)
    .set({ deletedAt: clock.now() })
    .where(and(eq(checkPrices.id, id), eq(checkPrices.userId, actor.userId), isNull(checkPrices.deletedAt)));
  return null;
}
