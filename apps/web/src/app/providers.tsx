import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18next, useLanguage } from '../lib/i18n';
import { queryClient } from '../lib/queryClient';
import { antdLocales } from './antd';

export function Providers({ children }: { children: ReactNode }) {
  const [lang] = useLanguage();
  return (
    <I18nextProvider i18n={i18next}>
      <ConfigProvider locale={antdLocales[lang]}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
