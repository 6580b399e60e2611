import { addFeatureNamespace } from '../../lib/i18n';
import enForm from '../../locales/en-US/form.json';
import zhForm from '../../locales/zh-CN/form.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    /** The words the form pages share (components/form). */
    form: typeof zhForm;
  }
}

/** The form kit's namespace arrives with the form pages, not in the start-up bundle. */
addFeatureNamespace('form', { 'zh-CN': zhForm, 'en-US': enForm });
