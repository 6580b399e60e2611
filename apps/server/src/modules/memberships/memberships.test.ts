import { createECDH, randomBytes } from 'node:crypto';
import { Calls, CodeFlag, type EntitlementKind, PERMISSIONS, translate } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { answerAfterOwnEvents } from '../../platform/delivery';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import type { PaymentOrderFacts } from '../payments/payments.purposes';
import { paymentOrders } from '../payments/payments.table';
import { pushDevices, pushOutbox } from '../push/push.table';
import { addShanghaiMonths } from './memberships.entitlements';
import { membershipFulfilment } from './memberships.fulfilment';
import { sendRenewalReminders } from './memberships.jobs';
import {
  dynamicViewBalances,
  entitlements,
  membershipPlans,
  membershipPurchases,
  membershipReminders,
} from './memberships.table';

let t: TestApp;
let operator: Awaited<ReturnType<TestApp['buildOperator']>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await t.buildOperator('admin');
});
afterAll(() => t.close());

const START = new Date('2026-11-20T02:00:00Z');
const DAY_MS = 24 * 3600 * 1000;
beforeEach(() => t.clock.set(START));

type Person = { user: { id: number; rootId: number }; session: string };

async function planId(kind: EntitlementKind, match: { months?: number; viewCount?: number }) {
  const plans = (await t.call(Calls.vipPlans, { kind })).body.data!.list;
  const plan = plans.find((p) =>
    match.months !== undefined ? p.months === match.months : p.viewCount === match.viewCount,
  );
  return plan!.id;
}

/** Buys through `vip/open`: the purchase it recorded, with the payment order's number it answered. */
async function purchase(buyer: Person, plan: number, agree: 0 | 1 = 1) {
  const opened = await t.call(Calls.vipOpen, { planId: plan, agree }, { session: buyer.session });
  if (opened.body.codeFlag !== CodeFlag.ok) throw Object.assign(new Error(opened.body.mesg), opened.body);
  const { purchaseId, orderNo } = opened.body.data!;
  const [made] = await t.db.select().from(membershipPurchases).where(eq(membershipPurchases.id, purchaseId));
  return { ...made!, orderNo };
}

/** The payment order as payments hands it to the fulfilment. */
async function factsOf(bought: { orderNo: string }): Promise<PaymentOrderFacts> {
  const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, bought.orderNo));
  return {
    orderNo: order!.orderNo,
    purpose: 'membership',
    purposeRef: order!.purposeRef,
    userId: order!.userId,
    rootId: order!.rootId,
    amountFen: order!.amountFen,
    subject: order!.subject,
  };
}

/** What payments does when the order's callback arrives: the fulfilment in its transaction. */
const pay = (facts: PaymentOrderFacts) =>
  answerAfterOwnEvents(() => t.db.transaction((tx) => membershipFulfilment.paid(tx, facts, t.clock.now(), t.clock)));
const refund = (facts: PaymentOrderFacts, refundFen: number) =>
  answerAfterOwnEvents(() => t.db.transaction((tx) => membershipFulfilment.refunded(tx, facts, refundFen, t.clock)));

async function supplier() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

const periodsOf = async (holderId: number, kind: EntitlementKind) =>
  (await t.db.select().from(entitlements).where(eq(entitlements.userId, holderId)))
    .filter((row) => row.kind === kind)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((row) => [row.startsAt.toISOString(), row.endsAt.toISOString()]);

