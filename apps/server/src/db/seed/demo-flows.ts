import {
  type CallContract,
  type CallResponse,
  Calls,
  CodeFlag,
  PERMISSIONS,
  Platform,
  shanghaiDate,
  validateIdNumber,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../modules/accounts/accounts.table';
import { storeUploads } from '../../modules/files/files.service';
import { submitVerification } from '../../modules/verification/verification.service';
import type { Actor } from '../../platform/actor';
import { createSecretBox } from '../../platform/crypto-box';
import { SandboxIdentity } from '../../platform/identity';
import { DEMO_ACCOUNTS, DEMO_OPERATOR } from './demo';
import { type DemoPicture, demoPicture } from './demo-images';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_REMARK = '演示数据（Demo），仅供体验，不是真实采购。';

/** The demo inquiries a visitor sees in the hall; the first two get the demo supplier's quotes. */
const DEMO_INQUIRIES = [
  {
    sortId: 13,
    specs: [
      { productName: 'A00铝锭', specification: 'AL99.70', quantity: '100' },
      { productName: 'A00铝锭', specification: 'AL99.85', quantity: '30' },
    ],
    deadlineDays: 5,
    quotePrices: [20_650, 20_980],
  },
  {
    sortId: 21,
    specs: [{ productName: '6063铝棒', specification: 'Φ178mm×6m', quantity: '45.5' }],
    deadlineDays: 3,
    quotePrices: [21_150],
  },
  {
    sortId: 22,
    specs: [{ productName: '铝合金锭', specification: 'ADC12', quantity: '20' }],
    deadlineDays: 7,
    quotePrices: null,
  },
] as const;

/** The demo supplier's capacities: the first two pass review (public), the last waits in the console. */
const DEMO_CAPACITIES = [
  {
    sortId: 21,
    productName: '6063铝棒（Demo）',
    minOrder: '20',
    monthlyOutput: '3000',
    attributes: [
      { name: 'grade', value: '6063' },
      { name: '直径', value: 'Φ90-Φ178mm' },
    ],
    info: '演示产能（Demo）：可按图定制，月底前交货。',
    picture: { caption: '6063 aluminium rod', background: '#3b6ea5' },
  },
  {
    sortId: 13,
    productName: 'A00铝锭（Demo）',
    minOrder: '30',
    monthlyOutput: '12000',
    attributes: [{ name: 'grade', value: 'AL99.70' }],
    info: '演示产能（Demo）：自有电解铝产能，款到发货。',
    picture: { caption: 'A00 aluminium ingot', background: '#4d7c59' },
  },
  {
    sortId: 22,
    productName: 'ADC12铝合金锭（Demo）',
    minOrder: '10',
    monthlyOutput: '800',
    attributes: [{ name: 'grade', value: 'ADC12' }],
    info: '演示产能（Demo）：等待运营审核，可在运营后台试审。',
    picture: { caption: 'ADC12 alloy ingot', background: '#8a5a2b' },
  },
] as const;

const DEMO_ALBUMS: { name: string; pictures: DemoPicture[] }[] = [
  {
    name: '厂区（Demo）',
    pictures: [
      { caption: 'Factory gate', background: '#2f5d8a' },
      { caption: 'Casting line', background: '#55606e' },
      { caption: 'Warehouse', background: '#6b4f8a' },
    ],
  },
  {
    name: '产品（Demo）',
    pictures: [
      { caption: 'A00 aluminium ingot', background: '#4d7c59' },
      { caption: '6063 aluminium rod', background: '#3b6ea5' },
    ],
  },
];

/** The demo trader's listings: reviewed and for sale (enough to apply for a shop) but the last, which waits. */
const TRADER_STOCKS = [
  { sortId: 12, productName: '1#电解铜', specifications: 'Cu-CATH-1', quantity: '25', price: '76800' },
  { sortId: 12, productName: '1#电解铜', specifications: 'Cu≥99.95%', quantity: '50', price: '76650' },
  { sortId: 13, productName: 'A00铝锭', specifications: 'AL99.70', quantity: '60', price: '20900' },
  { sortId: 13, productName: 'A00铝锭', specifications: 'AL99.80', quantity: '32', price: '21000' },
  { sortId: 13, productName: 'A00铝锭', specifications: 'AL99.85', quantity: '18', price: '21080' },
  { sortId: 12, productName: '1#电解铜', specifications: '剪切板', quantity: '12', price: '76900' },
] as const;

type Account = { phone: string; password: string };
interface DemoSession {
  session: string;
  actor: Actor;
}

/** Demo verification numbers: a valid GB 11643 number (check character included) per sequence. */
function demoIdNumber(sequence: number, today: string): string {
  const first17 = `44060519800101${String(sequence).padStart(3, '0')}`;
  const valid = [...'0123456789X'].map((c) => first17 + c).find((n) => validateIdNumber(n, today).ok);
  if (!valid) throw new Error(`no valid demo ID number for ${first17}`);
  return valid;
}

/** The Shanghai calendar date `days` after `now`'s. */
const dayAfter = (now: Date, days: number) => shanghaiDate(Math.floor((now.getTime() + days * DAY_MS) / 1000));

/**
 * Walks the demo accounts through the product's own calls (as the app and the console send them) so
 * every row is valid by construction: the suppliers' licences approved and persons verified, the demo
 * supplier's capacities passed, albums filled and shop opened, the buyer's inquiries open with quotes,
 * and one or two items left waiting in each console queue for the demo operator to try. Runs right
 * after the demo accounts and stocks were loaded into an empty database.
 */
export async function seedDemoFlows(app: FastifyInstance): Promise<void> {
  const { db, clock, storage, fileLinks: links, keys } = app.deps;

  async function call<C extends CallContract>(
    contract: C,
    fields: Record<string, unknown>,
    session = '',
  ): Promise<NonNullable<CallResponse<C>>> {
    const body = new URLSearchParams(
      Object.entries({ platform: Platform.web, openId: '', session_id: session, ...fields }).map(
        ([k, v]): [string, string] => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)],
      ),
    );
    const response = await app.inject({
      method: 'POST',
      url: `/${contract.path}.htmls`,
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const envelope = response.json() as { codeFlag: number; mesg: string; data: CallResponse<C> };
    if (envelope.codeFlag !== CodeFlag.ok)
      throw new Error(`demo data: ${contract.path} answered ${envelope.codeFlag} ${envelope.mesg}`);
    return envelope.data as NonNullable<CallResponse<C>>;
  }

  async function login(account: Account): Promise<DemoSession> {
    const { sessionId } = await call(Calls.login, { account: account.phone, password: account.password });
    const [user] = await db.select().from(users).where(eq(users.phone, account.phone));
    if (!user) throw new Error(`demo account ${account.phone} is missing`);
    return {
      session: sessionId,
      actor: {
        userId: user.id,
        rootId: user.rootId,
        account: user.account,
        operatorRole: user.operatorRole,
        sessionHash: null,
        companyRole: 'owner',
        permissions: PERMISSIONS,
      },
    };
  }

  /** Stores labelled demo pictures as the company's uploads (image or licence). */
  async function upload(who: DemoSession, kind: 'image' | 'licence' | 'transferSlip', pictures: DemoPicture[]) {
    const parts = await Promise.all(
      pictures.map(async (picture, i) => ({ name: `demo-${i + 1}.jpg`, data: await demoPicture(picture) })),
    );
    const stored = await storeUploads({ db, storage, links, clock, actor: who.actor, kind, parts });
    return stored.map((file) => file.id);
  }

  const identity = new SandboxIdentity(app.log);
  const box = createSecretBox(keys.idEncryption);
  /** Real-person verification through the sandbox provider: demo persons never reach a paid identity service. */
  const verify = (who: DemoSession, realName: string, idNumber: string) =>
    submitVerification({ db, box, clock, identity, actor: who.actor, input: { realName, idNumber } });

  const [buyerAccount, supplierAccount, traderAccount] = DEMO_ACCOUNTS;
  const operator = await login(DEMO_OPERATOR);
  const buyer = await login(buyerAccount);
  const supplier = await login(supplierAccount);
  const trader = await login(traderAccount);
  /**
   * Approves an item as the demo operator does in the console: found in its queue's list, and decided
   * naming the version the list showed (every review call takes it).
   */
  async function review<C extends CallContract>(list: CallContract, contract: C, id: number) {
    const items = (await call(list, {}, operator.session)) as { id: number; submittedAt?: string }[];
    const submittedAt = items.find((item) => item.id === id)?.submittedAt;
    if (!submittedAt) throw new Error(`demo data: ${list.path} does not list ${id}`);
    return call(contract, { id, approve: 1, submittedAt }, operator.session);
  }

  async function approveLicence(who: DemoSession, caption: string) {
    const [fileId] = await upload(who, 'licence', [{ caption, background: '#7a2e2e' }]);
    const state = await call(Calls.submitLicence, { fileId }, who.session);
    if (!state.pending) throw new Error('the demo licence is not pending');
    await review(Calls.pendingLicences, Calls.reviewLicence, state.pending.id);
  }

  const today = clock.today();
  const supplierIdNumber = demoIdNumber(101, today);

  // The demo supplier: approved licence, verified person, so it may quote and its capacity is reviewed.
  await approveLicence(supplier, 'Business licence - supplier');
  await verify(supplier, '演示供应商', supplierIdNumber);
  for (const [index, capacity] of DEMO_CAPACITIES.entries()) {
    const { picture, ...fields } = capacity;
    const imageIds = await upload(supplier, 'image', [picture]);
    const saved = await call(
      Calls.capacitySave,
      { ...fields, imageIds, contactName: supplierAccount.company.linkName, contactPhone: supplierAccount.phone },
      supplier.session,
    );
    if (index < DEMO_CAPACITIES.length - 1) await review(Calls.pendingCapacities, Calls.reviewCapacity, saved.id);
  }
  for (const album of DEMO_ALBUMS) {
    const { albums } = await call(Calls.albumCreate, { name: album.name }, supplier.session);
    const created = albums.find((a) => a.name === album.name);
    if (!created) throw new Error(`demo album ${album.name} was not created`);
    const fileIds = await upload(supplier, 'image', album.pictures);
    await call(Calls.albumAddPictures, { id: created.id, fileIds }, supplier.session);
  }
  await call(Calls.shopApply, {}, supplier.session);
  const [supplierApplication] = await call(Calls.pendingShopApplications, {}, operator.session);
  if (!supplierApplication) throw new Error('the demo shop application is not in the queue');
  await review(Calls.pendingShopApplications, Calls.reviewShopApplication, supplierApplication.id);

  // The demo trader: verified with an approved licence and five reviewed listings; its shop
  // application, a sixth listing and a capacity wait for the demo operator.
  await approveLicence(trader, 'Business licence - trader');
  await verify(trader, '演示贸易商', demoIdNumber(102, today));
  for (const [index, stock] of TRADER_STOCKS.entries()) {
    const saved = await call(
      Calls.stockSave,
      {
        ...stock,
        pieceWeight: '1',
        province: traderAccount.company.province,
        city: traderAccount.company.city,
        district: traderAccount.company.district,
        storageAddress: '演示仓库（Demo）',
        manufacturer: '',
        brand: traderAccount.company.brand,
        priceType: 'fixed',
        priceIntro: '演示报价（Demo）',
        splittable: 1,
        additionalInfo: '演示数据（Demo），仅供体验，不是真实货源。',
      },
      trader.session,
    );
    if (index < TRADER_STOCKS.length - 1) await review(Calls.pendingStocks, Calls.reviewStock, saved.id);
  }
  await call(
    Calls.capacitySave,
    {
      sortId: 12,
      productName: '电解铜分销（Demo）',
      minOrder: '5',
      monthlyOutput: '500',
      info: '演示产能（Demo）：等待运营审核。',
      contactName: traderAccount.company.linkName,
      contactPhone: traderAccount.phone,
    },
    trader.session,
  );
  await call(Calls.shopApply, {}, trader.session);
  // A renewed licence waits beside the approved one, as the licence queue shows them side by side.
  const [renewedLicence] = await upload(trader, 'licence', [
    { caption: 'Renewed licence - trader', background: '#7a2e2e' },
  ]);
  await call(Calls.submitLicence, { fileId: renewedLicence }, trader.session);

  // The demo buyer's public inquiries, opened by the operator; the supplier quotes on the first two,
  // and those quotes stay live so the buyer can agree one. A fourth waits for review.
  const now = clock.now();
  const deadline = (days: number) => `${dayAfter(now, days)}T17:00:00+08:00`;
  const inquiryFields = (inquiry: (typeof DEMO_INQUIRIES)[number]) => ({
    sortId: inquiry.sortId,
    specs: inquiry.specs,
    paymentMethod: 'advance',
    quoteDeadline: deadline(inquiry.deadlineDays),
    deliveryDate: dayAfter(now, inquiry.deadlineDays + 5),
    receiver: '演示收货人（Demo）',
    receiverPhone: buyerAccount.phone,
    province: buyerAccount.company.province,
    city: buyerAccount.company.city,
    district: buyerAccount.company.district,
    address: buyerAccount.company.addressDetail,
    remark: DEMO_REMARK,
  });
  for (const inquiry of DEMO_INQUIRIES) {
    const saved = await call(Calls.inquirySave, inquiryFields(inquiry), buyer.session);
    const opened = await review(Calls.pendingInquiries, Calls.reviewInquiry, saved.id);
    if (!inquiry.quotePrices) continue;
    const prices = inquiry.quotePrices;
    await call(
      Calls.quoteSave,
      {
        inquiryId: opened.id,
        items: opened.specs.map((spec, i) => ({ specId: spec.id, price: String(prices[i]) })),
        paymentMethod: 'advance',
        deliveryDate: dayAfter(now, inquiry.deadlineDays + 3),
        remark: '演示报价（Demo）',
      },
      supplier.session,
    );
  }
  await call(
    Calls.inquirySave,
    {
      ...inquiryFields(DEMO_INQUIRIES[2]),
      specs: [{ productName: '废铝', specification: '破碎料', quantity: '15' }],
      sortId: 24,
    },
    buyer.session,
  );

  // Waiting for the demo operator besides the above: the buyer's name change with its licence, a
  // customer-service request (the buyer's ID number already verifies the supplier) and an agent-buy
  // request beside one that is open in the hall.
  const [buyerLicence] = await upload(buyer, 'licence', [
    { caption: 'Business licence - buyer', background: '#7a2e2e' },
  ]);
  await call(
    Calls.requestNameChange,
    { name: '演示采购集团有限公司（Demo）', licenceFileId: buyerLicence },
    buyer.session,
  );
  await verify(buyer, '演示供应商', supplierIdNumber);
  await call(
    Calls.verificationEscalate,
    { note: '演示数据（Demo）：证件号已验证另一账号，请客服核实。' },
    buyer.session,
  );
  const agentBuy = await call(
    Calls.agentBuySave,
    { kind: 'buy', text: '演示代采（Demo）：求购A00铝锭50吨，佛山交货' },
    buyer.session,
  );
  await review(Calls.pendingAgentBuys, Calls.reviewAgentBuy, agentBuy.id);
  await call(Calls.agentBuySave, { kind: 'buy', text: '演示代采（Demo）：求购1#电解铜10吨，等待审核' }, buyer.session);

  // The demo trader renews its certified-supplier membership for a year by bank transfer: the slip
  // waits in the console's offline-transfer queue for the demo operator to confirm or reject.
  const { list: certifiedPlans } = await call(Calls.vipPlans, { kind: 'certified_supplier' });
  const yearPlan = certifiedPlans.find((plan) => plan.months === 12);
  if (!yearPlan) throw new Error('the one-year certified-supplier plan is missing');
  const renewal = await call(Calls.vipOpen, { planId: yearPlan.id, agree: 1 }, trader.session);
  await call(Calls.payCreate, { orderNo: renewal.orderNo, channel: 'offline' }, trader.session);
  const [slip] = await upload(trader, 'transferSlip', [{ caption: 'Transfer slip (Demo)', background: '#2e5a7a' }]);
  await call(Calls.payOfflineSlip, { orderNo: renewal.orderNo, fileId: slip }, trader.session);

  // With the sandbox cashier payable (the start command's PAY_SANDBOX=1), the demo buyer renewed its
  // forecast VIP for a month twice over: a bank transfer it handed the slip of, then WeChat Pay before the
  // slip was looked at. Confirming the slip records the transfer as a second payment owed back by bank: the console's
  // payment orders show it "to pay back by bank" for the demo operator to record as paid back.
  if (app.deps.paymentSandbox?.payable) {
    const { list: forecastPlans } = await call(Calls.vipPlans, { kind: 'forecast_vip' });
    const forecastPlan = forecastPlans[0];
    if (!forecastPlan) throw new Error('no forecast VIP plan is on sale');
    const twice = await call(Calls.vipOpen, { planId: forecastPlan.id, agree: 1 }, buyer.session);
    await call(Calls.payCreate, { orderNo: twice.orderNo, channel: 'offline' }, buyer.session);
    const [twiceSlip] = await upload(buyer, 'transferSlip', [
      { caption: 'Transfer slip, paid twice (Demo)', background: '#5a2e7a' },
    ]);
    await call(Calls.payOfflineSlip, { orderNo: twice.orderNo, fileId: twiceSlip }, buyer.session);
    await call(Calls.payCreate, { orderNo: twice.orderNo, channel: 'wxpay' }, buyer.session);
    app.deps.paymentSandbox.decide('wxpay', twice.orderNo, 'pay', { notify: false });
    await call(Calls.payStatus, { orderNo: twice.orderNo }, buyer.session);
    const queue = await call(Calls.consolePayOfflineQueue, {}, operator.session);
    const waiting = queue.find((item) => item.orderNo === twice.orderNo);
    if (!waiting) throw new Error('the demo slip of the order paid twice is not in the transfer queue');
    await call(Calls.consolePayOfflineConfirm, { slipId: waiting.slipId }, operator.session);
  }

  // The seeding sessions end here; the demo accounts log in afresh like anyone.
  for (const who of [buyer, supplier, trader, operator]) await call(Calls.logout, {}, who.session);
}
