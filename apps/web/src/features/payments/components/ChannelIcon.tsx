import type { PayChannel } from '@metal/shared';

/** Each way of paying's mark in its own colour: WeChat's green, Alipay's blue, the bank's steel. */
export function ChannelIcon({ channel }: { channel: PayChannel }) {
  return (
    <svg className={`mm-pay-icon is-${channel}`} viewBox="0 0 24 24" aria-hidden="true">
      {channel === 'wxpay' && (
        <path d="M9.5 4C5.4 4 2 6.8 2 10.2c0 1.9 1 3.6 2.7 4.8L4 17.5l2.9-1.5c.8.2 1.7.4 2.6.4h.4a5.6 5.6 0 0 1-.2-1.5c0-3.4 3.2-6.1 7.2-6.1h.5C16.7 6.2 13.4 4 9.5 4Zm-2.6 3.1a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm5.2 0a1 1 0 1 1 0 2 1 1 0 0 1 0-2ZM16.9 10c-3.4 0-6.1 2.2-6.1 5s2.7 5 6.1 5c.7 0 1.4-.1 2-.3l2.3 1.2-.6-2c1.5-.9 2.4-2.3 2.4-3.9 0-2.8-2.7-5-6.1-5Zm-2 2.6a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Zm4 0a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z" />
      )}
      {channel === 'alipay' && (
        <path d="M5 3h14a2 2 0 0 1 2 2v9.6c-1.7-.6-4.2-1.5-6.3-2.2.6-1.1 1.1-2.4 1.4-3.8H12.6V7.4h4V6.6h-4V5h-1.8v1.6h-4v.8h4v1.2H7.5v.8h6.9a9.4 9.4 0 0 1-.9 2.4c-2.1-.6-4.1-1-5.5-.8-2.3.3-3.4 1.6-3.1 3.2.3 1.5 2.1 2.6 4.6 2 1.7-.4 3.1-1.3 4.3-2.7 2 1 5.2 2.6 7.2 3.7V19a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3.6 10c1.2-.1 2.7.3 4.2.9-1 1.2-2.3 2-3.6 2.2-1.6.2-2.6-.4-2.6-1.4 0-.9.8-1.6 2-1.7Z" />
      )}
      {channel === 'offline' && (
        <path d="M12 2 2 7v2h20V7L12 2Zm-7 9v7h2v-7H5Zm4 0v7h2v-7H9Zm4 0v7h2v-7h-2Zm4 0v7h2v-7h-2ZM2 20v2h20v-2H2Z" />
      )}
    </svg>
  );
}