describe('vip/plans', () => {
  it('shows visitors the plans on sale of a kind, in order, with SPEC §9 certified-supplier prices', async () => {
    const certified = await t.call(Calls.vipPlans, { kind: 'certified_supplier' });
    expect(certified.body.data?.list.map((p) => [p.name, p.months, p.priceFen, p.price])).toEqual([
      ['认证供应商 半年', 6, 499_900, '4999'],
      ['认证供应商 一年', 12, 880_000, '8800'],
    ]);
    const forecast = await t.call(Calls.vipPlans, { kind: 'forecast_vip' }, { lang: 'en-US' });
    expect(forecast.body.data?.list.map((p) => [p.name, p.months, p.price])).toEqual([
      ['Forecast VIP, 1 month', 1, '98'],
      ['Forecast VIP, 3 months', 3, '268'],
      ['Forecast VIP, 12 months', 12, '888'],
    ]);
    const packs = await t.call(Calls.vipPlans, { kind: 'dynamic_view' });
    expect(packs.body.data?.list.map((p) => [p.viewCount, p.months, p.days])).toEqual([
      [10, null, null],
      [30, null, null],
      [100, null, null],
    ]);
  });

  it('refuses an unknown kind with a localized codeFlag 2', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { body } = await t.callRaw(Calls.vipPlans, { kind: 'gold' }, { lang });
      expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate('common.invalidInput', lang) });
    }
  });
});

describe('console plans', () => {
  const save = (fields: Record<string, unknown>, session = operator.session) =>
    t.callRaw(Calls.consolePlanSave, fields, { session });

  it('creates, edits and takes plans off sale; a price change leaves orders made before it alone', async () => {
    const created = await save({
      kind: 'forecast_vip',
      nameZh: '预测会员 半年',
      nameEn: 'Forecast VIP, 6 months',
      months: 6,
      priceFen: 49_800,
      active: 1,
      sortOrder: 4,
    });
    expect(created.body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { kind: 'forecast_vip', months: 6, days: null },
    });
    const id = (created.body.data as { id: number }).id;
    const buyer = await t.buildUser();
    const bought = await purchase(buyer, id);

    const edited = await save({
      id,
      kind: 'forecast_vip',
      nameZh: '预测会员 180天',
      nameEn: 'Forecast VIP, 180 days',
      days: 180,
      priceFen: 45_000,
      active: 0,
    });
    expect(edited.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { months: null, days: 180, priceFen: 45_000 } });
    const [kept] = await t.db.select().from(membershipPurchases).where(eq(membershipPurchases.id, bought.id));
    expect(kept).toMatchObject({ priceFen: 49_800, months: 6, days: null });
    // Off sale: not listed, not bought.
    const listed = (await t.call(Calls.vipPlans, { kind: 'forecast_vip' })).body.data!.list;
    expect(listed.map((p) => p.id)).not.toContain(id);
    await expect(purchase(buyer, id)).rejects.toMatchObject({ codeFlag: CodeFlag.notFound });

    const all = await t.call(Calls.consolePlanList, { kind: 'forecast_vip' }, { session: operator.session });
    expect(all.body.data?.list.find((p) => p.id === id)).toMatchObject({
      active: false,
      nameEn: 'Forecast VIP, 180 days',
    });
    const log = (await t.db.select().from(operatorActions)).filter((a) => a.target === `plan:${id}`);
    expect(log.map((a) => a.action)).toEqual(['plan.save', 'plan.save']);
  });

  it('refuses bad plans with codeFlag 2 in both languages and writes nothing', async () => {
    const before = await t.db.select().from(membershipPlans);
    const base = { kind: 'forecast_vip', nameZh: '套餐', nameEn: 'Plan', priceFen: 100, active: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base }, 'membership.planLength'],
      [{ ...base, months: 1, days: 30 }, 'membership.planLength'],
      [{ ...base, months: 0 }, 'membership.planLength'],
      [{ ...base, kind: 'dynamic_view', months: 1 }, 'membership.planViewCount'],
      [{ ...base, kind: 'dynamic_view', viewCount: 1001 }, 'membership.planViewCount'],
      [{ ...base, days: 30, priceFen: 0 }, 'membership.planPrice'],
      [{ ...base, days: 30, nameZh: ' ' }, 'membership.planName'],
      [{ ...base, days: 30, kind: 'gold' }, 'common.invalidInput'],
    ];
    for (const [fields, key] of cases) {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const { body } = await t.callRaw(Calls.consolePlanSave, fields, { session: operator.session, lang });
        expect(body, JSON.stringify(fields)).toMatchObject({
          codeFlag: CodeFlag.invalidInput,
          mesg: translate(key, lang),
        });
      }
    }
    // An edit names a plan of its kind: another kind's plan is not found, and is left as it was.
    const certifiedId = await planId('certified_supplier', { months: 6 });
    expect((await save({ ...base, id: certifiedId, days: 30 })).body.codeFlag).toBe(CodeFlag.notFound);
    expect(await t.db.select().from(membershipPlans)).toEqual(before);
  });

  it('is for operators only, and saving for admins', async () => {
    const user = await t.buildUser();
    expect((await t.call(Calls.consolePlanList, {}, { session: user.session })).body.codeFlag).toBe(CodeFlag.forbidden);
    const before = await t.db.select().from(membershipPlans);
    const saved = await save(
      { kind: 'forecast_vip', nameZh: '套餐', nameEn: 'Plan', days: 30, priceFen: 100, active: 1 },
      user.session,
    );
    expect(saved.body.codeFlag).toBe(CodeFlag.forbidden);
    // Customer-service operators see the plans; prices are the admins' to change.
    const service = await t.buildOperator('service');
    expect((await t.call(Calls.consolePlanList, {}, { session: service.session })).body.codeFlag).toBe(CodeFlag.ok);
    const byService = await save(
      { kind: 'forecast_vip', nameZh: '套餐', nameEn: 'Plan', days: 30, priceFen: 100, active: 1 },
      service.session,
    );
    expect(byService.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await t.db.select().from(membershipPlans)).toEqual(before);
  });
});

