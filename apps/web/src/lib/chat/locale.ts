import enChatConnection from '../../locales/en-US/chatConnection.json';
import zhChatConnection from '../../locales/zh-CN/chatConnection.json';
import { addFeatureNamespace } from '../i18n';

/** The chat connection's toasts arrive with the chat code, not in the start-up bundle. */
addFeatureNamespace('chatConnection', { 'zh-CN': zhChatConnection, 'en-US': enChatConnection });
