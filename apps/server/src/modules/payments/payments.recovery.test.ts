import { Writable } from 'node:stream';
import { Calls, CodeFlag, type FulfilmentState } from '@metal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  buildPaymentOrder,
  notify,
  orderRow,
  paymentSnapshot,
  transitionsOf,
  uploadSlip,
} from '../../../test/payment-fixtures';
import { operatorActions } from '../operators/operators.table';
import { paymentJobs } from './payments.jobs';
import type { PaymentFulfilment } from './payments.purposes';
import { paymentDeps } from './payments.routes';
import { closeExpiredOrders, queryLateOrders, queryPendingRefunds, retryFulfilments } from './payments.service';
import { paymentRefunds } from './payments.table';

// Money that went wrong on its way, and how none of it is lost: a failed refund sent again (a second
// payment's too), a transfer confirmed after the order was paid online (owed back by bank), a fulfilment
// that fails (acknowledged, retried by the job, or refunded when it never can be), a refund the provider
// paid after we had taken it as failed.

/** What the purpose was asked: it fails while `failuresLeft` says so, and refuses what is `undeliverable`. */
const delivered: string[] = [];
const takenBack: { orderNo: string; refundFen: number }[] = [];
const failuresLeft = new Map<string, number>();
const undeliverable = new Set<string>();
const fulfilment: PaymentFulfilment = {
  async paid(_tx, order) {
    const left = failuresLeft.get(order.orderNo) ?? 0;
    if (left > 0) {
      failuresLeft.set(order.orderNo, left - 1);
      throw new Error('fulfilment unavailable');
    }
    if (undeliverable.has(order.orderNo)) return { refused: 'the trade order was cancelled' };
    delivered.push(order.orderNo);
  },
  async refunded(_tx, order, refundFen) {
    takenBack.push({ orderNo: order.orderNo, refundFen });
  },
};
const deliveredTimes = (orderNo: string) => delivered.filter((no) => no === orderNo).length;
const takenBackOf = (orderNo: string) => takenBack.filter((r) => r.orderNo === orderNo).map((r) => r.refundFen);

/** What the server logged, line by line. */
const logged: { level: number; msg: string; orderNo?: string; refundNo?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ modules: { orders: { paymentPurposes: { trade_order: fulfilment } } }, logStream });
  // A fault of the database's for the orders a test names (historyFailsFor).
  await t.db.execute(sql`create table test_failing_history (order_no text primary key)`);
  await t.db.execute(
    sql.raw(`create function test_fail_history() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_failing_history where order_no = new.order_no) then
          raise exception 'history of % not recorded', new.order_no;
        end if;
        return new;
      end $$`),
  );
  await t.db.execute(
    sql`create trigger test_fail_history before insert on payment_transitions for each row execute function test_fail_history()`,
  );
});
afterAll(() => t.close());

/**
 * Until the answer is called, the database refuses to add to the order's history, as a fault of ours
 * would (a broken constraint, a full disk): every transaction that moves the order fails whole, while a
 * statement that records no history (a job putting the order at the back of its queue) goes through.
 */
async function historyFailsFor(orderNo: string) {
  await t.db.execute(sql`insert into test_failing_history (order_no) values (${orderNo})`);
  return async () => {
    await t.db.execute(sql`delete from test_failing_history where order_no = ${orderNo}`);
  };
}

type Person = { user: { id: number; rootId: number }; session: string };
const as = (person: { session: string }, lang?: 'en-US') => ({ session: person.session, ...(lang ? { lang } : {}) });

async function buyer() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

/** Opens the order at a channel's cashier (Alipay's trade opens when its link reaches the gateway). */
async function openAt(owner: Person, orderNo: string, channel: 'wxpay' | 'alipay') {
  const created = await t.call(Calls.payCreate, { orderNo, channel }, as(owner));
  expect(created.body.codeFlag).toBe(CodeFlag.ok);
  if (channel === 'alipay') await t.app.inject({ method: 'GET', url: (created.body.data as { url: string }).url });
}

/** The buyer pays at the sandbox cashier; its notifications are delivered. */
async function payAt(orderNo: string, channel: 'wxpay' | 'alipay') {
  t.paymentSandbox.decide(channel, orderNo, 'pay');
  await t.paymentSandbox.idle();
}

async function paidOrder(channel: 'wxpay' | 'alipay', amountFen = 10_000, before?: (orderNo: string) => void) {
  const owner = await buyer();
  const orderNo = await buildPaymentOrder(t, owner, amountFen);
  before?.(orderNo);
  await openAt(owner, orderNo, channel);
  await payAt(orderNo, channel);
  return { owner, orderNo };
}

const refundsOf = (orderNo: string) =>
  t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo)).orderBy(paymentRefunds.id);

const consoleOrder = async (operator: { session: string }, orderNo: string) =>
  (await t.call(Calls.consolePayOrders, { orderNo }, as(operator))).body.data!.list[0]!;

/** The buyer had both cashiers open and paid at both: WeChat first, then Alipay, whose refund Alipay refuses. */
async function secondPaymentWhoseRefundFailed() {
  const owner = await buyer();
  const orderNo = await buildPaymentOrder(t, owner);
  await openAt(owner, orderNo, 'wxpay');
  await openAt(owner, orderNo, 'alipay');
  await payAt(orderNo, 'wxpay');
  const alipay = t.app.deps.payments.alipay!;
  const refund = alipay.refund;
  // Alipay refuses the automatic refund of the second payment (the merchant's balance was short that day).
  alipay.refund = async () => ({ state: 'failed', reason: '40004 ACQ.SELLER_BALANCE_NOT_ENOUGH' });
  try {
    await payAt(orderNo, 'alipay');
  } finally {
    alipay.refund = refund;
  }
  const [failed] = await refundsOf(orderNo);
  expect(failed).toMatchObject({ state: 'failed', channel: 'alipay', secondPaymentTransactionId: expect.any(String) });
  return { owner, orderNo, refundNo: failed!.refundNo };
}