describe('buying and the effects of payment', () => {
  it('a paid certified-supplier order turns the membership on at once for the whole company; a renewal follows on', async () => {
    const owner = await supplier();
    const employee = await t.buildEmployee(owner);
    const info = async (who: Person) => (await t.call(Calls.info, {}, { session: who.session })).body.data!;
    expect(await info(employee)).toMatchObject({ isVip: false });
    expect(
      (await t.call(Calls.visitorDetail, { userId: owner.user.id }, { session: owner.session })).body.codeFlag,
    ).toBe(CodeFlag.vipRequired);

    const half = await purchase(owner, await planId('certified_supplier', { months: 6 }));
    expect(half).toMatchObject({ kind: 'certified_supplier', holderId: owner.user.id, priceFen: 499_900 });
    await pay(await factsOf(half));
    const sixMonths = addShanghaiMonths(START, 6).toISOString();
    expect(await info(owner)).toMatchObject({ isVip: true, vipStart: START.toISOString(), vipEnd: sixMonths });
    expect(await info(employee)).toMatchObject({ isVip: true, vipEnd: sixMonths });
    // Visitor details open (this visitor never came: not found, no longer refused).
    expect(
      (await t.call(Calls.visitorDetail, { userId: owner.user.id }, { session: owner.session })).body.codeFlag,
    ).toBe(CodeFlag.notFound);

    t.clock.set(new Date(START.getTime() + 10 * DAY_MS));
    const year = await purchase(owner, await planId('certified_supplier', { months: 12 }));
    await pay(await factsOf(year));
    expect(await periodsOf(owner.user.id, 'certified_supplier')).toEqual([
      [START.toISOString(), sixMonths],
      [sixMonths, addShanghaiMonths(new Date(sixMonths), 12).toISOString()],
    ]);
    const status = await t.call(Calls.vipStatus, {}, { session: employee.session });
    expect(status.body.data).toMatchObject({
      vip: true,
      type: 'certified_supplier',
      openDate: START.toISOString(),
      endDate: addShanghaiMonths(new Date(sixMonths), 12).toISOString(),
      needremind: false,
    });
    // A repeated paid notice (payments guards it too) adds nothing.
    await pay(await factsOf(year));
    expect(await periodsOf(owner.user.id, 'certified_supplier')).toHaveLength(2);
  });

  it('forecast VIP is the buyer’s own and shows at once', async () => {
    const buyer = await t.buildUser();
    const bought = await purchase(buyer, await planId('forecast_vip', { months: 1 }));
    expect(bought).toMatchObject({ holderId: buyer.user.id, priceFen: 9_800 });
    await pay(await factsOf(bought));
    const info = (await t.call(Calls.info, {}, { session: buyer.session })).body.data!;
    expect(info).toMatchObject({ isForecastVip: true, forecastVipEnd: addShanghaiMonths(START, 1).toISOString() });
    const status = await t.call(Calls.vipStatus, { type: 'forecast_vip' }, { session: buyer.session });
    expect(status.body.data).toMatchObject({ vip: true, type: 'forecast_vip', remainderdays: 30, needremind: true });
  });

  it('certified supplier needs the agreement, the membership permission and complete company info; nothing is written otherwise', async () => {
    const owner = await supplier();
    const employee = await t.buildEmployee(owner, { permissions: PERMISSIONS.filter((p) => p !== 'membership') });
    const incomplete = await t.buildUser();
    await t.buildCompany(incomplete.user.id, { addressDetail: '' });
    const plan = await planId('certified_supplier', { months: 6 });
    const written = async () => [
      await t.db.select().from(membershipPurchases),
      await t.db.select().from(paymentOrders),
    ];
    const before = await written();
    const open = (who: Person, fields: Record<string, unknown>, lang: 'zh-CN' | 'en-US') =>
      t.callRaw(Calls.vipOpen, fields, { session: who.session, lang });
    for (const lang of ['zh-CN', 'en-US'] as const) {
      for (const fields of [{ planId: plan }, { planId: plan, agree: 0 }, { planId: plan, agree: 'false' }]) {
        expect((await open(owner, fields, lang)).body).toMatchObject({
          codeFlag: CodeFlag.invalidInput,
          mesg: translate('membership.agreementRequired', lang),
        });
      }
      expect((await open(owner, { planId: 'x', agree: 1 }, lang)).body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: translate('common.invalidInput', lang),
      });
      expect((await open(owner, { planId: plan, agree: 'maybe' }, lang)).body.codeFlag).toBe(CodeFlag.invalidInput);
      expect((await open(employee, { planId: plan, agree: 1 }, lang)).body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
        mesg: translate('noPermission.membership', lang),
      });
      expect((await open(incomplete, { planId: plan, agree: 1 }, lang)).body).toMatchObject({
        codeFlag: CodeFlag.companyInfoIncomplete,
        mesg: translate('companyInfo.incomplete', lang),
      });
      expect((await open(owner, { planId: 999_999, agree: 1 }, lang)).body).toMatchObject({
        codeFlag: CodeFlag.notFound,
        mesg: translate('membership.planUnavailable', lang),
      });
    }
    expect((await t.call(Calls.vipOpen, { planId: plan, agree: 1 })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await written()).toEqual(before);
    expect(translate('membership.agreementRequired', 'en-US')).toBe(
      'Please agree to the certified supplier agreement first',
    );
    // Forecast VIP and dynamic view are the buyer's own: an employee buys them without an agreement.
    const forecast = await t.call(
      Calls.vipOpen,
      { planId: await planId('forecast_vip', { months: 3 }) },
      { session: employee.session },
    );
    expect(forecast.body.data).toMatchObject({ kind: 'forecast_vip', amountFen: 26_800, amount: '268' });
  });

  it('answers the payment order at the price of the moment, which a later price change leaves alone', async () => {
    const owner = await supplier();
    const plan = await planId('certified_supplier', { months: 6 });
    const opened = await t.call(Calls.vipOpen, { planId: plan, agree: 1 }, { session: owner.session });
    expect(opened.body.data).toMatchObject({
      kind: 'certified_supplier',
      subject: '认证供应商 半年',
      amountFen: 499_900,
      amount: '4999',
    });
    const orderNo = opened.body.data!.orderNo;
    const [plansRow] = await t.db.select().from(membershipPlans).where(eq(membershipPlans.id, plan));
    await t.db.update(membershipPlans).set({ priceFen: 599_900 }).where(eq(membershipPlans.id, plan));
    const status = await t.call(Calls.payStatus, { orderNo }, { session: owner.session });
    expect(status.body.data).toMatchObject({ amountFen: 499_900, state: 'unpaid' });
    await t.db.update(membershipPlans).set({ priceFen: plansRow!.priceFen }).where(eq(membershipPlans.id, plan));
  });

  it('buys six months at the sandbox cashier (WeChat): the callback turns visitor details on; another company cannot pay it', async () => {
    const owner = await supplier();
    const stranger = await supplier();
    const opened = await t.call(
      Calls.vipOpen,
      { planId: await planId('certified_supplier', { months: 6 }), agree: 1 },
      { session: owner.session },
    );
    const orderNo = opened.body.data!.orderNo;
    const refused = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: stranger.session });
    expect([CodeFlag.forbidden, CodeFlag.notFound]).toContain(refused.body.codeFlag);

    const created = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    const link = new URL((created.body.data as { url: string }).url, 'http://x');
    await t.app.inject({
      method: 'POST',
      url: '/pay/sandbox/cashier',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        channel: link.searchParams.get('channel')!,
        orderNo: link.searchParams.get('orderNo')!,
        choice: 'pay',
      }).toString(),
    });
    await t.paymentSandbox.idle();
    expect((await t.call(Calls.payStatus, { orderNo }, { session: owner.session })).body.data).toMatchObject({
      state: 'paid',
    });
    expect((await t.call(Calls.info, {}, { session: owner.session })).body.data).toMatchObject({
      isVip: true,
      vipEnd: addShanghaiMonths(t.clock.now(), 6).toISOString(),
    });
    expect((await t.call(Calls.vipStatus, {}, { session: stranger.session })).body.data?.vip).toBe(false);
    expect(
      (await t.call(Calls.visitorDetail, { userId: stranger.user.id }, { session: owner.session })).body.codeFlag,
    ).toBe(CodeFlag.notFound);

    // An operator refunds it all through the channel: the membership is gone once WeChat Pay says it is done.
    const operatorRefund = await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 499_900, reason: '客户申请退款' },
      { session: operator.session },
    );
    expect(operatorRefund.body.data).toMatchObject({ state: 'paid', refunds: [{ state: 'pending' }] });
    await t.paymentSandbox.idle();
    expect((await t.call(Calls.info, {}, { session: owner.session })).body.data).toMatchObject({ isVip: false });
  });

  it('refuses a payment order that is not the one made for the purchase (another company’s) for a refund, changing nothing', async () => {
    const owner = await supplier();
    const other = await supplier();
    const bought = await purchase(owner, await planId('certified_supplier', { months: 6 }));
    const facts = await factsOf(bought);
    const before = await t.db.select().from(entitlements);
    for (const forged of [
      { ...facts, rootId: other.user.id, userId: other.user.id },
      { ...facts, amountFen: 1 },
      { ...facts, orderNo: 'T-other' },
      { ...facts, purposeRef: 'x' },
    ]) {
      // Refused, so that payments refunds it rather than keep money for nothing.
      await expect(pay(forged)).resolves.toEqual({ refused: expect.stringMatching(/does not match/) });
    }
    expect(await t.db.select().from(entitlements)).toEqual(before);
    const [still] = await t.db.select().from(membershipPurchases).where(eq(membershipPurchases.id, bought.id));
    expect(still?.status).toBe('awaiting_payment');
  });
});

