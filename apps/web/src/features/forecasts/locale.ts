import { addFeatureNamespace } from '../../lib/i18n';
import enForecasts from '../../locales/en-US/forecasts.json';
import zhForecasts from '../../locales/zh-CN/forecasts.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    forecasts: typeof zhForecasts;
  }
}

/** The forecasts namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('forecasts', { 'zh-CN': zhForecasts, 'en-US': enForecasts });
