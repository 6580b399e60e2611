// @vitest-environment happy-dom
import { Calls, type TTradeSettings } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { click, createPageHarness, ok, typeInto, until } from '../../test/pageHarness';
import { completeCompany, owner } from './fixtures';
import TradeSetPage from './pages/TradeSetPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const defaults: TTradeSettings = {
  paymentDays: 3,
  onlinePayment: false,
  bankAccountName: '',
  bankName: '',
  bankAccount: '',
  deliveryNote: '',
  saved: false,
};

const h = createPageHarness();
const Elsewhere = () => <p>elsewhere</p>;
const render = () => h.render({ [Paths.tradeSet]: TradeSetPage, [Paths.login]: Elsewhere }, Paths.tradeSet);
const text = () => h.container.textContent ?? '';
const fieldError = (field: string) => h.container.querySelector(`[data-field="${field}"] [role="alert"]`)?.textContent;

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

describe('trade_set', () => {
  it('shows the defaults, refuses half a receiving account before sending, and saves the terms', async () => {
    setSession(owner);
    h.serve(Calls.companyInfo, ok(completeCompany()));
    h.serve(Calls.tradeSettings, ok(defaults));
    h.serve(
      Calls.tradeSettingsSave,
      ok({
        ...defaults,
        bankAccountName: '测试铝业',
        bankName: '工商银行',
        bankAccount: '6222000011112222',
        saved: true,
      }),
    );
    await render();
    await until(() => text().includes('尚未设置，以下为默认条款'), 'the defaults');
    await typeInto(h.container.querySelector('#trade-bankAccountName'), '测试铝业');
    await click(h.container.querySelector('[data-testid="trade-set-save"]'));
    expect(fieldError('bankName')).toBe('请完整填写收款户名、开户银行和银行账号');
    expect(h.calls(Calls.tradeSettingsSave)).toEqual([]);
    await typeInto(h.container.querySelector('#trade-bankName'), '工商银行');
    await typeInto(h.container.querySelector('#trade-bankAccount'), '6222 0000 1111 2222');
    await click(h.container.querySelector('[data-testid="trade-set-save"]'));
    await until(() => h.calls(Calls.tradeSettingsSave).length === 1, 'the save');
    expect(h.calls(Calls.tradeSettingsSave)[0]).toMatchObject({
      paymentDays: '3',
      onlinePayment: '0',
      bankAccountName: '测试铝业',
      bankName: '工商银行',
      bankAccount: '6222 0000 1111 2222',
    });
    expect(showSuccess).toHaveBeenCalledWith('交易设置已保存');
  });
});