describe('refunds', () => {
  it('take back the refunded share of a period from its end, moving later periods up; a full refund removes it', async () => {
    const owner = await supplier();
    const plan = await planId('certified_supplier', { months: 6 });
    const first = await purchase(owner, plan);
    await pay(await factsOf(first));
    const second = await purchase(owner, plan);
    await pay(await factsOf(second));
    const [a, b] = await periodsOf(owner.user.id, 'certified_supplier');
    const firstLength = new Date(a![1]!).getTime() - START.getTime();

    await refund(await factsOf(first), 249_950);
    const half = Math.round(firstLength / 2);
    const shifted = (iso: string, ms: number) => new Date(new Date(iso).getTime() - ms).toISOString();
    expect(await periodsOf(owner.user.id, 'certified_supplier')).toEqual([
      [a![0], shifted(a![1]!, half)],
      [shifted(b![0]!, half), shifted(b![1]!, half)],
    ]);
    // The rest of the first: it is gone, and the second follows straight on from now.
    await refund(await factsOf(first), 249_950);
    const after = await periodsOf(owner.user.id, 'certified_supplier');
    expect(after).toHaveLength(1);
    expect(after[0]![0]).toBe(START.toISOString());
    const [refunded] = await t.db.select().from(membershipPurchases).where(eq(membershipPurchases.id, first.id));
    expect(refunded).toMatchObject({ status: 'refunded', refundedFen: 499_900 });
    const info = (await t.call(Calls.info, {}, { session: owner.session })).body.data!;
    expect(info.vipEnd).toBe(after[0]![1]);
  });

  it('take back the refunded share of a dynamic-view pack, as far as its uses are not used', async () => {
    const buyer = await t.buildUser();
    const pack = await purchase(buyer, await planId('dynamic_view', { viewCount: 10 }));
    await pay(await factsOf(pack));
    await refund(await factsOf(pack), 900);
    expect((await t.call(Calls.dynamicViewStatus, {}, { session: buyer.session })).body.data?.remaining).toBe(7);
    await t.db.update(dynamicViewBalances).set({ remaining: 2 }).where(eq(dynamicViewBalances.userId, buyer.user.id));
    await refund(await factsOf(pack), 2_100);
    expect((await t.call(Calls.dynamicViewStatus, {}, { session: buyer.session })).body.data?.remaining).toBe(0);
  });
});

