import { z } from 'zod';

/** Topics a device may subscribe to: `price-{sortId}` (price changes of a market sort). */
export const PRICE_TOPIC_PATTERN = /^price-[1-9]\d{0,8}$/;
/** Most topics one device may hold. */
export const MAX_PUSH_TOPICS = 100;

const topicList = () =>
  z
    .string({ error: 'push.subscribeInvalid' })
    .max(4000, { error: 'push.subscribeInvalid' })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(PRICE_TOPIC_PATTERN, { error: 'push.subscribeInvalid' }))
        .max(MAX_PUSH_TOPICS, { error: 'push.subscribeInvalid' }),
    );

/** An app's push client id is at most this long. */
export const PUSH_CLIENT_ID_MAX = 256;

/** A browser's PushSubscription.toJSON(): an https endpoint and the P-256 key and auth secret to encrypt for. */
export const ZWebPushSubscription = z.object({
  endpoint: z
    .string()
    .max(1000)
    .regex(/^https:\/\/[^\s]+$/),
  keys: z.object({
    // 65 bytes (an uncompressed P-256 point, 0x04 first) and 16 bytes, base64url.
    p256dh: z.string().regex(/^B[A-P][A-Za-z0-9_-]{85}=?$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/),
  }),
});
export type TWebPushSubscription = z.infer<typeof ZWebPushSubscription>;

/**
 * A device's push token: an app's client id as it is, or, from the web app, its PushSubscription as
 * JSON text, which is known by its endpoint and carries the keys pushes are encrypted with.
 */
const pushToken = () =>
  z
    .string({ error: 'common.required' })
    .trim()
    .min(1, { error: 'common.required' })
    .max(4000, { error: 'common.tooLong' })
    .transform((value, ctx): { token: string; subscription: TWebPushSubscription | undefined } => {
      if (!value.startsWith('{')) {
        if (value.length > PUSH_CLIENT_ID_MAX) ctx.addIssue({ code: 'custom', message: 'common.tooLong' });
        return { token: value, subscription: undefined };
      }
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        json = undefined;
      }
      const parsed = ZWebPushSubscription.safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'push.subscriptionInvalid' });
        return { token: value, subscription: undefined };
      }
      const { endpoint, keys } = parsed.data;
      return { token: endpoint, subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } } };
    });

/** `relg/bind_token`: binds the device's push token (an app's client id or a web PushSubscription) to the logged-in user. */
export const ZBindTokenRequest = z.object({ token: pushToken() });

/** `relg/unbind_token`: the user turned notifications off on this device. */
export const ZUnbindTokenRequest = z.object({ token: pushToken() });

/** `relg/push_key`: what the web app subscribes with, and how long a binding lasts before it is renewed. */
export const ZPushKey = z.object({
  /** The server's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe. */
  publicKey: z.string(),
  /** SPEC §9: a device re-binds when its binding is older than this. */
  rebindMs: z.number(),
});

/**
 * What the service worker receives. Type 1 (SPEC §8): a chat message; `id` is the sender's userId
 * and a click opens that chat. Type 2: a notice; a click opens the app.
 */
export const PushPayloadType = { chat: 1, notice: 2 } as const;
export const ZPushPayload = z.object({
  type: z.number().int(),
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

/**
 * `relg/update_subscribe`: `subscribe` is the device's wanted topics; `pre`, when sent, is the list the
 * device held before, and topics in `pre` but not in `subscribe` are removed. Without `pre` the
 * device's topics become exactly `subscribe`.
 */
export const ZUpdateSubscribeRequest = z.object({
  token: pushToken(),
  subscribe: topicList(),
  pre: topicList().optional(),
});
export const ZSubscriptions = z.object({ token: z.string(), subscribe: z.array(z.string()) });
