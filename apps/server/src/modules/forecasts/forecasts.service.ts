import {
  addDays,
  CodeFlag,
  compareStandings,
  FORECAST_MRT_SIZE,
  FORECAST_POINTS_PER_HIT,
  type ForecastChoice,
  type ForecastStanding,
  forecastAccuracy,
  forecastOutcome,
  forecastStatistics,
  forecastWindow,
  formatCents,
  openForecastTarget,
  shanghaiDate,
  type TForecastDetail,
  type TradingCalendar,
  translate,
  weekday,
} from '@metal/shared';
import { and, asc, count, desc, eq, gte, isNull, like, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { AppError, notFound } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { loadTradingCalendar } from '../calendar/calendar.service';
import { exchangeRates, markets, priceRows, series, sorts } from '../markets/markets.table';
import { hasEntitlement } from '../memberships/memberships.entitlements';
import { forecastVotes } from './forecasts.table';

/** The series whose price settles a sort's rounds: its first market's (lowest series id). */
async function forecastSeries(db: Executor, sortId: number) {
  const [row] = await db
    .select({ series, sort: sorts, market: markets })
    .from(series)
    .innerJoin(sorts, eq(sorts.id, series.sortId))
    .innerJoin(markets, eq(markets.id, series.marketId))
    .where(eq(series.sortId, sortId))
    .orderBy(asc(series.id))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function forecastDetail(
  { db, clock, actor, lang }: ServiceContext,
  { sortId }: { sortId: number },
): Promise<TForecastDetail> {
  const { series: s, sort, market } = await forecastSeries(db, sortId);
  const calendar = await loadTradingCalendar(db);
  const now = clock.now();
  const target = openForecastTarget(now, calendar);
  const recent = await db
    .select()
    .from(priceRows)
    .where(eq(priceRows.seriesId, s.id))
    .orderBy(desc(priceRows.date))
    .limit(6);
  const latest = recent[0];
  const monday = addDays(clock.today(), -((weekday(clock.today()) + 6) % 7));
  const week = await db
    .select({ date: priceRows.date, upDownCents: priceRows.upDownCents })
    .from(priceRows)
    .where(and(eq(priceRows.seriesId, s.id), gte(priceRows.date, monday)))
    .orderBy(asc(priceRows.date));
  const [vote] =
    target && actor.userId > 0
      ? await db
          .select({ choice: forecastVotes.choice })
          .from(forecastVotes)
          .where(
            and(
              eq(forecastVotes.userId, actor.userId),
              eq(forecastVotes.sortId, sortId),
              eq(forecastVotes.target, target),
            ),
          )
      : [];
  const [rate] =
    market.currency === 'USD' ? await db.select().from(exchangeRates).orderBy(desc(exchangeRates.date)).limit(1) : [];
  const zh = lang === 'zh-CN';
  const text = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? null : formatCents(cents);
  return {
    id: sort.id,
    sortName: zh ? sort.name : sort.nameEn,
    sortUnit: sort.unit === 'USD/t' ? (zh ? '美元/吨' : 'USD/t') : zh ? '元/吨' : 'yuan/t',
    marketName: zh ? market.name : market.nameEn,
    price: text(latest?.priceCents),
    range: latest ? `${formatCents(latest.lowCents)}-${formatCents(latest.highCents)}` : null,
    updown: text(latest?.upDownCents),
    rmbPrice: text(latest?.rmbPriceCents),
    exchangePrice: rate ? rate.usdCny : null,
    days3ago: text(recent[3]?.priceCents),
    days5ago: text(recent[5]?.priceCents),
    currentWeek: [0, 1, 2, 3, 4].map((offset) => {
      const date = addDays(monday, offset);
      const change = week.find((w) => w.date === date)?.upDownCents;
      return {
        date,
        trading: calendar.isTradingDay(date),
        outcome: change === null || change === undefined ? null : forecastOutcome(change),
      };
    }),
    forecast_enable: target !== null,
    target,
    closesAt: target ? forecastWindow(target, calendar).closesAt.toISOString() : null,
    opensAt: target ? null : nextRoundOpening(now, calendar).toISOString(),
    applied_forecast: Boolean(vote),
    myChoice: vote?.choice ?? null,
    shareTitle: translate('forecast.shareTitle', lang, { sort: zh ? sort.name : sort.nameEn }),
  };
}

/** When the next round opens after `now`: 21:00 on the trading day before the next target that has not opened yet. */
function nextRoundOpening(now: Date, calendar: TradingCalendar) {
  let target = calendar.nextTradingDay(shanghaiDate(Math.floor(now.getTime() / 1000)));
  while (forecastWindow(target, calendar).opensAt <= now) target = calendar.nextTradingDay(target);
  return forecastWindow(target, calendar).opensAt;
}

export async function vote(ctx: ServiceContext, { sortId, choice }: { sortId: number; choice: ForecastChoice }) {
  const { db, clock, actor } = ctx;
  await forecastSeries(db, sortId);
  const now = clock.now();
  const target = openForecastTarget(now, await loadTradingCalendar(db));
  if (!target) throw new AppError(CodeFlag.conflict, 'forecast.closed');
  const inserted = await db
    .insert(forecastVotes)
    .values({ userId: actor.userId, sortId, target, choice, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: forecastVotes.id });
  if (inserted.length === 0) throw new AppError(CodeFlag.conflict, 'forecast.alreadyVoted');
  return forecastDetail(ctx, { sortId });
}

/** The open round's statistics for Forecast VIPs; the last closed round's for everyone from 16:00 on its day. */
export async function statistics({ db, clock, actor }: ServiceContext, { sortId }: { sortId: number }) {
  await forecastSeries(db, sortId);
  const now = clock.now();
  const calendar = await loadTradingCalendar(db);
  const open = openForecastTarget(now, calendar);
  const today = clock.today();
  const target = open ?? (calendar.isTradingDay(today) ? today : calendar.previousTradingDay(today));
  const publicNow = !open && now >= forecastWindow(target, calendar).statsOpenAt;
  if (!publicNow && !(await hasEntitlement(db, actor.userId, 'forecast_vip', now))) {
    throw new AppError(CodeFlag.vipRequired, 'forecast.vipRequired');
  }
  const rows = await db
    .select({
      choice: forecastVotes.choice,
      n: count(),
      unsettled: sql<number>`count(*) filter (where ${forecastVotes.settledAt} is null)`,
    })
    .from(forecastVotes)
    .where(and(eq(forecastVotes.sortId, sortId), eq(forecastVotes.target, target)))
    .groupBy(forecastVotes.choice);
  const counts = { up: 0, down: 0, flat: 0 };
  for (const r of rows) counts[r.choice] = Number(r.n);
  const stats = forecastStatistics(counts);
  return { target, ...stats, settled: !open && stats.total > 0 && rows.every((r) => Number(r.unsettled) === 0) };
}

/**
 * Settles every round whose settlement time has passed and whose price is known: each correct vote
 * earns 4 points. Idempotent (only unsettled votes change), so it runs often and catches up after downtime.
 * Answers the rounds it settled votes in, with how many.
 */
export async function settleDueVotes({ db, clock }: { db: Database; clock: Clock }) {
  const calendar = await loadTradingCalendar(db);
  const now = clock.now();
  const due = await db
    .selectDistinct({ sortId: forecastVotes.sortId, target: forecastVotes.target })
    .from(forecastVotes)
    .where(and(isNull(forecastVotes.settledAt), lte(forecastVotes.target, clock.today())));
  const settled: { sortId: number; target: string; votes: number }[] = [];
  for (const round of due) {
    if (now < forecastWindow(round.target, calendar).settlesAt) continue;
    const { series: s } = await forecastSeries(db, round.sortId);
    const [row] = await db
      .select({ upDownCents: priceRows.upDownCents })
      .from(priceRows)
      .where(and(eq(priceRows.seriesId, s.id), eq(priceRows.date, round.target)));
    if (!row || row.upDownCents === null) continue;
    const outcome = forecastOutcome(row.upDownCents);
    const changed = await db
      .update(forecastVotes)
      .set({
        outcome,
        points: sql`case when ${forecastVotes.choice} = ${outcome} then ${FORECAST_POINTS_PER_HIT} else 0 end`,
        settledAt: now,
      })
      .where(
        and(
          eq(forecastVotes.sortId, round.sortId),
          eq(forecastVotes.target, round.target),
          isNull(forecastVotes.settledAt),
        ),
      )
      .returning({ id: forecastVotes.id });
    if (changed.length > 0) settled.push({ ...round, votes: changed.length });
  }
  return settled;
}

/** Standings of a month (YYYY-MM) from its settled votes, ranked. */
async function monthStandings(db: Executor, month: string) {
  const rows = await db
    .select({
      userId: forecastVotes.userId,
      nickName: users.nickName,
      score: sql<number>`coalesce(sum(${forecastVotes.points}), 0)`,
      hits: sql<number>`count(*) filter (where ${forecastVotes.points} > 0)`,
      settled: count(),
      firstVoteAt: sql<Date>`min(${forecastVotes.createdAt})`,
    })
    .from(forecastVotes)
    .innerJoin(users, eq(users.id, forecastVotes.userId))
    .where(and(like(forecastVotes.target, `${month}-%`), sql`${forecastVotes.settledAt} is not null`))
    .groupBy(forecastVotes.userId, users.nickName);
  const standings: (ForecastStanding & { nickName: string })[] = rows.map((r) => ({
    userId: r.userId,
    nickName: r.nickName,
    score: Number(r.score),
    hits: Number(r.hits),
    settled: Number(r.settled),
    firstVoteAt: new Date(r.firstVoteAt),
  }));
  return standings.sort(compareStandings).map((s, index) => ({
    userId: s.userId,
    nickName: s.nickName,
    rank: index + 1,
    score: s.score,
    accuracy: Math.round(forecastAccuracy(s) * 10_000) / 10_000,
    settled: s.settled,
  }));
}

export async function mrt({ db, clock }: ServiceContext) {
  const month = clock.today().slice(0, 7);
  return { month, standings: (await monthStandings(db, month)).slice(0, FORECAST_MRT_SIZE) };
}

export async function userRecord({ db, clock, actor, lang }: ServiceContext) {
  const month = clock.today().slice(0, 7);
  const standing = (await monthStandings(db, month)).find((s) => s.userId === actor.userId) ?? null;
  const votes = await db
    .select({
      sortId: forecastVotes.sortId,
      sortName: lang === 'zh-CN' ? sorts.name : sorts.nameEn,
      target: forecastVotes.target,
      choice: forecastVotes.choice,
      outcome: forecastVotes.outcome,
      points: forecastVotes.points,
    })
    .from(forecastVotes)
    .innerJoin(sorts, eq(sorts.id, forecastVotes.sortId))
    .where(eq(forecastVotes.userId, actor.userId))
    .orderBy(desc(forecastVotes.target), asc(forecastVotes.sortId))
    .limit(30);
  return { month, standing, votes };
}
