import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { RequireAuth } from '../../app/RequireAuth';
import { ContentSpin, FullPageSpin } from '../../components/FullPageSpin';
import { ADMIN_BASE } from './paths';

/** A console page, loaded when first opened: the drive's first screen carries none of the console. */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactNode): RouteObject {
  return {
    lazy: async () => ({ element: render(await load()) }),
    hydrateFallbackElement: <ContentSpin />,
  };
}

/**
 * The administrator's console (issue 6) at /pcview/admin, the default of admin_portal_url (the
 * avatar menu's "manage background"). Its own frame: the console's side menu replaces the app's.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: ADMIN_BASE,
    lazy: async () => {
      const { AdminLayout } = await import('./AdminLayout');
      return {
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
      };
    },
    hydrateFallbackElement: <FullPageSpin />,
    children: [
      { index: true, element: <Navigate to="people" replace /> },
      {
        path: 'people',
        ...page(
          () => import('./PeoplePage'),
          (m) => <m.PeoplePage />,
        ),
      },
      {
        path: 'departments',
        ...page(
          () => import('./DepartmentsPage'),
          (m) => <m.DepartmentsPage />,
        ),
      },
      {
        path: 'import',
        ...page(
          () => import('./ImportPage'),
          (m) => <m.ImportPage />,
        ),
      },
      {
        path: 'quotas',
        ...page(
          () => import('./QuotasPage'),
          (m) => <m.QuotasPage />,
        ),
      },
      {
        path: 'settings',
        ...page(
          () => import('./SettingsPage'),
          (m) => <m.SettingsPage />,
        ),
      },
      {
        path: 'moderation',
        ...page(
          () => import('./ModerationPage'),
          (m) => <m.ModerationPage />,
        ),
      },
      {
        path: 'feedback',
        ...page(
          () => import('./InboxPages'),
          (m) => <m.FeedbackPage />,
        ),
      },
      {
        path: 'identities',
        ...page(
          () => import('./InboxPages'),
          (m) => <m.IdentitiesPage />,
        ),
      },
      {
        path: 'outbox',
        ...page(
          () => import('./InboxPages'),
          (m) => <m.OutboxPage />,
        ),
      },
      {
        path: 'audit',
        ...page(
          () => import('./InboxPages'),
          (m) => <m.AuditPage />,
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
