// @vitest-environment happy-dom
import { Calls, type TInvoiceTitle, type TReceiptAddress } from '@metal/shared';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, ok, typeInto, until } from '../../test/pageHarness';
import { owner } from '../companies/fixtures';
import InvoicePage from './pages/InvoicePage';
import ModifyReceiptAddressPage from './pages/ModifyReceiptAddressPage';
import ReceiptAddressPage from './pages/ReceiptAddressPage';
import { pickReceiptAddressPath, usePickedReceiptAddress } from './picked';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const address = (id: number, over: Partial<TReceiptAddress> = {}): TReceiptAddress => ({
  id,
  receiver: '张经理',
  phone: '13912345678',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  detail: `狮山镇${id}号仓库`,
  isDefault: false,
  ...over,
});
const invoice = (id: number, over: Partial<TInvoiceTitle> = {}): TInvoiceTitle => ({
  id,
  name: '佛山测试铝业有限公司',
  taxNo: '914403001922038216',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  receiverMobile: '',
  email: 'finance@example.com',
  ...over,
});
const addressList = (addresses: TReceiptAddress[]) => ok({ addresses, max: 20 });

/** A page that opens the picker and shows what came back. */
function Checkout() {
  const [chosen, setChosen] = useState('');
  usePickedReceiptAddress('checkout', (a) => setChosen(`${a.receiver} ${a.detail}`));
  return <p data-testid="chosen">{chosen || 'none'}</p>;
}
const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.receiptAddress]: ReceiptAddressPage,
      [Paths.modifyReceiptAddress]: ModifyReceiptAddressPage,
      [Paths.invoicePage]: InvoicePage,
      [Paths.login]: Elsewhere,
      // Opened directly, the picker goes back to the me tab's root: the opener stands there here.
      [Paths.root]: Checkout,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const items = (kind: 'address' | 'invoice') => [...h.container.querySelectorAll(`[data-testid="${kind}-item"]`)];
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((e) => e.textContent?.trim() === label).at(-1);
const fieldError = (field: string) => h.container.querySelector(`[data-field="${field}"] [role="alert"]`)?.textContent;

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('receipt_address', () => {
  it('asks a visitor to log in and calls nothing', async () => {
    await render(Paths.receiptAddress);
    await until(() => text().includes('登录后管理收货地址和发票抬头'), 'the login prompt');
    expect(h.calls(Calls.receiptAddressList)).toEqual([]);
  });

  it('shows an empty state that leads to adding', async () => {
    setSession(owner);
    h.serve(Calls.receiptAddressList, addressList([]));
    await render(Paths.receiptAddress);
    await until(() => text().includes('还没有收货地址'), 'the empty state');
  });

  it('lists addresses with the default badge, sets another default and deletes after a question', async () => {
    setSession(owner);
    h.serve(
      Calls.receiptAddressList,
      addressList([address(1, { isDefault: true }), address(2)]),
      addressList([address(2, { isDefault: true }), address(1)]),
      addressList([address(1, { isDefault: true })]),
    );
    h.serve(Calls.receiptAddressSetDefault, ok(null));
    h.serve(Calls.receiptAddressDelete, ok(null));
    await render(Paths.receiptAddress);
    await until(() => items('address').length === 2, 'the addresses');
    expect(items('address')[0]?.querySelector('.mm-addr-default')?.textContent).toBe('默认');
    expect(items('address')[0]?.textContent).toContain('广东省 佛山市 南海区 狮山镇1号仓库');
    expect(items('address')[1]?.querySelector('.mm-addr-default')).toBeNull();
    await click(buttonWith(items('address')[1]!, '设为默认'));
    await until(() => h.calls(Calls.receiptAddressSetDefault).length === 1, 'set default');
    expect(h.calls(Calls.receiptAddressSetDefault)[0]).toMatchObject({ id: '2' });
    expect(showSuccess).toHaveBeenCalledWith('已设为默认地址');
    await until(() => items('address')[0]?.textContent?.includes('狮山镇2号仓库') === true, 'the new order');
    await click(buttonWith(items('address')[0]!, '删除'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    expect(document.body.textContent).toContain('这是默认地址');
    await click(newest('.adm-dialog-button', '取消'));
    expect(h.calls(Calls.receiptAddressDelete)).toEqual([]);
    await click(buttonWith(items('address')[0]!, '删除'));
    await until(() => newest('.adm-dialog-button', '删除') !== undefined, 'the question again');
    // A deletion asks with a red confirm button (confirmDestructive), not the everyday one.
    expect(newest('.adm-dialog-button', '删除')?.closest('.mm-dialog-destructive')).not.toBeNull();
    await click(newest('.adm-dialog-button', '删除'));
    await until(() => h.calls(Calls.receiptAddressDelete).length === 1, 'the deletion');
    expect(h.calls(Calls.receiptAddressDelete)[0]).toMatchObject({ id: '2' });
  });

  it('as a picker, hands the tapped address back to the page that opened it', async () => {
    setSession(owner);
    h.serve(Calls.receiptAddressList, addressList([address(1, { isDefault: true }), address(2)]));
    await render(Paths.root);
    await until(() => testId('chosen')?.textContent === 'none', 'the opener');
    await h.router.navigate(pickReceiptAddressPath('checkout'));
    await until(() => items('address').length === 2, 'the picker');
    expect(text()).toContain('选择收货地址');
    await click(items('address')[1]!.querySelector('.mm-addr-main'));
    await until(() => testId('chosen')?.textContent === '张经理 狮山镇2号仓库', 'the chosen address');
  });

  it('checks the form before saving and sends a new address', async () => {
    setSession(owner);
    h.serve(Calls.receiptAddressList, addressList([address(1, { isDefault: true })]));
    h.serve(Calls.receiptAddressSave, ok(address(3)));
    await render(Paths.modifyReceiptAddress);
    await until(() => testId('region-picker') !== null, 'the form (after the region table loads)');
    await click(testId('address-save'));
    expect(fieldError('receiver')).toBe('请输入收货人');
    expect(fieldError('region')).toBe('请选择所在地区');
    expect(showFail).toHaveBeenCalled();
    expect(h.calls(Calls.receiptAddressSave)).toEqual([]);
    await typeInto(h.container.querySelector('#address-receiver'), '李四');
    await typeInto(h.container.querySelector('#address-phone'), '12345');
    await click(testId('address-save'));
    expect(fieldError('phone')).toBe('请输入正确的联系电话（手机或座机）');
    await typeInto(h.container.querySelector('#address-phone'), '0757-86001234');
    await click(testId('region-picker'));
    for (const name of ['广东省', '佛山市', '顺德区']) {
      await until(() => newest('.adm-cascader-view .adm-list-item', name) !== undefined, name);
      await click(newest('.adm-cascader-view .adm-list-item', name));
    }
    await click(newest('.adm-cascader-header-button', '确定'));
    await until(() => testId('region-picker')?.textContent === '广东省 佛山市 顺德区', 'the chosen region');
    await typeInto(h.container.querySelector('#address-detail'), '北滘镇工业大道1号');
    await click(testId('address-save'));
    await until(() => h.calls(Calls.receiptAddressSave).length === 1, 'the save');
    expect(h.calls(Calls.receiptAddressSave)[0]).toMatchObject({
      receiver: '李四',
      phone: '0757-86001234',
      province: '广东省',
      city: '佛山市',
      district: '顺德区',
      detail: '北滘镇工业大道1号',
      isDefault: '0',
    });
    expect(showSuccess).toHaveBeenCalledWith('已保存');
  });
});

describe('invoice_page', () => {
  it('lists titles, refuses a wrong taxpayer ID before sending, and saves a new one', async () => {
    setSession(owner);
    h.serve(Calls.invoiceList, ok({ invoices: [invoice(1)], max: 20 }));
    h.serve(Calls.invoiceSave, ok(invoice(2)));
    await render(Paths.invoicePage);
    await until(() => items('invoice').length === 1, 'the titles');
    expect(items('invoice')[0]?.textContent).toContain('纳税人识别号 914403001922038216');
    await click(testId('invoice-add'));
    await until(() => h.container.querySelector('#invoice-name') !== null, 'the form');
    expect(text()).toContain('新增发票抬头');
    await typeInto(h.container.querySelector('#invoice-name'), '郑州测试铜业有限公司');
    await typeInto(h.container.querySelector('#invoice-taxNo'), '914403001922038217');
    await click(testId('invoice-save'));
    expect(fieldError('taxNo')).toBe('请输入正确的纳税人识别号（18位统一社会信用代码）');
    expect(h.calls(Calls.invoiceSave)).toEqual([]);
    await typeInto(h.container.querySelector('#invoice-taxNo'), '91330100799655058B');
    await typeInto(h.container.querySelector('#invoice-email'), 'piao@example.com');
    await click(testId('invoice-save'));
    await until(() => h.calls(Calls.invoiceSave).length === 1, 'the save');
    expect(h.calls(Calls.invoiceSave)[0]).toMatchObject({
      name: '郑州测试铜业有限公司',
      taxNo: '91330100799655058B',
      email: 'piao@example.com',
    });
  });

  it('speaks English', async () => {
    setLanguage('en-US');
    setSession(owner);
    h.serve(Calls.invoiceList, ok({ invoices: [], max: 20 }));
    await render(Paths.invoicePage);
    await until(() => text().includes('No invoice title yet'), 'the empty state in English');
  });
});