/** An operator's WeChat refund of `amountFen` that WeChat refused (the trade could not be refunded then). */
async function refusedRefund(orderNo: string, amountFen: number, operator: { session: string }) {
  const trade = t.paymentSandbox.trade(orderNo, 'wxpay')!;
  trade.state = 'CLOSED';
  const refused = await t.call(Calls.consolePayRefund, { orderNo, amountFen, reason: '退款' }, as(operator));
  trade.state = 'SUCCESS';
  expect(refused.body.codeFlag).toBe(CodeFlag.paymentFailed);
  const [failed] = (await refundsOf(orderNo)).filter((r) => r.state === 'failed');
  return failed!.refundNo;
}

/**
 * An operator's WeChat refund the refund query job took as failed: its notification was lost and WeChat's
 * query knew nothing of it for a day. WeChat had in fact paid it (`reachedWeChat`), or its request never
 * left (a crash, a network down: WeChat never heard of it). Either way the failure is not WeChat's word.
 */
async function refundTakenAsFailed(
  orderNo: string,
  amountFen: number,
  operator: { session: string },
  { reachedWeChat = true } = {},
) {
  const wxpay = t.app.deps.payments.wxpay!;
  const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
  const { queryRefund, refund } = wxpay;
  t.paymentSandbox.deliver = async () => false;
  wxpay.queryRefund = async () => ({ state: 'unknown' });
  if (!reachedWeChat)
    wxpay.refund = async () => {
      throw new Error('connect ETIMEDOUT');
    };
  try {
    const asked = await t.call(Calls.consolePayRefund, { orderNo, amountFen, reason: '退款' }, as(operator));
    expect(asked.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    t.clock.advance(25 * 3600);
    await queryPendingRefunds(paymentDeps(t.app));
  } finally {
    t.paymentSandbox.deliver = deliver;
    wxpay.queryRefund = queryRefund;
    wxpay.refund = refund;
  }
  const [failed] = (await refundsOf(orderNo)).filter((r) => r.state === 'failed');
  expect(failed).toMatchObject({ amountFen, state: 'failed', failure: 'unconfirmed' });
  expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds).toHaveLength(reachedWeChat ? 1 : 0);
  return failed!.refundNo;
}

/** refundTakenAsFailed of a fresh 100-yuan WeChat order, whose refund WeChat had in fact paid. */
async function paidRefundTakenAsFailed(amountFen: number) {
  const { orderNo } = await paidOrder('wxpay');
  const operator = await t.buildOperator('admin');
  await refundTakenAsFailed(orderNo, amountFen, operator);
  const refund = t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds[0]!;
  expect(refund.state).toBe('SUCCESS');
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
  return { orderNo, refund, operator };
}

/** Operator actions recorded on an order: a refused call records none. */
const actionsOn = async (orderNo: string) =>
  (
    await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `payment_order:${orderNo}`))
  ).length;

describe('console/pay/refund_retry', () => {
  it('sends the failed automatic refund of a second payment again, for that payment only, and it is refunded once', async () => {
    const { orderNo, refundNo } = await secondPaymentWhoseRefundFailed();
    const operator = await t.buildOperator('admin');
    const failedOnes = await t.call(Calls.consolePayOrders, { refundState: 'failed' }, as(operator));
    expect(failedOnes.body.data!.list.map((o) => o.orderNo)).toContain(orderNo);
    expect((await consoleOrder(operator, orderNo)).refunds).toMatchObject([
      { refundNo, secondPayment: true, state: 'failed', channel: 'alipay', amountFen: 499_900 },
    ]);

    const resent = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator));
    expect(resent.body.codeFlag).toBe(CodeFlag.ok);
    expect(resent.body.data).toMatchObject({
      state: 'paid',
      refundedFen: 0,
      receipt: { channel: 'wxpay' },
      refunds: [{ refundNo, secondPayment: true, state: 'succeeded', channel: 'alipay' }],
    });
    const alipayTrade = t.paymentSandbox.trade(orderNo, 'alipay')!;
    expect(alipayTrade.refunds.map((r) => [r.refundNo, r.amountFen])).toEqual([[refundNo, 499_900]]);
    // The order's own payment (WeChat's) is untouched, and what it bought stays delivered.
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds).toEqual([]);
    expect(deliveredTimes(orderNo)).toBe(1);
    expect(takenBackOf(orderNo)).toEqual([]);
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      fromState: 'paid',
      toState: 'paid',
      cause: `operator:${operator.user.id}`,
      details: expect.objectContaining({ refundNo, secondPaymentRefunded: alipayTrade.transactionId }),
    });

    // A refund that succeeded is never sent again.
    const before = await paymentSnapshot(t, orderNo);
    const again = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator));
    expect(again.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '只有失败的退款可以重新发起' });
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    expect(alipayTrade.refunds).toHaveLength(1);
  });

  it("sends an operator's failed refund again under its own number; WeChat settles it and it is taken back once", async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refusedRefund(orderNo, 4_000, operator);
    const resent = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator));
    // WeChat Pay takes it (PROCESSING): the order keeps its money until the refund's notification.
    expect(resent.body.data).toMatchObject({ state: 'paid', refunds: [{ refundNo, state: 'pending' }] });
    await t.paymentSandbox.idle();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 4_000 });
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => [r.refundNo, r.amountFen])).toEqual([
      [refundNo, 4_000],
    ]);
    expect(takenBackOf(orderNo)).toEqual([4_000]);
  });

  it('refuses to send a failed refund again when less than it is left to refund, changing nothing', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refusedRefund(orderNo, 4_000, operator);
    await t.call(Calls.consolePayRefund, { orderNo, amountFen: 7_000, reason: '另退' }, as(operator));
    await t.paymentSandbox.idle();
    const before = await paymentSnapshot(t, orderNo);
    const zh = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator));
    expect(zh.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该订单只剩30.00元可退，这笔退款不能再发起' });
    const en = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator, 'en-US'));
    expect(en.body.mesg).toBe('Only 30.00 yuan of this order is left to refund, so this refund cannot be sent again');
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => r.amountFen)).toEqual([7_000]);
  });

  it('refuses bad input (codeFlag 2, localized), an unknown refund, users and customer service, changing nothing', async () => {
    const { owner, orderNo, refundNo } = await secondPaymentWhoseRefundFailed();
    const before = await paymentSnapshot(t, orderNo);
    const operator = await t.buildOperator('admin');
    for (const sent of [{ refundNo: '' }, { refundNo: "RF1'; drop" }, {}]) {
      const zh = await t.callRaw(Calls.consolePayRefundRetry, sent, as(operator));
      expect(zh.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '退款单号有误' });
      expect(Object.keys(zh.body.errors ?? {})).toEqual(['refundNo']);
      const en = await t.callRaw(Calls.consolePayRefundRetry, sent, as(operator, 'en-US'));
      expect(en.body.mesg).toBe('The refund number is not valid');
    }
    const unknown = await t.call(Calls.consolePayRefundRetry, { refundNo: 'RF20990101000000000000' }, as(operator));
    expect(unknown.body.codeFlag).toBe(CodeFlag.notFound);
    const service = await t.buildOperator('service');
    for (const caller of [owner, service]) {
      const refused = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(caller));
      expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    }
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    expect(t.paymentSandbox.trade(orderNo, 'alipay')!.refunds).toEqual([]);
  });
});

