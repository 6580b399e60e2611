import { type CallRequest, Calls, CodeFlag, type TInquiryDetail } from '@metal/shared';
import type { TestApp } from './helpers';

export type Person = Awaited<ReturnType<TestApp['buildUser']>>;

/** A valid `inquiry/save` of two products delivered to Foshan, deadline 2026-11-27 17:00 Shanghai. */
type InquiryFields = CallRequest<typeof Calls.inquirySave>;
type QuoteFields = CallRequest<typeof Calls.quoteSave>;

export const inquiryFields = (over: Partial<InquiryFields> = {}): InquiryFields => ({
  sortId: 13,
  specs: [
    { productName: 'A00铝锭', specification: 'AL99.70', quantity: '100' },
    { productName: '6063铝棒', specification: 'Φ178mm', quantity: '20.5' },
  ],
  paymentMethod: 'advance',
  quoteDeadline: '2026-11-27T17:00:00+08:00',
  receiver: '王五',
  receiverPhone: '13900002222',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  address: '狮山镇工业大道8号',
  ...over,
});

/** A valid `inquiry/quote` giving each product of the inquiry the price (yuan per ton) at its index. */
export const quoteFields = (
  inquiry: TInquiryDetail,
  prices: number[],
  over: Partial<QuoteFields> = {},
): QuoteFields => ({
  inquiryId: inquiry.id,
  items: inquiry.specs.map((spec, i) => ({ specId: spec.id, price: String(prices[i]) })),
  paymentMethod: 'onDelivery',
  deliveryDate: '2026-12-01',
  ...over,
});

/** Buyers, suppliers and open inquiries for the inquiry tests, on the app `current` answers (built in beforeAll). */
export function inquiryFixtures(current: () => TestApp) {
  async function buildBuyer() {
    const t = current();
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    return owner;
  }

  /** A supplier that may quote: complete company info in Zhengzhou, an approved licence, a verified person. */
  async function buildSupplier({ licence = true, verified = true, shop = false } = {}) {
    const t = current();
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, {
      province: '河南省',
      city: '郑州市',
      district: '巩义市',
      lng: 113.02,
      lat: 34.75,
      ...(shop ? { shopOpenedAt: t.clock.now() } : {}),
    });
    if (licence) await t.approveLicence(owner);
    if (verified) await t.verifyRealName(owner);
    return owner;
  }

  /** Posts the inquiry and, when it waits for review, has an operator approve it. */
  async function openInquiry(buyer: Person, over: Partial<InquiryFields> = {}) {
    const t = current();
    const saved = await t.call(Calls.inquirySave, inquiryFields(over), { session: buyer.session });
    if (saved.body.codeFlag !== CodeFlag.ok) throw new Error(`not saved: ${saved.body.mesg}`);
    const inquiry = saved.body.data!;
    if (inquiry.status === 'review') {
      const operator = await t.buildOperator();
      const opened = await t.call(
        Calls.reviewInquiry,
        { id: inquiry.id, approve: 1, submittedAt: inquiry.submittedAt! },
        { session: operator.session },
      );
      if (opened.body.codeFlag !== CodeFlag.ok) throw new Error(`not opened: ${opened.body.mesg}`);
    }
    return inquiry;
  }

  return { buildBuyer, buildSupplier, openInquiry };
}