describe('vip/status', () => {
  it('shows nothing held, then the SPEC §3 fields, asking for renewal from 30 days before the end', async () => {
    const owner = await supplier();
    const none = await t.call(Calls.vipStatus, { type: 'certified_supplier' }, { session: owner.session });
    expect(none.body.data).toEqual({
      vip: false,
      type: 'certified_supplier',
      openDate: null,
      endDate: null,
      remainderdays: 0,
      needremind: false,
    });
    await t.call(
      Calls.grantEntitlement,
      { userId: owner.user.id, kind: 'certified_supplier', days: 50, reason: 'trial for a fair' },
      { session: operator.session },
    );
    const status = async () => (await t.call(Calls.vipStatus, {}, { session: owner.session })).body.data;
    expect(await status()).toMatchObject({ vip: true, remainderdays: 50, needremind: false });
    t.clock.set(new Date(START.getTime() + 19.5 * DAY_MS));
    expect(await status()).toMatchObject({ remainderdays: 31, needremind: false });
    t.clock.set(new Date(START.getTime() + 20 * DAY_MS));
    expect(await status()).toMatchObject({ remainderdays: 30, needremind: true });
    // Sessions last 30 days: someone of the company logged in now sees it ended.
    t.clock.set(new Date(START.getTime() + 50 * DAY_MS));
    const colleague = await t.buildEmployee(owner);
    const ended = await t.call(Calls.vipStatus, {}, { session: colleague.session });
    expect(ended.body.data).toMatchObject({ vip: false, remainderdays: 0 });
  });

  it('needs a login and refuses an unknown type with codeFlag 2', async () => {
    expect((await t.call(Calls.vipStatus, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    const user = await t.buildUser();
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { body } = await t.callRaw(Calls.vipStatus, { type: 'dynamic_view' }, { session: user.session, lang });
      expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate('common.invalidInput', lang) });
    }
  });

  it('shows one company’s membership to its own people only', async () => {
    const owner = await supplier();
    const stranger = await supplier();
    await t.call(
      Calls.grantEntitlement,
      { userId: owner.user.id, kind: 'certified_supplier', days: 10, reason: 'test grant' },
      { session: operator.session },
    );
    expect((await t.call(Calls.vipStatus, {}, { session: stranger.session })).body.data?.vip).toBe(false);
  });
});