describe('a transfer confirmed after the order was paid online', () => {
  /** The buyer chose transfer and handed in its slip, then paid at WeChat's cashier as well. */
  async function transferredAndPaidOnline() {
    const owner = await buyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, as(owner));
    await t.call(Calls.payOfflineSlip, { orderNo, fileId: await uploadSlip(t, owner.session) }, as(owner));
    await openAt(owner, orderNo, 'wxpay');
    await payAt(orderNo, 'wxpay');
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', paidChannel: 'wxpay' });
    const operator = await t.buildOperator('admin');
    const queue = await t.call(Calls.consolePayOfflineQueue, {}, as(operator));
    const slipId = queue.body.data!.find((item) => item.orderNo === orderNo)!.slipId;
    return { owner, orderNo, operator, slipId };
  }

  async function confirmedSurplus() {
    const made = await transferredAndPaidOnline();
    const confirmed = await t.call(Calls.consolePayOfflineConfirm, { slipId: made.slipId }, as(made.operator));
    expect(confirmed.body.codeFlag).toBe(CodeFlag.ok);
    return { ...made, refundNo: confirmed.body.data!.refunds[0]!.refundNo };
  }

  it('is recorded as a second payment owed back by bank, listed for the operator, and never pays the order twice', async () => {
    const { owner, orderNo, operator, slipId } = await transferredAndPaidOnline();
    const confirmed = await t.call(Calls.consolePayOfflineConfirm, { slipId }, as(operator));
    expect(confirmed.body.codeFlag).toBe(CodeFlag.ok);
    expect(confirmed.body.data).toMatchObject({
      state: 'paid',
      refundedFen: 0,
      receipt: { channel: 'wxpay' },
      slips: [{ id: slipId, state: 'confirmed' }],
      refunds: [
        { amountFen: 499_900, state: 'pending', secondPayment: true, channel: 'offline', providerRefundId: null },
      ],
    });
    expect(deliveredTimes(orderNo)).toBe(1);
    expect((await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'paid' && tr.fromState === 'paid')).toEqual([
      expect.objectContaining({
        cause: `operator:${operator.user.id}`,
        details: expect.objectContaining({
          secondPayment: true,
          channel: 'offline',
          transactionId: `offline:${slipId}`,
        }),
      }),
    ]);
    const [refund] = await refundsOf(orderNo);
    expect(refund).toMatchObject({ channel: 'offline', secondPaymentTransactionId: `offline:${slipId}` });
    // Listed among the refunds waiting for an operator; the buyer sees it going back.
    const waiting = await t.call(Calls.consolePayOrders, { refundState: 'pending' }, as(operator));
    expect(waiting.body.data!.list.map((o) => o.orderNo)).toContain(orderNo);
    const mine = await t.call(Calls.payStatus, { orderNo }, as(owner));
    expect(mine.body.data!.refunds).toMatchObject([{ amountFen: 499_900, state: 'pending', secondPayment: true }]);
    // No provider holds it: the refund job neither asks about it nor gives up on it.
    t.clock.advance(25 * 3600);
    await queryPendingRefunds(paymentDeps(t.app));
    expect((await refundsOf(orderNo))[0]).toMatchObject({ state: 'pending' });
  });

  it('the operator pays it back by bank and records the reference: the refund succeeded, once', async () => {
    const { orderNo, operator, slipId, refundNo } = await confirmedSurplus();
    const done = await t.call(Calls.consolePayRefundDone, { refundNo, reference: '  ICBC20261126001 ' }, as(operator));
    expect(done.body.codeFlag).toBe(CodeFlag.ok);
    expect(done.body.data).toMatchObject({
      state: 'paid',
      refundedFen: 0,
      refunds: [{ refundNo, state: 'succeeded', channel: 'offline', providerRefundId: 'ICBC20261126001' }],
    });
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      cause: `operator:${operator.user.id}`,
      details: expect.objectContaining({ refundNo, secondPaymentRefunded: `offline:${slipId}` }),
    });
    const before = await paymentSnapshot(t, orderNo);
    const again = await t.call(Calls.consolePayRefundDone, { refundNo, reference: 'ICBC2' }, as(operator));
    expect(again.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该退款已处理，无需再确认' });
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    expect(deliveredTimes(orderNo)).toBe(1);
    expect(takenBackOf(orderNo)).toEqual([]);
  });

  it('refund_done refuses bad input, an online refund, an unknown refund, users and customer service, changing nothing', async () => {
    const { owner, orderNo, operator, refundNo } = await confirmedSurplus();
    const before = await paymentSnapshot(t, orderNo);
    for (const [sent, field, zh, en] of [
      [{ refundNo, reference: ' ' }, 'reference', '请填写退款转账的银行流水号', 'Please give the bank reference'],
      [{ refundNo }, 'reference', '请填写退款转账的银行流水号', 'Please give the bank reference'],
      [{ refundNo, reference: 'x'.repeat(65) }, 'reference', '银行流水号不能超过64个字', 'The bank reference can be'],
      [{ refundNo: 'RF-1', reference: 'ICBC1' }, 'refundNo', '退款单号有误', 'The refund number is not valid'],
    ] as const) {
      const answer = await t.callRaw(Calls.consolePayRefundDone, sent, as(operator));
      expect(answer.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: zh });
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
      expect((await t.callRaw(Calls.consolePayRefundDone, sent, as(operator, 'en-US'))).body.mesg).toMatch(
        new RegExp(`^${en}`),
      );
    }
    const unknown = await t.call(
      Calls.consolePayRefundDone,
      { refundNo: 'RF20990101000000000000', reference: 'ICBC1' },
      as(operator),
    );
    expect(unknown.body.codeFlag).toBe(CodeFlag.notFound);
    const service = await t.buildOperator('service');
    for (const caller of [owner, service]) {
      const refused = await t.call(Calls.consolePayRefundDone, { refundNo, reference: 'ICBC1' }, as(caller));
      expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    }
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);

    // A refund a provider pays back is settled by the provider, not by hand.
    const online = await paidOrder('wxpay');
    const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
    t.paymentSandbox.deliver = async () => false;
    try {
      await t.call(Calls.consolePayRefund, { orderNo: online.orderNo, amountFen: 1_000, reason: '退款' }, as(operator));
      await t.paymentSandbox.idle();
    } finally {
      t.paymentSandbox.deliver = deliver;
    }
    const onlineBefore = await paymentSnapshot(t, online.orderNo);
    const [pending] = await refundsOf(online.orderNo);
    const byHand = await t.call(
      Calls.consolePayRefundDone,
      { refundNo: pending!.refundNo, reference: 'ICBC1' },
      as(operator),
    );
    expect(byHand.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该退款由支付渠道原路退回，无需手工确认' });
    expect(await paymentSnapshot(t, online.orderNo)).toEqual(onlineBefore);
  });
});

