import { type CallRequest, Calls, CodeFlag, PERMISSIONS, RECEIPT_ADDRESSES_MAX } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { Actor } from '../../platform/actor';
import { invoiceTitleForOrder, receiptAddressForOrder } from './addresses.service';
import { invoiceTitles, receiptAddresses } from './addresses.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
const as = (p: Person, lang?: string) => ({ session: p.session, ...(lang ? { lang } : {}) });

const ADDRESS = {
  receiver: '张经理',
  phone: '13912345678',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  detail: '狮山镇工业园A区3号仓库',
} satisfies CallRequest<typeof Calls.receiptAddressSave>;

/** 华为技术有限公司's published unified social credit code. */
const INVOICE = {
  name: '佛山测试铝业有限公司',
  taxNo: '914403001922038216',
  address: '佛山市南海区狮山镇',
  phone: '0757-86001234',
  bankName: '中国工商银行佛山南海支行',
  bankAccount: '2013 0000 1234 5678 901',
  receiverMobile: '13912345678',
  email: 'finance@example.com',
} satisfies CallRequest<typeof Calls.invoiceSave>;

const addressesOf = (rootId: number) =>
  t.db.select().from(receiptAddresses).where(eq(receiptAddresses.rootId, rootId)).orderBy(receiptAddresses.id);
const invoicesOf = (rootId: number) =>
  t.db.select().from(invoiceTitles).where(eq(invoiceTitles.rootId, rootId)).orderBy(invoiceTitles.id);
const defaultsOf = async (rootId: number) => (await addressesOf(rootId)).filter((a) => a.isDefault).map((a) => a.id);

async function added(p: Person, fields: Partial<CallRequest<typeof Calls.receiptAddressSave>> = {}) {
  const saved = await t.call(Calls.receiptAddressSave, { ...ADDRESS, ...fields }, as(p));
  expect(saved.body.codeFlag).toBe(CodeFlag.ok);
  return saved.body.data!;
}

