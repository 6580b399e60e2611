import { contract, ZNull } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZBindTokenRequest, ZPushKey, ZSubscriptions, ZUnbindTokenRequest, ZUpdateSubscribeRequest } from './schemas';

/** The `.htmls` calls of push (see contract.ts). */
export const pushCalls = {
  bindToken: contract({
    path: 'relg/bind_token',
    auth: 'user',
    feature: 'push',
    summary: "Bind the device's push client id to the user",
    request: ZBindTokenRequest,
    response: ZNull,
  }),
  updateSubscribe: contract({
    path: 'relg/update_subscribe',
    auth: 'user',
    feature: 'push',
    summary: 'Set the price-{sortId} topics pushed to this device',
    request: ZUpdateSubscribeRequest,
    response: ZSubscriptions,
  }),
  pushKey: contract({
    path: 'relg/push_key',
    auth: 'visitor',
    feature: 'push',
    summary: "The server's VAPID public key for the web app's push subscription, and the re-bind age (90 days)",
    request: ZEmptyRequest,
    response: ZPushKey,
  }),
  unbindToken: contract({
    path: 'relg/unbind_token',
    auth: 'user',
    feature: 'push',
    summary: "Stop pushing to this device (notifications turned off); refused for another user's device",
    request: ZUnbindTokenRequest,
    response: ZNull,
  }),
} as const;
