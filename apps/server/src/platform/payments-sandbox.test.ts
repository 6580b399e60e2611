import { afterAll, describe, expect, it } from 'vitest';
import type { OnlineChannel } from './payments';
import { PaymentSandbox } from './payments-sandbox';

// The sandbox plays the providers' side of a refund as they play it: a refund that would take back more
// than was paid (alone, or with the refunds before it) is refused with the provider's own error, and
// nothing is refunded.

const NOW = new Date('2026-11-26T02:00:00Z');
const sandbox = new PaymentSandbox({
  log: { info: () => {}, warn: () => {} },
  now: () => NOW,
  payable: true,
  // No app is attached: a WeChat refund's notification is tried once and given up.
  timing: { firstMs: 0, duplicateMs: 0, retryMs: [] },
});
const channels = sandbox.channels('/#/success?orderNo=');
afterAll(() => sandbox.idle());

let serial = 0;
/** An order of `amountFen` paid at the channel's sandbox cashier (its notifications not sent). */
async function paidAt(channel: OnlineChannel, amountFen: number) {
  const orderNo = `MM2026112610000000${String(++serial).padStart(6, '0')}`;
  const started = await channels[channel].start({
    orderNo,
    amountFen,
    subject: '认证供应商 6个月',
    expiresAt: new Date(NOW.getTime() + 30 * 60_000),
    device: 'mobile',
    clientIp: '127.0.0.1',
  });
  // Alipay's trade opens when its signed link reaches the gateway; WeChat's when the order is placed.
  if (channel === 'alipay' && started.action === 'redirect')
    sandbox.openAlipayTrade(Object.fromEntries(new URL(started.url, 'http://x').searchParams));
  sandbox.decide(channel, orderNo, 'pay', { notify: false });
  return orderNo;
}

const refund = (channel: OnlineChannel, orderNo: string, refundNo: string, amountFen: number) =>
  channels[channel].refund({ orderNo, refundNo, amountFen, totalFen: 10_000, reason: '退款' });

describe('sandbox refunds above what was paid', () => {
  it('WeChat Pay: refused as WeChat refuses them (INVALID_REQUEST), alone or added to earlier refunds', async () => {
    const orderNo = await paidAt('wxpay', 10_000);
    const whole = await refund('wxpay', orderNo, 'RF1', 10_001);
    expect(whole).toMatchObject({ state: 'failed', reason: expect.stringContaining('INVALID_REQUEST') });
    expect(sandbox.trade(orderNo, 'wxpay')!.refunds).toEqual([]);
    expect(await refund('wxpay', orderNo, 'RF2', 6_000)).toMatchObject({ state: 'processing' });
    expect(await refund('wxpay', orderNo, 'RF3', 4_001)).toMatchObject({ state: 'failed' });
    expect(await refund('wxpay', orderNo, 'RF4', 4_000)).toMatchObject({ state: 'processing' });
    // A repeat of a refund it holds is answered as that refund, not counted again.
    expect(await refund('wxpay', orderNo, 'RF4', 4_000)).toMatchObject({ state: 'processing' });
    expect(sandbox.trade(orderNo, 'wxpay')!.refunds.map((r) => [r.refundNo, r.amountFen])).toEqual([
      ['RF2', 6_000],
      ['RF4', 4_000],
    ]);
  });

  it('Alipay: refused as Alipay refuses them (ACQ.REASON_TRADE_REFUND_FEE_ERR), alone or added to earlier refunds', async () => {
    const orderNo = await paidAt('alipay', 10_000);
    const whole = await refund('alipay', orderNo, 'RF1', 10_001);
    expect(whole).toMatchObject({
      state: 'failed',
      reason: expect.stringContaining('ACQ.REASON_TRADE_REFUND_FEE_ERR'),
    });
    expect(sandbox.trade(orderNo, 'alipay')!.refunds).toEqual([]);
    expect(await refund('alipay', orderNo, 'RF2', 6_000)).toMatchObject({ state: 'succeeded' });
    expect(await refund('alipay', orderNo, 'RF3', 4_001)).toMatchObject({ state: 'failed' });
    expect(await refund('alipay', orderNo, 'RF4', 4_000)).toMatchObject({ state: 'succeeded' });
    // A repeat moves no money (fund_change N), and is not refused for the total it already holds.
    expect(await refund('alipay', orderNo, 'RF4', 4_000)).toMatchObject({ state: 'processing' });
    expect(sandbox.trade(orderNo, 'alipay')!.refunds.map((r) => [r.refundNo, r.amountFen])).toEqual([
      ['RF2', 6_000],
      ['RF4', 4_000],
    ]);
  });
});
