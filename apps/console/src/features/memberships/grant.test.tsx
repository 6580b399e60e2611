// @vitest-environment happy-dom

import { Calls, CodeFlag } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '../../lib/feedback';
import { setLanguage } from '../../lib/i18n';
import { clearSession, setSession } from '../../lib/session';
import {
  button,
  choose,
  click,
  createConsoleHarness,
  fail,
  fieldError,
  modalButton,
  ok,
  pageText,
  type,
  until,
} from '../../test/harness';

vi.mock('../../lib/feedback', async () => (await import('../../test/feedbackMock')).feedbackMock);

const h = createConsoleHarness();
const operator = { userId: 9, account: '13800000009', name: '审核员甲', role: 'admin' as const };
const input = (id: string) => document.querySelector(`#${id}`);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  setSession({ sessionId: 'operator-session', ...operator });
  h.serve(Calls.operatorWhoami, ok(operator));
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

async function fillIn({ userId, kind, days, reason }: { userId: string; kind: string; days: string; reason: string }) {
  await until(() => !!input('userId'), 'the form');
  await type(input('userId'), userId);
  await choose(kind);
  await type(input('days'), days);
  await type(input('reason'), reason);
  await click(button('授予'));
}

describe('granting an entitlement', () => {
  it('grants after a confirmation, then says what the user now holds', async () => {
    h.serve(
      Calls.grantEntitlement,
      ok({
        userId: 31,
        kind: 'certified_supplier',
        startsAt: '2026-11-26T02:00:00.000Z',
        endsAt: '2027-02-24T02:00:00.000Z',
      }),
    );
    await h.render('/memberships/grant');
    await fillIn({ userId: '31', kind: '认证供应商', days: '90', reason: '展会合作赠送' });
    await until(() => !!document.querySelector('[data-testid=grant-confirmation]'), 'the confirmation');
    expect(document.querySelector('[data-testid=grant-confirmation]')?.textContent).toBe(
      '确定为用户 31 授予 认证供应商 90 天吗？授予原因: 展会合作赠送',
    );
    expect(h.calls(Calls.grantEntitlement)).toEqual([]);
    await click(modalButton('确认授予'));
    await until(() => !!document.querySelector('[data-testid=granted]'), 'the grant shown');
    expect(h.calls(Calls.grantEntitlement)).toEqual([
      expect.objectContaining({ userId: '31', kind: 'certified_supplier', days: '90', reason: '展会合作赠送' }),
    ]);
    expect(document.querySelector('[data-testid=granted]')?.textContent).toBe(
      '已为用户 31 授予认证供应商：2026-11-26 10:00:00 至 2027-02-24 10:00:00',
    );
    expect(showSuccess).toHaveBeenCalledWith('已授予');
    expect((input('userId') as HTMLInputElement).value).toBe('');

    // The next grant starts without the last one's result.
    await click(button('授予'));
    expect(document.querySelector('[data-testid=granted]')).toBeNull();
  });

  it('checks the user, the days and the reason with the call’s own rules before sending', async () => {
    await h.render('/memberships/grant');
    await until(() => !!input('userId'), 'the form');
    await click(button('授予'));
    await until(() => fieldError('reason') !== '', 'the errors');
    expect(fieldError('userId')).toBe('请填写用户编号（正整数）');
    expect(fieldError('days')).toBe('只能输入正整数');
    expect(fieldError('reason')).toBe('请填写授予原因（不超过200个字）');

    await type(input('userId'), '31');
    await type(input('days'), '1.5');
    await type(input('reason'), '补偿');
    await click(button('授予'));
    await until(() => fieldError('days') === '只能输入正整数', 'part days refused');
    expect(document.querySelector('[data-testid=grant-confirmation]')).toBeNull();
    expect(h.calls(Calls.grantEntitlement)).toEqual([]);
  });

  it('shows the server’s refusal on the page: certified supplier only for a company’s owner', async () => {
    h.serve(Calls.grantEntitlement, fail(CodeFlag.invalidInput, '认证供应商属于公司，请授予公司负责人（主账号）'));
    await h.render('/memberships/grant');
    await fillIn({ userId: '32', kind: '认证供应商', days: '30', reason: '补偿' });
    await until(() => !!modalButton('确认授予'), 'the confirmation');
    await click(modalButton('确认授予'));
    await until(() => !!document.querySelector('[data-testid=refusal]'), 'the refusal');
    expect(document.querySelector('[data-testid=refusal]')?.textContent).toBe(
      '认证供应商属于公司，请授予公司负责人（主账号）',
    );
    expect(showError).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid=granted]')).toBeNull();
    expect((input('userId') as HTMLInputElement).value).toBe('32');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    await h.render('/memberships/grant');
    await until(() => !!input('userId'), 'the form');
    expect(pageText()).toContain('Grant an entitlement');
    await click(button('Grant'));
    await until(() => fieldError('reason') !== '', 'the errors');
    expect(fieldError('reason')).toBe('Please give the reason for the grant (at most 200 characters)');
  });
});