describe('a fulfilment that fails', () => {
  const queryJob = () => paymentJobs(t.app).find((job) => job.id === 'payments.query')!;
  const quiet = { info: () => {}, error: () => {} };
  const runJob = () =>
    queryJob().run({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quiet, slot: t.clock.now() });

  it('the notification is acknowledged once the payment is recorded, and the scheduled job delivers it later, once', async () => {
    const { orderNo } = await paidOrder('wxpay', 10_000, (no) => failuresLeft.set(no, 2));
    // No notification was answered FAIL: the money is recorded, nothing for WeChat to send again.
    const deliveries = t.paymentSandbox.deliveries.filter((d) => d.orderNo === orderNo);
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.accepted)).toBe(true);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'pending' });
    expect(deliveredTimes(orderNo)).toBe(0);
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      fromState: 'paid',
      toState: 'paid',
      cause: 'notify:wxpay',
      details: expect.objectContaining({ fulfilmentFailed: 'fulfilment unavailable' }),
    });

    await runJob();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'pending' });
    expect(deliveredTimes(orderNo)).toBe(0);
    await runJob();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'done' });
    expect(deliveredTimes(orderNo)).toBe(1);
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      toState: 'paid',
      cause: 'job:fulfil',
      details: expect.objectContaining({ fulfilled: true }),
    });
    await runJob();
    expect(deliveredTimes(orderNo)).toBe(1);
    // A repeat of the payment's notification delivers nothing more.
    const again = t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!);
    expect((await notify(t, again)).status).toBe(200);
    expect(deliveredTimes(orderNo)).toBe(1);
  });

  it.each(['alipay', 'wxpay'] as const)(
    'a %s payment for what can never be delivered is refunded whole, automatically, once',
    async (channel) => {
      const { owner, orderNo } = await paidOrder(channel, 10_000, (no) => undeliverable.add(no));
      expect(await orderRow(t, orderNo)).toMatchObject({
        state: 'refunded',
        refundedFen: 10_000,
        fulfilment: 'refused',
      });
      const refunds = await refundsOf(orderNo);
      expect(refunds).toMatchObject([
        { amountFen: 10_000, state: 'succeeded', channel, operatorId: null, secondPaymentTransactionId: null },
      ]);
      expect(t.paymentSandbox.trade(orderNo, channel)!.refunds.map((r) => r.amountFen)).toEqual([10_000]);
      expect(deliveredTimes(orderNo)).toBe(0);
      // Nothing was delivered, so nothing is taken back.
      expect(takenBackOf(orderNo)).toEqual([]);
      const mine = await t.call(Calls.payStatus, { orderNo }, as(owner));
      expect(mine.body.data).toMatchObject({
        state: 'refunded',
        refunds: [{ state: 'succeeded', secondPayment: false }],
      });
      // The payment's repeated notifications and the job start no second refund.
      await runJob();
      expect(await refundsOf(orderNo)).toHaveLength(1);
      expect(t.paymentSandbox.trade(orderNo, channel)!.refunds).toHaveLength(1);
    },
  );

  it('a transfer for what can never be delivered is owed back by bank, which the operator records', async () => {
    const owner = await buyer();
    const orderNo = await buildPaymentOrder(t, owner, 20_000);
    undeliverable.add(orderNo);
    await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, as(owner));
    await t.call(Calls.payOfflineSlip, { orderNo, fileId: await uploadSlip(t, owner.session) }, as(owner));
    const operator = await t.buildOperator('admin');
    const queue = await t.call(Calls.consolePayOfflineQueue, {}, as(operator));
    const slipId = queue.body.data!.find((item) => item.orderNo === orderNo)!.slipId;
    const confirmed = await t.call(Calls.consolePayOfflineConfirm, { slipId }, as(operator));
    expect(confirmed.body.data).toMatchObject({
      state: 'paid',
      refunds: [{ amountFen: 20_000, state: 'pending', channel: 'offline', secondPayment: false }],
    });
    // Its reason (the buyer's orders, the console) says who pays it back: an operator, by bank, not the system.
    const [owed] = confirmed.body.data!.refunds;
    expect(owed!.reason).toMatch(/paid back by bank/);
    expect(owed!.reason).not.toMatch(/refunded automatically/);
    const refundNo = owed!.refundNo;
    const done = await t.call(Calls.consolePayRefundDone, { refundNo, reference: 'ABC-778' }, as(operator));
    expect(done.body.data).toMatchObject({ state: 'refunded', refundedFen: 20_000 });
    expect(deliveredTimes(orderNo)).toBe(0);
    expect(takenBackOf(orderNo)).toEqual([]);
  });

  it('an operator refund of an order not delivered yet ends its retries', async () => {
    const { orderNo } = await paidOrder('alipay', 10_000, (no) => failuresLeft.set(no, 1_000));
    const operator = await t.buildOperator('admin');
    const refunded = await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 10_000, reason: '无法交付' },
      as(operator),
    );
    expect(refunded.body.data).toMatchObject({ state: 'refunded' });
    expect(await orderRow(t, orderNo)).toMatchObject({ fulfilment: 'refused' });
    failuresLeft.set(orderNo, 0);
    await runJob();
    expect(deliveredTimes(orderNo)).toBe(0);
    expect(takenBackOf(orderNo)).toEqual([]);
  });

  it('an operator refund still at WeChat (PROCESSING) holds the retries: nothing is delivered for money on its way back', async () => {
    const { orderNo } = await paidOrder('wxpay', 10_000, (no) => failuresLeft.set(no, 1));
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'pending' });
    const operator = await t.buildOperator('admin');
    const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
    // WeChat takes the refund (PROCESSING); its REFUND.SUCCESS comes later.
    t.paymentSandbox.deliver = async () => false;
    try {
      const asked = await t.call(
        Calls.consolePayRefund,
        { orderNo, amountFen: 10_000, reason: '无法交付' },
        as(operator),
      );
      expect(asked.body.data).toMatchObject({ state: 'paid', refunds: [{ state: 'pending' }] });
      await t.paymentSandbox.idle();
    } finally {
      t.paymentSandbox.deliver = deliver;
    }
    // The delivery would work now, but the whole payment is on its way back: the job delivers nothing.
    await runJob();
    expect(deliveredTimes(orderNo)).toBe(0);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'pending' });

    const refund = t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds[0]!;
    const succeeded = t.paymentSandbox.wxNotification(
      {
        mchid: '1900000109',
        out_trade_no: orderNo,
        out_refund_no: refund.refundNo,
        refund_id: refund.refundId,
        refund_status: 'SUCCESS',
        amount: { total: 10_000, refund: 10_000 },
      },
      { eventType: 'REFUND.SUCCESS', resource: 'refund' },
    );
    expect((await notify(t, succeeded)).status).toBe(200);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'refunded', fulfilment: 'refused' });
    await runJob();
    expect(deliveredTimes(orderNo)).toBe(0);
    expect(takenBackOf(orderNo)).toEqual([]);
  });

  it('an operator refund the channel refused lets the retries go on: what was paid for is delivered', async () => {
    const { orderNo } = await paidOrder('wxpay', 10_000, (no) => failuresLeft.set(no, 1));
    const operator = await t.buildOperator('admin');
    await refusedRefund(orderNo, 10_000, operator);
    await runJob();
    expect(deliveredTimes(orderNo)).toBe(1);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'done' });
  });
});

