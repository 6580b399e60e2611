import { validateIdNumber } from '@metal/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  type IdentityRequest,
  SANDBOX_MISMATCH_NAME_FRAGMENT,
  SANDBOX_MISMATCH_SEQUENCE,
  SANDBOX_UNAVAILABLE_SEQUENCE,
  SandboxIdentity,
} from './identity';

const MATCHING_ID = '11010519491231002X';
/** The documented trigger numbers; both pass validation, so demos can reach the sandbox through the real checks. */
const MISMATCH_ID = '110105194901019990';
const UNAVAILABLE_ID = '110105194901019982';

function sandbox() {
  const log = { info: vi.fn() };
  return { identity: new SandboxIdentity(log), log };
}

function request(overrides: Partial<IdentityRequest> = {}): IdentityRequest {
  return { realName: '李明', idNumber: MATCHING_ID, requestId: 'req-1', ...overrides };
}

describe('SandboxIdentity.verify', () => {
  it('matches an ordinary name and number, with a sandbox reference', async () => {
    const result = await sandbox().identity.verify(request());
    expect(result).toEqual({ outcome: 'match', providerRef: expect.stringMatching(/^sandbox-[0-9a-f-]{36}$/) });
  });

  it('gives every check its own reference', async () => {
    const { identity } = sandbox();
    const results = [await identity.verify(request()), await identity.verify(request())];
    const refs = results.map((result) => ('providerRef' in result ? result.providerRef : undefined));
    expect(refs[0]).toBeDefined();
    expect(refs[0]).not.toBe(refs[1]);
  });

  it.each(['张不符', '不符', '阿卜杜·不符曼'])('refuses the name %s as a mismatch', async (realName) => {
    const result = await sandbox().identity.verify(request({ realName }));
    expect(result).toEqual({ outcome: 'mismatch', providerRef: expect.stringMatching(/^sandbox-/) });
  });

  it('refuses a number with sequence 999 as a mismatch', async () => {
    expect(await sandbox().identity.verify(request({ idNumber: MISMATCH_ID }))).toMatchObject({ outcome: 'mismatch' });
  });

  it('finds the provider unavailable for sequence 998, without a reference, whatever the name', async () => {
    const { identity } = sandbox();
    expect(await identity.verify(request({ idNumber: UNAVAILABLE_ID }))).toEqual({ outcome: 'unavailable' });
    expect(await identity.verify(request({ idNumber: UNAVAILABLE_ID, realName: '张不符' }))).toEqual({
      outcome: 'unavailable',
    });
  });

  it('looks at the 15th-17th digits only', async () => {
    const { identity } = sandbox();
    // 999 elsewhere in the number (address code 999...) is no trigger.
    expect(await identity.verify(request({ idNumber: '999105194912310023' }))).toMatchObject({ outcome: 'match' });
    // 99 followed by the check character 9 ends in 999 but has sequence x99.
    expect(await identity.verify(request({ idNumber: '160105194912310999' }))).toMatchObject({ outcome: 'match' });
  });

  it('documents trigger values that pass validation', () => {
    expect(MISMATCH_ID.slice(14, 17)).toBe(SANDBOX_MISMATCH_SEQUENCE);
    expect(UNAVAILABLE_ID.slice(14, 17)).toBe(SANDBOX_UNAVAILABLE_SEQUENCE);
    expect(SANDBOX_MISMATCH_NAME_FRAGMENT).toBe('不符');
    expect(validateIdNumber(MISMATCH_ID, '2026-05-14').ok).toBe(true);
    expect(validateIdNumber(UNAVAILABLE_ID, '2026-05-14').ok).toBe(true);
  });
});

describe('SandboxIdentity log', () => {
  it('keeps every request with its answer, failures included', async () => {
    const { identity } = sandbox();
    const matched = await identity.verify(request({ requestId: 'a' }));
    await identity.verify(request({ requestId: 'b', idNumber: UNAVAILABLE_ID }));
    expect(identity.requests).toEqual([
      { ...request({ requestId: 'a' }), result: matched, requestedAt: expect.any(Date) },
      {
        ...request({ requestId: 'b', idNumber: UNAVAILABLE_ID }),
        result: { outcome: 'unavailable' },
        requestedAt: expect.any(Date),
      },
    ]);
  });

  it('keeps only the latest 1000 requests', async () => {
    const { identity } = sandbox();
    for (let i = 0; i < 1005; i++) await identity.verify(request({ requestId: `req-${i}` }));
    expect(identity.requests).toHaveLength(1000);
    expect(identity.requests[0]?.requestId).toBe('req-5');
    expect(identity.requests.at(-1)?.requestId).toBe('req-1004');
  });

  it('writes the name and number to the server log masked', async () => {
    const { identity, log } = sandbox();
    await identity.verify(request({ requestId: 'req-9' }));
    expect(log.info).toHaveBeenCalledWith(
      { identity: { requestId: 'req-9', realName: '*明', idNumber: '1****************X', outcome: 'match' } },
      'sandbox identity verified',
    );
    expect(JSON.stringify(log.info.mock.calls)).not.toContain(MATCHING_ID);
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('李明');
  });
});
