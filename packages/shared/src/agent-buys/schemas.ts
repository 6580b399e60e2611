import { z } from 'zod';
import { CHAT_VOICE_MAX_SECONDS, CHAT_VOICE_MIN_SECONDS } from '../chat/schemas';
import { UPLOAD_MAX_FILES } from '../constants';
import { bigintId, formInt, intId, jsonText, mobile } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';

/** SPEC §2 input_agent_buy / input_agent_sell: the caller wants someone to buy for them, or to sell for them. */
export const AGENT_BUY_KINDS = ['buy', 'sell'] as const;
export type AgentBuyKind = (typeof AGENT_BUY_KINDS)[number];

/**
 * An agent request's states. `review` waits for an operator (requests are public); `open` takes agents'
 * quotes for AGENT_BUY_OPEN_DAYS; `rejected` carries the operator's reason; `closed` the owner stopped
 * it; `expired` its days ran out; `deleted` rows are kept for the quotes and chats naming them, shown to no one.
 */
export const AGENT_BUY_STATUSES = ['review', 'open', 'rejected', 'closed', 'expired', 'deleted'] as const;
export type AgentBuyStatus = (typeof AGENT_BUY_STATUSES)[number];

/** An open request takes quotes for this many days after the operator opened it. */
export const AGENT_BUY_OPEN_DAYS = 7;
/** The request's words and an agent's quote info (SPEC §3), in characters. */
export const AGENT_BUY_TEXT_MAX = 500;
/** One voice recording, as long as a chat voice message may be. */
export const AGENT_BUY_VOICE_MAX_SECONDS = CHAT_VOICE_MAX_SECONDS;
/** Photos on one request: one album pick. */
export const AGENT_BUY_PHOTOS_MAX = UPLOAD_MAX_FILES;
/** Company and contact names on an agent's quote. */
export const AGENT_QUOTE_NAME_MAX = 50;

const fileUrl = z
  .string({ error: 'agentBuy.photosInvalid' })
  .trim()
  .min(1, { error: 'agentBuy.photosInvalid' })
  .max(300, { error: 'agentBuy.photosInvalid' });
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * `agent_buy/save`: words, one recording of the caller's (its address and length in seconds) and/or up to
 * nine of the caller's uploaded photos; at least one of the three. Category is optional; the contact
 * phone defaults to the account's.
 */
export const ZAgentBuySaveRequest = z
  .object({
    kind: z.enum(AGENT_BUY_KINDS, { error: 'agentBuy.kindInvalid' }),
    text: z.string().trim().max(AGENT_BUY_TEXT_MAX, { error: 'agentBuy.textTooLong' }).optional().default(''),
    voiceUrl: z.string().trim().max(300).optional().default(''),
    voiceSeconds: z.preprocess(
      (value: number | string | undefined) => blankToUndefined(value),
      formInt('agentBuy.voiceInvalid')
        .pipe(
          z
            .number()
            .int()
            .min(CHAT_VOICE_MIN_SECONDS, { error: 'agentBuy.voiceInvalid' })
            .max(AGENT_BUY_VOICE_MAX_SECONDS, { error: 'agentBuy.voiceTooLong' }),
        )
        .optional(),
    ),
    photos: jsonText(
      z
        .array(fileUrl, { error: 'agentBuy.photosInvalid' })
        .max(AGENT_BUY_PHOTOS_MAX, { error: 'agentBuy.tooManyPhotos' }),
    )
      .optional()
      .default([]),
    sortId: z.preprocess(
      (value: number | string | undefined) => blankToUndefined(value),
      intId('agentBuy.categoryInvalid').optional(),
    ),
    phone: z.preprocess((value: string | undefined) => blankToUndefined(value), mobile().optional()),
  })
  .superRefine(
    (request, ctx) => {
      const photos = Array.isArray(request.photos) ? request.photos : [];
      if (!request.text && !request.voiceUrl && photos.length === 0)
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'agentBuy.contentRequired' });
      if (request.voiceUrl && request.voiceSeconds === undefined)
        ctx.addIssue({ code: 'custom', path: ['voiceSeconds'], message: 'agentBuy.voiceInvalid' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TAgentBuySaveRequest = z.input<typeof ZAgentBuySaveRequest>;
export type TAgentBuySaveInput = z.output<typeof ZAgentBuySaveRequest>;

export const ZAgentBuyIdRequest = z.object({ id: bigintId() });

/** The hall: open requests of one kind (both when absent), optionally of one category. */
export const ZAgentBuyHallRequest = ZPageRequest.extend({
  kind: z.enum(AGENT_BUY_KINDS, { error: 'agentBuy.kindInvalid' }).optional(),
  sortId: intId().optional(),
});

/** The caller's own requests, every state but deleted. */
export const ZAgentBuyMineRequest = ZPageRequest;

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: 'common.tooLong' });

