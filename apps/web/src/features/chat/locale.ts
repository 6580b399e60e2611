import { addFeatureNamespace } from '../../lib/i18n';
import enChat from '../../locales/en-US/chat.json';
import zhChat from '../../locales/zh-CN/chat.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    chat: typeof zhChat;
  }
}

/** The chat namespace arrives with the conversation list and chat_page, not in the start-up bundle. */
addFeatureNamespace('chat', { 'zh-CN': zhChat, 'en-US': enChat });
