import { addFeatureNamespace } from '../../lib/i18n';
import enAgentBuys from '../../locales/en-US/agentBuys.json';
import zhAgentBuys from '../../locales/zh-CN/agentBuys.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    agentBuys: typeof zhAgentBuys;
  }
}

/** The agent-request namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('agentBuys', { 'zh-CN': zhAgentBuys, 'en-US': enAgentBuys });
