import './app/antd';
import './lib/i18n';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startFootprintSync } from './features/footprints/startup';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startFootprintSync();

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
