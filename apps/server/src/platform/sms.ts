import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  phone: string;
  /** Template id and parameters, as SMS providers in China take them (signed templates, no free text). */
  template: 'verification_code';
  params: { code: string; minutes: number };
}

export type SmsResult = { ok: true; messageId: string } | { ok: false; reason: 'rejected' | 'unavailable' };

export interface SmsProvider {
  send(message: SmsMessage): Promise<SmsResult>;
}

/**
 * Numbers the sandbox refuses, so that callers' failure paths can be exercised as with a real
 * provider: 170 0000 xxxx is rejected (as an invalid or blacklisted number), 170 0001 xxxx finds the
 * provider unavailable.
 */
export const SANDBOX_REJECTED_PREFIX = '1700000';
export const SANDBOX_UNAVAILABLE_PREFIX = '1700001';

export interface SandboxOutboxEntry extends SmsMessage {
  messageId: string;
  sentAt: Date;
}

/** Sandbox SMS: nothing leaves the machine; every message is logged and kept in an outbox. */
export class SandboxSms implements SmsProvider {
  readonly outbox: SandboxOutboxEntry[] = [];
  private static readonly OUTBOX_LIMIT = 1000;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async send(message: SmsMessage): Promise<SmsResult> {
    if (message.phone.startsWith(SANDBOX_REJECTED_PREFIX)) return { ok: false, reason: 'rejected' };
    if (message.phone.startsWith(SANDBOX_UNAVAILABLE_PREFIX)) return { ok: false, reason: 'unavailable' };
    const entry = { ...message, messageId: randomUUID(), sentAt: new Date() };
    this.outbox.push(entry);
    if (this.outbox.length > SandboxSms.OUTBOX_LIMIT) this.outbox.shift();
    this.log.info(
      { sms: { phone: message.phone, template: message.template, params: message.params } },
      'sandbox SMS sent',
    );
    return { ok: true, messageId: entry.messageId };
  }

  lastCodeFor(phone: string): string | undefined {
    return this.outbox.findLast((m) => m.phone === phone)?.params.code;
  }
}
