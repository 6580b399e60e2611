import { CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('relation/unread_size', () => {
  it('answers the unread count as a number (0 while no message exists)', async () => {
    const user = await t.buildUser();
    expect((await t.call('relation/unread_size', {}, { session: user.session })).body).toEqual({
      codeFlag: 0,
      mesg: '',
      data: 0,
    });
  });

  it('refuses bad common parameters with a localized mesg', async () => {
    const user = await t.buildUser();
    const { body } = await t.call('relation/unread_size', { platform: 3 }, { session: user.session, lang: 'en-US' });
    expect(body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
    });
  });

  it('sends a visitor to login with codeFlag 1', async () => {
    expect((await t.call('relation/unread_size')).body).toEqual({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
  });
});