/** SPEC §3 agent-quote form: quote info, company name, contact, phone; all required. */
export const ZAgentQuoteSaveRequest = z.object({
  agentBuyId: bigintId(),
  info: requiredText(AGENT_BUY_TEXT_MAX, 'agentQuote.infoRequired'),
  companyName: requiredText(AGENT_QUOTE_NAME_MAX, 'agentQuote.companyRequired'),
  contactName: requiredText(AGENT_QUOTE_NAME_MAX, 'agentQuote.contactRequired'),
  phone: mobile(),
});
export type TAgentQuoteSaveRequest = z.input<typeof ZAgentQuoteSaveRequest>;
export type TAgentQuoteSaveInput = z.output<typeof ZAgentQuoteSaveRequest>;

export const ZAgentQuotesRequest = z.object({ agentBuyId: bigintId() });

/** An agent's quote: `live` is the agent's current one (one per agent per request); a newer one makes it `replaced`. */
export const AGENT_QUOTE_STATUSES = ['live', 'replaced'] as const;
export type AgentQuoteStatus = (typeof AGENT_QUOTE_STATUSES)[number];

export const ZAgentQuote = z.object({
  id: z.number(),
  agentBuyId: z.number(),
  userId: z.number(),
  status: z.enum(AGENT_QUOTE_STATUSES),
  info: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  phone: z.string(),
  createdAt: z.string(),
  /** The caller wrote it. */
  mine: z.boolean(),
});
export type TAgentQuote = z.infer<typeof ZAgentQuote>;
export const ZAgentQuoteList = z.array(ZAgentQuote);

export const ZAgentBuyPhoto = z.object({ url: z.string(), thumbUrl: z.string() });

export const ZAgentBuy = z.object({
  id: z.number(),
  kind: z.enum(AGENT_BUY_KINDS),
  status: z.enum(AGENT_BUY_STATUSES),
  /** The operator's reason for a rejection; only the owner and operators see it. */
  reason: z.string(),
  text: z.string(),
  voice: z.object({ url: z.string(), seconds: z.number() }).nullable(),
  photos: z.array(ZAgentBuyPhoto),
  sortId: z.number().nullable(),
  sortName: z.string(),
  /** The poster and their company (empty without one). */
  userId: z.number(),
  nickName: z.string(),
  companyName: z.string(),
  /** The contact phone: for the owner, operators and agents who quoted on it; empty for anyone else. */
  phone: z.string(),
  views: z.number(),
  quoteCount: z.number(),
  createdAt: z.string(),
  /** When an open request stops taking quotes; null before an operator opened it. */
  expiresAt: z.string().nullable(),
  mine: z.boolean(),
  /** The caller's live quote on it, if they quoted. */
  myQuote: ZAgentQuote.nullable(),
});
export type TAgentBuy = z.infer<typeof ZAgentBuy>;

/**
 * `console/agent_buy/list`: a request as operators review it, with `submittedAt`, the version
 * console/agent_buy/review names (when it was posted: a request is never changed, only decided).
 */
export const ZAgentBuyReviewItem = ZAgentBuy.extend({ submittedAt: z.string() });
export type TAgentBuyReviewItem = z.infer<typeof ZAgentBuyReviewItem>;

export const ZAgentBuyPage = z.object({ list: z.array(ZAgentBuy), page: z.number(), hasMore: z.boolean() });
export type TAgentBuyPage = z.infer<typeof ZAgentBuyPage>;