describe('a refund outcome after the refund was taken as failed', () => {
  const refundNotification = (orderNo: string, refund: { refundNo: string; refundId: string }, amountFen: number) =>
    t.paymentSandbox.wxNotification(
      {
        mchid: '1900000109',
        out_trade_no: orderNo,
        out_refund_no: refund.refundNo,
        refund_id: refund.refundId,
        refund_status: 'SUCCESS',
        amount: { total: 10_000, refund: amountFen },
      },
      { eventType: 'REFUND.SUCCESS', resource: 'refund' },
    );

  it("WeChat's late REFUND.SUCCESS makes it succeeded: the order is refunded and what it bought taken back, once", async () => {
    const { orderNo, refund } = await paidRefundTakenAsFailed(2_500);
    expect((await notify(t, refundNotification(orderNo, refund, 2_500))).status).toBe(200);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 2_500 });
    expect((await refundsOf(orderNo))[0]).toMatchObject({ state: 'succeeded', providerRefundId: refund.refundId });
    expect(takenBackOf(orderNo)).toEqual([2_500]);
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      fromState: 'paid',
      toState: 'partly_refunded',
      cause: 'notify:wxpay',
    });
    expect((await notify(t, refundNotification(orderNo, refund, 2_500))).status).toBe(200);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 2_500 });
    expect(takenBackOf(orderNo)).toEqual([2_500]);
  });

  it('sent again, the refund WeChat had paid is answered as done: succeeded once, never paid twice', async () => {
    const { orderNo, refund, operator } = await paidRefundTakenAsFailed(3_000);
    const resent = await t.call(Calls.consolePayRefundRetry, { refundNo: refund.refundNo }, as(operator));
    expect(resent.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 3_000 });
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds).toHaveLength(1);
    expect(takenBackOf(orderNo)).toEqual([3_000]);
  });
});

