import { PERMISSIONS } from '@metal/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../modules/accounts/accounts.table';
import { saveInvoiceTitle, saveReceiptAddress } from '../../modules/addresses/addresses.service';
import { saveTradeSettings } from '../../modules/companies/trade-settings.service';
import type { Actor } from '../../platform/actor';
import { DEMO_ACCOUNTS } from './demo';

/**
 * A demo unified social credit code: its check character is right (so it passes the invoice form's check)
 * but 'DEM' in its body marks it as made up, belonging to no real taxpayer.
 */
export const DEMO_TAX_NO = '91440605MA5DEM0011';

/**
 * Trade data to look at, saved through the services the calls use: the demo buyer's two receipt
 * addresses (the Foshan warehouse the default) and an invoice title, and the demo supplier's trade
 * settings (five payment days, offline transfer to a demo account). Answers how many rows were written.
 */
export async function seedDemoAddresses(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.deps;
  const [buyerAccount, supplierAccount] = DEMO_ACCOUNTS;
  const people = await db
    .select({ id: users.id, phone: users.phone, account: users.account })
    .from(users)
    .where(inArray(users.phone, [buyerAccount.phone, supplierAccount.phone]));
  const actorOf = (phone: string): Actor => {
    const person = people.find((p) => p.phone === phone);
    if (!person) throw new Error(`demo account ${phone} is missing`);
    return {
      userId: person.id,
      rootId: person.id,
      account: person.account,
      operatorRole: null,
      sessionHash: null,
      companyRole: 'owner',
      permissions: PERMISSIONS,
    };
  };
  const buyer = { db, clock, actor: actorOf(buyerAccount.phone) };
  await saveReceiptAddress(buyer, {
    receiver: '演示收货人（Demo）',
    phone: '13800000001',
    province: '广东省',
    city: '佛山市',
    district: '南海区',
    detail: '演示大道8号 1号仓库（Demo）',
    isDefault: 1,
  });
  await saveReceiptAddress(buyer, {
    receiver: '演示仓管（Demo）',
    phone: '0757-86000000',
    province: '广东省',
    city: '佛山市',
    district: '顺德区',
    detail: '演示工业园2号 铝材库（Demo）',
    isDefault: 0,
  });
  await saveInvoiceTitle(buyer, {
    name: '演示采购有限公司（Demo）',
    taxNo: DEMO_TAX_NO,
    address: '广东省佛山市南海区演示大道8号（Demo）',
    phone: '0757-86000000',
    bankName: '演示银行佛山南海支行（Demo）',
    bankAccount: '6222000000000001',
    receiverMobile: '13800000001',
    email: 'demo-buyer@example.com',
  });
  await saveTradeSettings(
    { db, clock, actor: actorOf(supplierAccount.phone) },
    {
      paymentDays: 5,
      onlinePayment: 0,
      bankAccountName: '演示铝业有限公司（Demo）',
      bankName: '演示银行郑州中原支行（Demo）',
      bankAccount: '6222000000000002',
      deliveryNote: '款到发货，郑州仓自提或代办物流（Demo）',
    },
  );
  return 4;
}
