import { Calls, CodeFlag, PAYMENT_DAYS_DEFAULT, PAYMENT_DAYS_MAX } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { tradeSettings } from './companies.table';
import { tradeSettingsFor } from './trade-settings.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TERMS = {
  paymentDays: 5,
  onlinePayment: 1 as const,
  bankAccountName: '佛山测试铝业有限公司',
  bankName: '中国建设银行佛山南海支行',
  bankAccount: '4405 0166 8800 0000 1234',
  deliveryNote: '款到发货，佛山南海仓自提或代办物流',
};

const rowOf = async (rootId: number) =>
  (await t.db.select().from(tradeSettings).where(eq(tradeSettings.rootId, rootId)))[0];

describe('trade_set/detail and save', () => {
  it('gives the defaults until saved, then what was saved, to the owner and colleagues alike', async () => {
    const owner = await t.buildUser();
    const colleague = await t.buildEmployee(owner, { permissions: ['stock', 'quote'] });
    const before = await t.call(Calls.tradeSettings, {}, { session: owner.session });
    expect(before.body.data).toEqual({
      paymentDays: PAYMENT_DAYS_DEFAULT,
      onlinePayment: false,
      bankAccountName: '',
      bankName: '',
      bankAccount: '',
      deliveryNote: '',
      saved: false,
    });
    const saved = await t.call(Calls.tradeSettingsSave, TERMS, { session: owner.session });
    expect(saved.body.data).toEqual({
      ...TERMS,
      onlinePayment: true,
      bankAccount: '44050166880000001234',
      saved: true,
    });
    const seen = await t.call(Calls.tradeSettings, {}, { session: colleague.session });
    expect(seen.body.data).toEqual(saved.body.data);
    expect(await tradeSettingsFor(t.db, owner.user.id)).toEqual(saved.body.data);
    // Saving again replaces the terms.
    const offline = await t.call(
      Calls.tradeSettingsSave,
      { paymentDays: PAYMENT_DAYS_MAX, onlinePayment: 0 },
      { session: owner.session },
    );
    expect(offline.body.data).toMatchObject({ paymentDays: PAYMENT_DAYS_MAX, onlinePayment: false, bankAccount: '' });
  });

  it('refuses bad input in the language asked, and writes nothing', async () => {
    const owner = await t.buildUser();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ paymentDays: 0 }, 'paymentDays', '付款期限应为1至30天'],
      [{ paymentDays: 31 }, 'paymentDays', '付款期限应为1至30天'],
      [{ bankAccount: '1234' }, 'bankAccount', '银行账号应为8至30位数字'],
      [{ bankName: '' }, 'bankName', '请完整填写收款户名、开户银行和银行账号'],
    ];
    for (const [fields, field, mesg] of cases) {
      const saved = await t.call(Calls.tradeSettingsSave, { ...TERMS, ...fields } as typeof TERMS, {
        session: owner.session,
        lang: 'zh-CN',
      });
      expect(saved.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
      expect(saved.body.errors?.[field]).toBeDefined();
    }
    const en = await t.call(
      Calls.tradeSettingsSave,
      { ...TERMS, paymentDays: 99 },
      { session: owner.session, lang: 'en-US' },
    );
    expect(en.body.mesg).toBe('Payment days should be from 1 to 30');
    expect(await rowOf(owner.user.id)).toBeUndefined();
  });

  it("changes only the caller's own company; a colleague may not change the receiving account", async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const colleague = await t.buildEmployee(other, { permissions: ['stock', 'quote'] });
    await t.call(Calls.tradeSettingsSave, TERMS, { session: other.session });
    const before = await rowOf(other.user.id);
    await t.call(Calls.tradeSettingsSave, { ...TERMS, bankAccount: '6222000011112222' }, { session: owner.session });
    expect(await rowOf(other.user.id)).toEqual(before);
    const refused = await t.call(
      Calls.tradeSettingsSave,
      { ...TERMS, bankAccount: '6222000011112222' },
      { session: colleague.session },
    );
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await rowOf(other.user.id)).toEqual(before);
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call(Calls.tradeSettings, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});