describe('a refund failed without the provider saying so (unconfirmed) holds its money until it is sent again', () => {
  it('a new refund of its money is refused (codeFlag 2, localized), writing nothing; what is left can be refunded', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refundTakenAsFailed(orderNo, 4_000, operator);
    expect((await consoleOrder(operator, orderNo)).refunds).toMatchObject([
      { refundNo, state: 'failed', failure: 'unconfirmed' },
    ]);
    const before = await paymentSnapshot(t, orderNo);
    const actionsBefore = await actionsOn(orderNo);
    for (const amountFen of [10_000, 6_001]) {
      const zh = await t.call(Calls.consolePayRefund, { orderNo, amountFen, reason: '重退' }, as(operator));
      expect(zh.body).toEqual({
        codeFlag: CodeFlag.invalidInput,
        mesg: '最多还可退60.00元：另有40.00元退款未确认是否已退，请先在退款记录中重新发起该退款',
      });
      const en = await t.call(Calls.consolePayRefund, { orderNo, amountFen, reason: '重退' }, as(operator, 'en-US'));
      expect(en.body).toEqual({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'At most 60.00 yuan can still be refunded: refunds of 40.00 yuan are not confirmed (the channel may have paid them); send them again first',
      });
    }
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    expect(await actionsOn(orderNo)).toBe(actionsBefore);
    // WeChat holds the first refund only: its money went back once.
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => r.amountFen)).toEqual([4_000]);

    const rest = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 6_000, reason: '余款' }, as(operator));
    expect(rest.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => r.amountFen)).toEqual([4_000, 6_000]);
  });

  it('a failed refund recorded before failures were told apart holds its money the same way', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refundTakenAsFailed(orderNo, 4_000, operator, { reachedWeChat: false });
    await t.db.update(paymentRefunds).set({ failure: null }).where(eq(paymentRefunds.refundNo, refundNo));
    expect((await consoleOrder(operator, orderNo)).refunds).toMatchObject([{ refundNo, failure: 'unconfirmed' }]);
    const refused = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 6_001, reason: '重退' }, as(operator));
    expect(refused.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds).toEqual([]);
  });

  it('Alipay’s query not knowing a refund fails it unconfirmed; its money is held', async () => {
    const { orderNo } = await paidOrder('alipay');
    const operator = await t.buildOperator('admin');
    const alipay = t.app.deps.payments.alipay!;
    const refund = alipay.refund;
    alipay.refund = async () => {
      throw new Error('socket hang up');
    };
    try {
      await t.call(Calls.consolePayRefund, { orderNo, amountFen: 4_000, reason: '退款' }, as(operator));
    } finally {
      alipay.refund = refund;
    }
    t.clock.advance(6 * 60);
    await queryPendingRefunds(paymentDeps(t.app));
    expect(await refundsOf(orderNo)).toMatchObject([{ state: 'failed', failure: 'unconfirmed' }]);
    const refused = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 10_000, reason: '重退' }, as(operator));
    expect(refused.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(t.paymentSandbox.trade(orderNo, 'alipay')!.refunds).toEqual([]);
  });

  it('a refund the provider refused (answered at once, or closed when asked) frees its money: it is refunded anew', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refusedRefund(orderNo, 10_000, operator);
    expect(await refundsOf(orderNo)).toMatchObject([{ refundNo, state: 'failed', failure: 'refused' }]);
    expect((await consoleOrder(operator, orderNo)).refunds).toMatchObject([{ refundNo, failure: 'refused' }]);

    // Refunded anew; WeChat's query then says it closed that one: refused as well, and its money is free again.
    const wxpay = t.app.deps.payments.wxpay!;
    const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
    const queryRefund = wxpay.queryRefund;
    t.paymentSandbox.deliver = async () => false;
    wxpay.queryRefund = async () => ({ state: 'failed', reason: 'CLOSED' });
    try {
      const anew = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 4_000, reason: '重退' }, as(operator));
      expect(anew.body.codeFlag).toBe(CodeFlag.ok);
      await t.paymentSandbox.idle();
      t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.splice(0);
      t.clock.advance(6 * 60);
      await queryPendingRefunds(paymentDeps(t.app));
    } finally {
      t.paymentSandbox.deliver = deliver;
      wxpay.queryRefund = queryRefund;
    }
    expect((await refundsOf(orderNo)).map((r) => [r.amountFen, r.state, r.failure])).toEqual([
      [10_000, 'failed', 'refused'],
      [4_000, 'failed', 'refused'],
    ]);
    const whole = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 10_000, reason: '全退' }, as(operator));
    expect(whole.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'refunded', refundedFen: 10_000 });
  });

  it('sent again, it is settled once; only then is the rest refundable, never its money twice', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refundTakenAsFailed(orderNo, 4_000, operator);
    const resent = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator));
    expect(resent.body.codeFlag).toBe(CodeFlag.ok);
    expect(resent.body.data!.refunds).toMatchObject([{ refundNo, failure: null }]);
    await t.paymentSandbox.idle();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 4_000 });
    expect(await refundsOf(orderNo)).toMatchObject([{ refundNo, state: 'succeeded', failure: null }]);
    expect(takenBackOf(orderNo)).toEqual([4_000]);
    const tooMuch = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 6_001, reason: '余款' }, as(operator));
    expect(tooMuch.body).toEqual({ codeFlag: CodeFlag.invalidInput, mesg: '退款金额不能超过可退金额60.00元' });
    const rest = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 6_000, reason: '余款' }, as(operator));
    expect(rest.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'refunded', refundedFen: 10_000 });
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => [r.refundNo, r.amountFen])).toEqual([
      [refundNo, 4_000],
      [expect.any(String), 6_000],
    ]);
    expect(takenBackOf(orderNo)).toEqual([4_000, 6_000]);
  });

  it('sent again and refused by the channel, it becomes refused and frees its money', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const operator = await t.buildOperator('admin');
    const refundNo = await refundTakenAsFailed(orderNo, 4_000, operator, { reachedWeChat: false });
    const trade = t.paymentSandbox.trade(orderNo, 'wxpay')!;
    trade.state = 'CLOSED';
    const resent = await t.call(Calls.consolePayRefundRetry, { refundNo }, as(operator));
    trade.state = 'SUCCESS';
    expect(resent.body.codeFlag).toBe(CodeFlag.paymentFailed);
    expect(await refundsOf(orderNo)).toMatchObject([{ refundNo, state: 'failed', failure: 'refused' }]);
    const whole = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 10_000, reason: '全退' }, as(operator));
    expect(whole.body.codeFlag).toBe(CodeFlag.ok);
    await t.paymentSandbox.idle();
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'refunded', refundedFen: 10_000 });
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => r.amountFen)).toEqual([10_000]);
  });
});

