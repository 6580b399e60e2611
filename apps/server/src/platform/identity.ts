import { randomUUID } from 'node:crypto';
import { maskIdNumber, maskRealName } from '@metal/shared';
import type { FastifyBaseLogger } from 'fastify';

export interface IdentityRequest {
  /** The name as on the identity card, trimmed (checked with isValidRealName). */
  realName: string;
  /** The normalized 18-character number (normalizeIdNumber), already passing validateIdNumber. */
  idNumber: string;
  /**
   * The caller's own id of this check, unique per attempt. Providers take it as the merchant order
   * number, to make a retried request idempotent and to reconcile their bill against our records.
   */
  requestId: string;
}

/**
 * - match: the name and number belong to one person on record.
 * - mismatch: they do not belong together, or there is no such number. This is a used attempt: the
 *   provider charged for it, and counting it is what stops someone trying names against a number.
 * - unavailable: the provider was down, timed out, refused our credentials or ran out of balance. This
 *   must NOT count as a used attempt: it says nothing about the person, who may simply try again later.
 * providerRef is the provider's serial number of the check, kept for billing disputes and audits.
 */
export type IdentityResult =
  | { outcome: 'match'; providerRef: string }
  | { outcome: 'mismatch'; providerRef: string }
  | { outcome: 'unavailable' };

/**
 * Real-person verification by name and identity number (实名认证, 二要素). The usual commercial APIs
 * take the name, the number and a merchant order number, answer with their own serial number and a
 * result code, and bill per check. An adapter maps:
 * - "consistent" (一致) → match;
 * - "inconsistent" (不一致) and "no record" (库中无此号) → mismatch;
 * - HTTP failures, timeouts, rate limits, signature, account and balance errors, and any code it does
 *   not know → unavailable, never mismatch, so that a provider fault does not use up a person's attempts.
 * Callers validate the input first (isValidRealName, validateIdNumber) so that no paid check is spent
 * on a typo, and never log the name or number unmasked.
 */
export interface IdentityProvider {
  verify(input: IdentityRequest): Promise<IdentityResult>;
}

/**
 * Inputs the sandbox answers unfavourably, so that callers' failure paths can be exercised as with a
 * real provider. The sequence is the 15th-17th digits of the identity number.
 * - A name containing 不符 (e.g. 张不符), or the sequence 999, is a mismatch;
 *   110105194901019990 passes validateIdNumber and has that sequence.
 * - The sequence 998 finds the provider unavailable, whatever the name, as a provider that is down
 *   answers nothing; 110105194901019982 passes validateIdNumber.
 * Everything else matches.
 */
export const SANDBOX_MISMATCH_NAME_FRAGMENT = '不符';
export const SANDBOX_MISMATCH_SEQUENCE = '999';
export const SANDBOX_UNAVAILABLE_SEQUENCE = '998';

export interface SandboxIdentityLogEntry extends IdentityRequest {
  result: IdentityResult;
  requestedAt: Date;
}

/** Sandbox verification: nothing leaves the machine; every request is logged and kept, with its answer. */
export class SandboxIdentity implements IdentityProvider {
  readonly requests: SandboxIdentityLogEntry[] = [];
  private static readonly REQUESTS_LIMIT = 1000;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async verify(input: IdentityRequest): Promise<IdentityResult> {
    const result = SandboxIdentity.answer(input);
    this.requests.push({ ...input, result, requestedAt: new Date() });
    if (this.requests.length > SandboxIdentity.REQUESTS_LIMIT) this.requests.shift();
    this.log.info(
      {
        identity: {
          requestId: input.requestId,
          realName: maskRealName(input.realName),
          idNumber: maskIdNumber(input.idNumber),
          outcome: result.outcome,
        },
      },
      'sandbox identity verified',
    );
    return result;
  }

  private static answer(input: IdentityRequest): IdentityResult {
    const sequence = input.idNumber.slice(14, 17);
    if (sequence === SANDBOX_UNAVAILABLE_SEQUENCE) return { outcome: 'unavailable' };
    const providerRef = `sandbox-${randomUUID()}`;
    if (input.realName.includes(SANDBOX_MISMATCH_NAME_FRAGMENT) || sequence === SANDBOX_MISMATCH_SEQUENCE) {
      return { outcome: 'mismatch', providerRef };
    }
    return { outcome: 'match', providerRef };
  }
}
