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

const pushToken = () =>
  z
    .string({ error: 'common.required' })
    .trim()
    .min(1, { error: 'common.required' })
    .max(256, { error: 'common.tooLong' });

/** `relg/bind_token`: binds the device's push client id to the logged-in user. */
export const ZBindTokenRequest = z.object({ token: pushToken() });

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