describe('one item failing never stops a job for the others', () => {
  const deps = () => paymentDeps(t.app);
  /** What was logged as an error about an order. */
  const errorsAbout = (orderNo: string) =>
    logged.filter((line) => line.level === 50 && line.orderNo === orderNo).map((line) => line.msg);

  /** An order opened at WeChat's cashier and paid there, whose notifications are lost: only a query finds it. */
  async function paidWithCallbackLost() {
    const owner = await buyer();
    const orderNo = await buildPaymentOrder(t, owner, 10_000);
    await openAt(owner, orderNo, 'wxpay');
    t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
    return orderNo;
  }

  it('the fulfilment retries: the order that fails goes to the back of the queue, and the one behind it is delivered in the same run', async () => {
    const failing = await paidOrder('wxpay', 10_000, (no) => failuresLeft.set(no, 1));
    t.clock.advance(60);
    const behind = await paidOrder('wxpay', 10_000, (no) => failuresLeft.set(no, 1));
    expect(await orderRow(t, failing.orderNo)).toMatchObject({ fulfilment: 'pending' });
    expect(await orderRow(t, behind.orderNo)).toMatchObject({ fulfilment: 'pending' });
    const stopFailing = await historyFailsFor(failing.orderNo);
    try {
      t.clock.advance(60);
      expect(await retryFulfilments(deps())).toBeGreaterThanOrEqual(1);
    } finally {
      await stopFailing();
    }
    expect(await orderRow(t, behind.orderNo)).toMatchObject({ state: 'paid', fulfilment: 'done' });
    expect(deliveredTimes(behind.orderNo)).toBe(1);
    // Its delivery was undone with its transaction; it waits last in the queue, touched now.
    const failed = await orderRow(t, failing.orderNo);
    expect(failed).toMatchObject({ state: 'paid', fulfilment: 'pending' });
    expect(failed.updatedAt).toEqual(t.clock.now());
    expect(errorsAbout(failing.orderNo)).toContain(
      'payment fulfilment not retried: the order goes to the back of the queue',
    );

    t.clock.advance(60);
    await retryFulfilments(deps());
    expect(await orderRow(t, failing.orderNo)).toMatchObject({ fulfilment: 'done' });
    expect(
      (await transitionsOf(t, failing.orderNo)).filter((tr) => (tr.details as { fulfilled?: boolean }).fulfilled),
    ).toHaveLength(1);
  });

  it('the late callbacks: the order whose payment cannot be recorded goes to the back of the queue, and the one behind it is paid', async () => {
    const failing = await paidWithCallbackLost();
    t.clock.advance(10);
    const behind = await paidWithCallbackLost();
    const stopFailing = await historyFailsFor(failing);
    try {
      t.clock.advance(3 * 60);
      await queryLateOrders(deps());
    } finally {
      await stopFailing();
    }
    expect(await orderRow(t, behind)).toMatchObject({ state: 'paid' });
    const failed = await orderRow(t, failing);
    expect(failed).toMatchObject({ state: 'unpaid' });
    expect(failed.updatedAt).toEqual(t.clock.now());
    expect(errorsAbout(failing)).toContain('payment of a late order not recorded: it goes to the back of the queue');

    t.clock.advance(3 * 60);
    await queryLateOrders(deps());
    expect(await orderRow(t, failing)).toMatchObject({ state: 'paid' });
  });

  it('the close job: an order whose payment cannot be recorded is left open, and the one behind it is closed', async () => {
    const failing = await paidWithCallbackLost();
    t.clock.advance(10);
    const owner = await buyer();
    const behind = await buildPaymentOrder(t, owner, 10_000);
    await openAt(owner, behind, 'wxpay');
    const stopFailing = await historyFailsFor(failing);
    try {
      t.clock.advance(31 * 60);
      await closeExpiredOrders(deps());
    } finally {
      await stopFailing();
    }
    expect(await orderRow(t, behind)).toMatchObject({ state: 'closed' });
    // WeChat holds its payment: it is not closed, and the next run records the payment.
    expect(await orderRow(t, failing)).toMatchObject({ state: 'unpaid' });
    expect(errorsAbout(failing)).toContain('unpaid order not closed: it is tried again next run');
    await closeExpiredOrders(deps());
    expect(await orderRow(t, failing)).toMatchObject({ state: 'paid' });
  });

  it('the refund queries: the refund whose outcome cannot be recorded stays pending, and the one behind it is settled', async () => {
    const operator = await t.buildOperator('admin');
    const refundLosingItsNotification = async () => {
      const { orderNo } = await paidOrder('wxpay');
      const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
      t.paymentSandbox.deliver = async () => false;
      try {
        await t.call(Calls.consolePayRefund, { orderNo, amountFen: 4_000, reason: '退款' }, as(operator));
        await t.paymentSandbox.idle();
      } finally {
        t.paymentSandbox.deliver = deliver;
      }
      const [refund] = await refundsOf(orderNo);
      expect(refund).toMatchObject({ state: 'pending' });
      return { orderNo, refundNo: refund!.refundNo };
    };
    const failing = await refundLosingItsNotification();
    t.clock.advance(10);
    const behind = await refundLosingItsNotification();
    const stopFailing = await historyFailsFor(failing.orderNo);
    try {
      t.clock.advance(6 * 60);
      await queryPendingRefunds(deps());
    } finally {
      await stopFailing();
    }
    expect(await refundsOf(behind.orderNo)).toMatchObject([{ state: 'succeeded' }]);
    expect(await orderRow(t, behind.orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 4_000 });
    expect(await refundsOf(failing.orderNo)).toMatchObject([{ state: 'pending' }]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 50,
        orderNo: failing.orderNo,
        refundNo: failing.refundNo,
        msg: 'refund outcome not recorded: the refund stays pending',
      }),
    );
    await queryPendingRefunds(deps());
    expect(await refundsOf(failing.orderNo)).toMatchObject([{ state: 'succeeded' }]);
  });
});

