import './app/antd';
import './styles/global.css';
import './app/startPreloads';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startFootprintSync } from './features/footprints/startup';
import { startChatConnection } from './lib/chat/startup';
import { loadLanguage } from './lib/i18n';
import { getLanguage } from './lib/language';
import { registerServiceWorker } from './lib/serviceWorker';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startFootprintSync();
startChatConnection();
registerServiceWorker();
// English readers' start-up texts arrive in their own chunk; the first render waits for them. (A
// top-level await here would make the bundler split the start-up code into many smaller chunks.)
void loadLanguage(getLanguage()).then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
