import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { RequireAuth } from '../../app/RequireAuth';
import { ADMIN_BASE, AdminLayout } from './AdminLayout';
import { DepartmentsPage } from './DepartmentsPage';
import { ImportPage } from './ImportPage';
import { AuditPage, FeedbackPage, IdentitiesPage, OutboxPage } from './InboxPages';
import { ModerationPage } from './ModerationPage';
import { PeoplePage } from './PeoplePage';
import { QuotasPage } from './QuotasPage';
import { SettingsPage } from './SettingsPage';

/**
 * The administrator's console (issue 6) at /pcview/admin, the default of admin_portal_url (the
 * avatar menu's "manage background"). Its own frame: the console's side menu replaces the app's.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: ADMIN_BASE,
    element: (
      <RequireAuth>
        <AdminLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <Navigate to="people" replace /> },
      { path: 'people', element: <PeoplePage /> },
      { path: 'departments', element: <DepartmentsPage /> },
      { path: 'import', element: <ImportPage /> },
      { path: 'quotas', element: <QuotasPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: 'moderation', element: <ModerationPage /> },
      { path: 'feedback', element: <FeedbackPage /> },
      { path: 'identities', element: <IdentitiesPage /> },
      { path: 'outbox', element: <OutboxPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
