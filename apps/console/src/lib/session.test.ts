import { Calls } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import { mayCall, type OperatorSession } from './session';

const operator = (role: OperatorSession['role']): OperatorSession => ({
  sessionId: 's',
  userId: 9,
  account: '13800000009',
  name: '审核员甲',
  role,
});

describe('which calls an operator may make', () => {
  it('keeps the money moves (contract auth admin) to administrators', () => {
    for (const call of [Calls.consolePayOfflineConfirm, Calls.consolePayRefund, Calls.consolePlanSave]) {
      expect(mayCall(operator('admin'), call)).toBe(true);
      expect(mayCall(operator('service'), call)).toBe(false);
    }
  });

  it('lets every operator make the other console calls, and nobody without a session', () => {
    expect(mayCall(operator('service'), Calls.consolePayOfflineReject)).toBe(true);
    expect(mayCall(operator('service'), Calls.consolePayOrders)).toBe(true);
    expect(mayCall(null, Calls.consolePayOrders)).toBe(false);
  });
});