describe('receipt_address/save and list', () => {
  it('adds addresses, the first becoming the default, and lists the default first', async () => {
    const owner = await t.buildUser();
    const first = await added(owner);
    expect(first).toMatchObject({ ...ADDRESS, isDefault: true });
    const second = await added(owner, { receiver: '李四', phone: '0757-86001234', detail: '二号仓' });
    expect(second.isDefault).toBe(false);
    const list = await t.call(Calls.receiptAddressList, {}, as(owner));
    expect(list.body.data?.max).toBe(RECEIPT_ADDRESSES_MAX);
    expect(list.body.data?.addresses.map((a) => a.id)).toEqual([first.id, second.id]);
  });

  it('edits one, and moves the default to one saved with isDefault 1', async () => {
    const owner = await t.buildUser();
    const first = await added(owner);
    const second = await added(owner);
    const edited = await t.call(
      Calls.receiptAddressSave,
      { ...ADDRESS, id: second.id, detail: '新仓库', isDefault: 1 },
      as(owner),
    );
    expect(edited.body.data).toMatchObject({ id: second.id, detail: '新仓库', isDefault: true });
    expect(await defaultsOf(owner.user.id)).toEqual([second.id]);
    const list = await t.call(Calls.receiptAddressList, {}, as(owner));
    expect(list.body.data?.addresses.map((a) => a.id)).toEqual([second.id, first.id]);
  });

  it('is shared by the company: a colleague sees and edits the same addresses', async () => {
    const owner = await t.buildUser();
    const colleague = await t.buildEmployee(owner);
    const mine = await added(owner);
    const theirs = await added(colleague, { receiver: '王五' });
    const list = await t.call(Calls.receiptAddressList, {}, as(colleague));
    expect(list.body.data?.addresses.map((a) => a.id)).toEqual([mine.id, theirs.id]);
    expect((await addressesOf(owner.user.id)).map((a) => a.rootId)).toEqual([owner.user.id, owner.user.id]);
  });

  it('refuses bad input in the language asked, field by field, and writes nothing', async () => {
    const owner = await t.buildUser();
    const cases: [Partial<CallRequest<typeof Calls.receiptAddressSave>>, string, string][] = [
      [{ receiver: ' ' }, 'receiver', '请输入收货人'],
      [{ phone: '12345' }, 'phone', '请输入正确的联系电话（手机或座机）'],
      [{ detail: '' }, 'detail', '请输入详细地址'],
      [{ province: '' }, 'province', '请选择所在地区'],
    ];
    for (const [fields, field, mesg] of cases) {
      const saved = await t.call(Calls.receiptAddressSave, { ...ADDRESS, ...fields }, as(owner, 'zh-CN'));
      expect(saved.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
      expect(saved.body.errors?.[field]).toBeDefined();
    }
    const nowhere = await t.call(Calls.receiptAddressSave, { ...ADDRESS, district: '不存在区' }, as(owner, 'en-US'));
    expect(nowhere.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'Please choose the region' });
    expect(await addressesOf(owner.user.id)).toEqual([]);
  });

  it(`keeps at most ${RECEIPT_ADDRESSES_MAX} addresses`, async () => {
    const owner = await t.buildUser();
    for (let i = 0; i < RECEIPT_ADDRESSES_MAX; i++) await added(owner, { detail: `仓库${i}` });
    const over = await t.call(Calls.receiptAddressSave, ADDRESS, as(owner, 'en-US'));
    expect(over.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(over.body.mesg).toContain(`${RECEIPT_ADDRESSES_MAX}`);
    expect(await addressesOf(owner.user.id)).toHaveLength(RECEIPT_ADDRESSES_MAX);
  });

  it("refuses to edit another company's address and changes nothing", async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const theirs = await added(other);
    const before = await addressesOf(other.user.id);
    const edit = await t.call(Calls.receiptAddressSave, { ...ADDRESS, id: theirs.id, receiver: '冒名' }, as(owner));
    expect(edit.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await addressesOf(other.user.id)).toEqual(before);
    expect(await addressesOf(owner.user.id)).toEqual([]);
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call(Calls.receiptAddressList, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('receipt_address/set_default and delete', () => {
  it('sets the default, the only one', async () => {
    const owner = await t.buildUser();
    const first = await added(owner);
    const second = await added(owner);
    const set = await t.call(Calls.receiptAddressSetDefault, { id: second.id }, as(owner));
    expect(set.body.codeFlag).toBe(CodeFlag.ok);
    expect(await defaultsOf(owner.user.id)).toEqual([second.id]);
    await t.call(Calls.receiptAddressSetDefault, { id: first.id }, as(owner));
    expect(await defaultsOf(owner.user.id)).toEqual([first.id]);
  });

  it('deleting the default promotes the most recently changed; deleting the last leaves none', async () => {
    const owner = await t.buildUser();
    const first = await added(owner);
    const second = await added(owner);
    const third = await added(owner);
    // Editing the second makes it the most recently changed.
    t.clock.advance(60);
    await t.call(Calls.receiptAddressSave, { ...ADDRESS, id: second.id, detail: '改过' }, as(owner));
    expect((await t.call(Calls.receiptAddressDelete, { id: first.id }, as(owner))).body.codeFlag).toBe(CodeFlag.ok);
    expect(await defaultsOf(owner.user.id)).toEqual([second.id]);
    await t.call(Calls.receiptAddressDelete, { id: third.id }, as(owner));
    expect(await defaultsOf(owner.user.id)).toEqual([second.id]);
    await t.call(Calls.receiptAddressDelete, { id: second.id }, as(owner));
    expect(await addressesOf(owner.user.id)).toEqual([]);
    // A new first address is the default again.
    expect((await added(owner)).isDefault).toBe(true);
  });

  it('refuses bad ids (codeFlag 2) and unknown ones (not found)', async () => {
    const owner = await t.buildUser();
    const mine = await added(owner);
    const bad = await t.call(Calls.receiptAddressSetDefault, { id: 'abc' as unknown as number }, as(owner, 'en-US'));
    expect(bad.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(bad.body.mesg).not.toBe('');
    expect((await t.call(Calls.receiptAddressDelete, { id: mine.id + 100_000 }, as(owner))).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect(await addressesOf(owner.user.id)).toHaveLength(1);
  });

  it("refuses another company's address for set_default and delete, changing nothing", async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    await added(other);
    const theirs = await added(other);
    const before = await addressesOf(other.user.id);
    expect((await t.call(Calls.receiptAddressSetDefault, { id: theirs.id }, as(owner))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await t.call(Calls.receiptAddressDelete, { id: theirs.id }, as(owner))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect(await addressesOf(other.user.id)).toEqual(before);
  });
});

describe('invoice/save, list and delete', () => {
  it('adds and edits titles, taking the code in lower case and the bank account in groups', async () => {
    const owner = await t.buildUser();
    const saved = await t.call(Calls.invoiceSave, { ...INVOICE, taxNo: '91330100799655058b' }, as(owner));
    expect(saved.body.data).toMatchObject({
      name: INVOICE.name,
      taxNo: '91330100799655058B',
      bankAccount: '2013000012345678901',
    });
    const id = saved.body.data!.id;
    const edited = await t.call(
      Calls.invoiceSave,
      { id, name: '另一家公司', taxNo: INVOICE.taxNo, email: '' },
      as(owner),
    );
    expect(edited.body.data).toMatchObject({ id, name: '另一家公司', email: '', bankAccount: '' });
    const list = await t.call(Calls.invoiceList, {}, as(owner));
    expect(list.body.data?.invoices.map((i) => i.id)).toEqual([id]);
  });

  it('refuses bad input in the language asked, and writes nothing', async () => {
    const owner = await t.buildUser();
    const cases: [Partial<CallRequest<typeof Calls.invoiceSave>>, string, string][] = [
      [{ name: '' }, 'name', 'Please enter the invoice title'],
      [
        { taxNo: '914403001922038217' },
        'taxNo',
        'Please enter a valid taxpayer ID (the 18-character unified social credit code)',
      ],
      [{ phone: '123' }, 'phone', 'Please enter a valid registered phone'],
      [{ bankAccount: '12ab' }, 'bankAccount', 'The bank account number should be 8 to 30 digits'],
      [{ receiverMobile: '0757-86001234' }, 'receiverMobile', 'Please enter a valid mobile number for the e-invoice'],
      [{ email: 'finance@' }, 'email', 'Please enter a valid email for the e-invoice'],
    ];
    for (const [fields, field, mesg] of cases) {
      const saved = await t.call(Calls.invoiceSave, { ...INVOICE, ...fields }, as(owner, 'en-US'));
      expect(saved.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
      expect(saved.body.errors?.[field]).toBeDefined();
    }
    const zh = await t.call(Calls.invoiceSave, { ...INVOICE, taxNo: '123' }, as(owner, 'zh-CN'));
    expect(zh.body.mesg).toBe('请输入正确的纳税人识别号（18位统一社会信用代码）');
    expect(await invoicesOf(owner.user.id)).toEqual([]);
  });

  it('deletes one', async () => {
    const owner = await t.buildUser();
    const saved = await t.call(Calls.invoiceSave, INVOICE, as(owner));
    expect((await t.call(Calls.invoiceDelete, { id: saved.body.data!.id }, as(owner))).body.codeFlag).toBe(CodeFlag.ok);
    expect(await invoicesOf(owner.user.id)).toEqual([]);
  });

  it("refuses another company's title for edit and delete, changing nothing", async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const theirs = (await t.call(Calls.invoiceSave, INVOICE, as(other))).body.data!;
    const before = await invoicesOf(other.user.id);
    const edit = await t.call(Calls.invoiceSave, { ...INVOICE, id: theirs.id, name: '冒名' }, as(owner));
    expect(edit.body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.invoiceDelete, { id: theirs.id }, as(owner))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await invoicesOf(other.user.id)).toEqual(before);
    expect(await invoicesOf(owner.user.id)).toEqual([]);
    expect((await t.call(Calls.invoiceList, {}, as(owner))).body.data?.invoices).toEqual([]);
  });
});

const actorOf = (user: { id: number; rootId: number }): Actor => ({
  userId: user.id,
  rootId: user.rootId,
  account: '',
  operatorRole: null,
  sessionHash: null,
  companyRole: 'owner',
  permissions: PERMISSIONS,
});

describe('snapshots for orders', () => {
  it("copies the company's own address and invoice title, and refuses another company's", async () => {
    const owner = await t.buildUser();
    const colleague = await t.buildEmployee(owner);
    const other = await t.buildUser();
    const address = await added(owner);
    const invoice = (await t.call(Calls.invoiceSave, INVOICE, as(owner))).body.data!;
    const ctx = { db: t.db, actor: actorOf(colleague.user) };
    expect(await receiptAddressForOrder(ctx, address.id)).toEqual({
      addressId: address.id,
      receiver: ADDRESS.receiver,
      phone: ADDRESS.phone,
      province: ADDRESS.province,
      city: ADDRESS.city,
      district: ADDRESS.district,
      detail: ADDRESS.detail,
    });
    expect(await invoiceTitleForOrder(ctx, invoice.id)).toMatchObject({ invoiceId: invoice.id, taxNo: INVOICE.taxNo });
    const stranger = { db: t.db, actor: actorOf(other.user) };
    await expect(receiptAddressForOrder(stranger, address.id)).rejects.toMatchObject({ codeFlag: CodeFlag.forbidden });
    await expect(invoiceTitleForOrder(stranger, invoice.id)).rejects.toMatchObject({ codeFlag: CodeFlag.forbidden });
    await expect(receiptAddressForOrder(ctx, address.id + 100_000)).rejects.toMatchObject({
      codeFlag: CodeFlag.notFound,
    });
  });
});