describe('dynamic view', () => {
  const day = (n: number, time = '10:00') =>
    t.clock.set(new Date(new Date(`2026-11-${20 + n}T${time}:00+08:00`).getTime()));

  it('gives one free day once, charges one use per day of use, and refuses with codeFlag 9 when none is left', async () => {
    const user = await t.buildUser();
    const use = () => t.call(Calls.dynamicViewUse, {}, { session: user.session });
    expect((await t.call(Calls.dynamicViewStatus, {}, { session: user.session })).body.data).toEqual({
      remaining: 0,
      trialUsed: false,
      usedToday: false,
      grantedUntil: null,
    });
    day(0);
    expect((await use()).body.data).toMatchObject({ paidBy: 'trial', trialUsed: true, usedToday: true });
    day(0, '23:59');
    expect((await use()).body.data).toMatchObject({ paidBy: 'today', remaining: 0 });

    day(1, '00:00');
    const before = await t.db.select().from(dynamicViewBalances).where(eq(dynamicViewBalances.userId, user.user.id));
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const refused = await t.call(Calls.dynamicViewUse, {}, { session: user.session, lang });
      expect(refused.body).toMatchObject({
        codeFlag: CodeFlag.vipRequired,
        mesg: translate('membership.dynamicViewRequired', lang),
      });
    }
    expect(await t.db.select().from(dynamicViewBalances).where(eq(dynamicViewBalances.userId, user.user.id))).toEqual(
      before,
    );

    const pack = await purchase(user, await planId('dynamic_view', { viewCount: 10 }));
    await pay(await factsOf(pack));
    expect((await use()).body.data).toMatchObject({ paidBy: 'count', remaining: 9 });
    expect((await use()).body.data).toMatchObject({ paidBy: 'today', remaining: 9 });
    day(2);
    expect((await use()).body.data).toMatchObject({ paidBy: 'count', remaining: 8 });
    // Another user's use is their own trial, and leaves this balance alone.
    const other = await t.buildUser();
    expect((await t.call(Calls.dynamicViewUse, {}, { session: other.session })).body.data?.paidBy).toBe('trial');
    expect((await t.call(Calls.dynamicViewStatus, {}, { session: user.session })).body.data?.remaining).toBe(8);
  });

  it('costs nothing while an operator’s grant is in force', async () => {
    const user = await t.buildUser();
    await t.call(
      Calls.grantEntitlement,
      { userId: user.user.id, kind: 'dynamic_view', days: 3, reason: 'test grant' },
      { session: operator.session },
    );
    const used = await t.call(Calls.dynamicViewUse, {}, { session: user.session });
    expect(used.body.data).toMatchObject({ paidBy: 'grant', trialUsed: false, remaining: 0 });
    expect(used.body.data?.grantedUntil).toBe(new Date(START.getTime() + 3 * DAY_MS).toISOString());
  });

  it('needs a login', async () => {
    expect((await t.call(Calls.dynamicViewUse, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.dynamicViewStatus, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('entitlement/grant', () => {
  it('needs a reason, kept in the action log with the period', async () => {
    const user = await t.buildUser();
    const before = await t.db.select().from(entitlements);
    for (const reason of ['', ' ', 'x'.repeat(201)]) {
      for (const lang of ['zh-CN', 'en-US'] as const) {
        const { body } = await t.call(
          Calls.grantEntitlement,
          { userId: user.user.id, kind: 'forecast_vip', days: 5, reason },
          { session: operator.session, lang },
        );
        expect(body).toMatchObject({
          codeFlag: CodeFlag.invalidInput,
          mesg: translate('membership.grantReason', lang),
        });
      }
    }
    expect(await t.db.select().from(entitlements)).toEqual(before);
    const granted = await t.call(
      Calls.grantEntitlement,
      { userId: user.user.id, kind: 'forecast_vip', days: 5, reason: '  compensation for an outage ' },
      { session: operator.session },
    );
    expect(granted.body.codeFlag).toBe(CodeFlag.ok);
    const [row] = await t.db.select().from(entitlements).where(eq(entitlements.userId, user.user.id));
    expect(row).toMatchObject({ reason: 'compensation for an outage', grantedBy: operator.user.id });
  });

  it("grants certification to a company's owner only, since it is the company's", async () => {
    const owner = await supplier();
    const employee = await t.buildEmployee(owner);
    const before = await t.db.select().from(entitlements);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const { body } = await t.call(
        Calls.grantEntitlement,
        { userId: employee.user.id, kind: 'certified_supplier', days: 5, reason: 'test grant' },
        { session: operator.session, lang },
      );
      expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate('membership.grantToOwner', lang) });
    }
    expect(await t.db.select().from(entitlements)).toEqual(before);
    const forecast = await t.call(
      Calls.grantEntitlement,
      { userId: employee.user.id, kind: 'forecast_vip', days: 5, reason: 'test grant' },
      { session: operator.session },
    );
    expect(forecast.body.codeFlag).toBe(CodeFlag.ok);
  });
});

describe('renewal reminders', () => {
  it('tell each holder once, 30 days before the end, with a notice and its push; a renewal earns its own', async () => {
    const owner = await supplier();
    await t.call(
      Calls.grantEntitlement,
      { userId: owner.user.id, kind: 'certified_supplier', days: 40, reason: 'test grant' },
      { session: operator.session },
    );
    // A phone that takes pushes (Web Push), so the notice's push can be seen queued.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device = {
      endpoint: `https://push.example/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const bound = await t.call(Calls.bindToken, { token: JSON.stringify(device) }, { session: owner.session });
    expect(bound.body.codeFlag).toBe(CodeFlag.ok);
    const mine = async () => (await t.db.select().from(notices)).filter((n) => n.userId === owner.user.id);
    const [phone] = await t.db.select().from(pushDevices).where(eq(pushDevices.userId, owner.user.id));
    const pushes = async () =>
      (await t.db.select().from(pushOutbox)).filter((row) => row.kind === 'notice' && row.token === phone!.token);
    await sendRenewalReminders({ db: t.db, clock: t.clock });
    expect(await mine()).toEqual([]);

    t.clock.set(new Date(START.getTime() + 11 * DAY_MS));
    await sendRenewalReminders({ db: t.db, clock: t.clock });
    await sendRenewalReminders({ db: t.db, clock: t.clock });
    const sent = await mine();
    expect(sent.map((n) => [n.messageKey, n.params])).toEqual([
      ['notice.certifiedSupplierEnding', { date: '2026-12-30' }],
    ]);
    expect((await pushes()).map((row) => row.refId)).toEqual([sent[0]!.id]);
    const listed = await t.call(Calls.noticeList, { category: 'function' }, { session: owner.session, lang: 'en-US' });
    expect(listed.body.data?.list[0]).toMatchObject({
      title: 'Membership renewal',
      link: '/pagesA/vip_center/vip_center',
    });

    await t.call(
      Calls.grantEntitlement,
      { userId: owner.user.id, kind: 'certified_supplier', days: 10, reason: 'test grant' },
      { session: operator.session },
    );
    // The new end (day 50) is not yet within 30 days; on day 20 it is.
    await sendRenewalReminders({ db: t.db, clock: t.clock });
    expect(await mine()).toHaveLength(1);
    t.clock.set(new Date(START.getTime() + 20 * DAY_MS));
    await sendRenewalReminders({ db: t.db, clock: t.clock });
    expect((await mine()).map((n) => n.params)).toEqual([{ date: '2026-12-30' }, { date: '2027-01-09' }]);
    expect((await t.db.select().from(membershipReminders)).filter((r) => r.holderId === owner.user.id)).toHaveLength(2);
  });
});