describe('a refund failed unconfirmed that the provider then refuses', () => {
  it.each([
    ['REFUND.CLOSED', 'CLOSED'],
    ['REFUND.ABNORMAL', 'ABNORMAL'],
  ])(
    "WeChat's late %s makes it refused, once, in the order's history, and frees its money",
    async (eventType, status) => {
      const { orderNo } = await paidOrder('wxpay');
      const operator = await t.buildOperator('admin');
      const refundNo = await refundTakenAsFailed(orderNo, 4_000, operator);
      const held = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 10_000, reason: '全退' }, as(operator));
      expect(held.body.codeFlag).toBe(CodeFlag.invalidInput);

      // WeChat closed it after all (its notification comes after our give-up): no money went back.
      const trade = t.paymentSandbox.trade(orderNo, 'wxpay')!;
      const [closed] = trade.refunds.splice(0);
      const refusal = t.paymentSandbox.wxNotification(
        {
          mchid: '1900000109',
          out_trade_no: orderNo,
          out_refund_no: refundNo,
          refund_id: closed!.refundId,
          refund_status: status,
          amount: { total: 10_000, refund: 4_000 },
        },
        { eventType, resource: 'refund' },
      );
      expect((await notify(t, refusal)).status).toBe(200);
      expect(await refundsOf(orderNo)).toMatchObject([{ refundNo, state: 'failed', failure: 'refused' }]);
      expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
      const upgraded = (await transitionsOf(t, orderNo)).filter(
        (tr) => (tr.details as { refusedAfterUnconfirmed?: boolean }).refusedAfterUnconfirmed,
      );
      expect(upgraded).toEqual([
        expect.objectContaining({
          fromState: 'paid',
          toState: 'paid',
          cause: 'notify:wxpay',
          details: expect.objectContaining({ refundNo, failure: 'refused', amountFen: 4_000 }),
        }),
      ]);
      expect((await consoleOrder(operator, orderNo)).refunds).toMatchObject([{ refundNo, failure: 'refused' }]);

      // Its repeat changes nothing.
      const before = await paymentSnapshot(t, orderNo);
      expect((await notify(t, refusal)).status).toBe(200);
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);

      const whole = await t.call(Calls.consolePayRefund, { orderNo, amountFen: 10_000, reason: '全退' }, as(operator));
      expect(whole.body.codeFlag).toBe(CodeFlag.ok);
      await t.paymentSandbox.idle();
      expect(await orderRow(t, orderNo)).toMatchObject({ state: 'refunded', refundedFen: 10_000 });
      expect(trade.refunds.map((r) => r.amountFen)).toEqual([10_000]);
    },
  );
});

describe('console/pay/orders shows where the delivery stands', () => {
  it('answers each order’s fulfilment and finds orders by it', async () => {
    const delivered = await paidOrder('alipay');
    const retried = await paidOrder('alipay', 10_000, (no) => failuresLeft.set(no, 1_000));
    const undeliverableOne = await paidOrder('alipay', 10_000, (no) => undeliverable.add(no));
    // An operator refunds part of an order whose delivery still fails: it is never delivered now.
    const refundedFirst = await paidOrder('alipay', 10_000, (no) => failuresLeft.set(no, 1_000));
    // Customer service reads orders as administrators do.
    const service = await t.buildOperator('service');
    const admin = await t.buildOperator('admin');
    const partial = await t.call(
      Calls.consolePayRefund,
      { orderNo: refundedFirst.orderNo, amountFen: 4_000, reason: '部分退款' },
      as(admin),
    );
    expect(partial.body.data).toMatchObject({ state: 'partly_refunded', fulfilment: 'refused' });
    const unpaid = await buildPaymentOrder(t, await buyer(), 10_000);

    const fulfilmentOf = async (orderNo: string) => (await consoleOrder(service, orderNo)).fulfilment;
    expect(await fulfilmentOf(delivered.orderNo)).toBe('done');
    expect(await fulfilmentOf(retried.orderNo)).toBe('pending');
    expect(await fulfilmentOf(undeliverableOne.orderNo)).toBe('refused');
    expect(await fulfilmentOf(refundedFirst.orderNo)).toBe('refused');
    expect(await fulfilmentOf(unpaid)).toBeNull();
    // Why it was not delivered is in its history.
    expect((await consoleOrder(service, refundedFirst.orderNo)).transitions.at(-1)).toMatchObject({
      from: 'paid',
      to: 'partly_refunded',
      details: expect.objectContaining({ fulfilmentAbandoned: true }),
    });

    const found = async (fulfilment: FulfilmentState) =>
      (await t.call(Calls.consolePayOrders, { fulfilment, pageSize: 100 }, as(service))).body.data!.list.map(
        (o) => o.orderNo,
      );
    const mine = [delivered.orderNo, retried.orderNo, undeliverableOne.orderNo, refundedFirst.orderNo, unpaid];
    expect((await found('pending')).filter((no) => mine.includes(no))).toEqual([retried.orderNo]);
    expect((await found('refused')).filter((no) => mine.includes(no))).toEqual([
      refundedFirst.orderNo,
      undeliverableOne.orderNo,
    ]);
    expect((await found('done')).filter((no) => mine.includes(no))).toEqual([delivered.orderNo]);
    const listed = await t.call(Calls.consolePayOrders, { fulfilment: 'pending', pageSize: 100 }, as(service));
    expect(listed.body.data!.list.every((o) => o.fulfilment === 'pending')).toBe(true);
  });

  it('refuses a bad fulfilment (codeFlag 2, localized) and a user who is not an operator, changing nothing', async () => {
    const { owner, orderNo } = await paidOrder('alipay', 10_000, (no) => failuresLeft.set(no, 1_000));
    const operator = await t.buildOperator('admin');
    const before = await paymentSnapshot(t, orderNo);
    const actionsBefore = await actionsOn(orderNo);
    for (const fulfilment of ['lost', '', 'PENDING']) {
      const zh = await t.callRaw(Calls.consolePayOrders, { fulfilment }, as(operator));
      expect(zh.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '输入有误，请检查后重试' });
      expect(Object.keys(zh.body.errors ?? {})).toEqual(['fulfilment']);
      const en = await t.callRaw(Calls.consolePayOrders, { fulfilment }, as(operator, 'en-US'));
      expect(en.body.mesg).toBe('Some input is invalid, please check and try again');
    }
    const refused = await t.call(Calls.consolePayOrders, { fulfilment: 'pending' }, as(owner));
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(refused.body.data).toBeUndefined();
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    expect(await actionsOn(orderNo)).toBe(actionsBefore);
  });
});
