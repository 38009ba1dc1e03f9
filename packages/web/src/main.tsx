import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { watchForNewBuild } from './app/new-build';
import { AppProviders, createQueryClient } from './app/providers';
import { createRouter } from './app/router';
import { initI18n } from './i18n';
// antd's styles, prebuilt (app/theme.ts, zeroRuntime), before ours so that ours win.
import 'antd/dist/antd.css';
import './styles.css';

initI18n();
watchForNewBuild();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// One cache for the router's prefetches (app/prefetch.ts) and the pages' queries.
const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createRouter(queryClient)} />
    </AppProviders>
  </StrictMode>,
);
