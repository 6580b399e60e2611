import { ZLoginRequest, ZRegisterRequest } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrors, localizeMessage } from './validation';

describe('form validation with the shared schemas', () => {
  it('maps register problems to message keys per field', () => {
    const parsed = ZRegisterRequest.safeParse({
      phone: '123',
      code: '12',
      password: 'short',
      password2: 'other',
      agree: 0,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error.issues)).toMatchObject({
      phone: 'phone.invalid',
      code: 'code.invalid',
      password: 'password.invalid',
      agree: 'terms.required',
    });
  });

  it('reports mismatched passwords on password2', () => {
    const parsed = ZRegisterRequest.safeParse({
      phone: '13800138000',
      code: '123456',
      password: 'abc12345',
      password2: 'abc12346',
      agree: 1,
    });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error.issues)).toEqual({ password2: 'password.mismatch' });
  });

  it('accepts a valid login', () => {
    expect(ZLoginRequest.safeParse({ account: 'trader01', password: 'x' }).success).toBe(true);
  });

  it('asks for an empty account and password instead of calling their format wrong', () => {
    const parsed = ZLoginRequest.safeParse({ account: '  ', password: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues.map((issue) => issue.message)).toEqual(['account.required', 'password.required']);
    expect(localizeMessage('account.required', 'zh-CN')).toBe('请输入账号');
    expect(localizeMessage('account.required', 'en-US')).toBe('Please enter your account');
    const badFormat = ZLoginRequest.safeParse({ account: 'trader-01', password: 'x' });
    expect(badFormat.success ? [] : fieldErrors(badFormat.error.issues)).toEqual({ account: 'account.invalid' });
  });

  it('localizes keys and keeps sentences the server already localized', () => {
    expect(localizeMessage('password.mismatch', 'en-US')).toBe('Passwords do not match');
    expect(localizeMessage('password.mismatch', 'zh-CN')).toBe('两次输入的密码不一致');
    expect(localizeMessage('该手机号已注册', 'en-US')).toBe('该手机号已注册');
  });
});
