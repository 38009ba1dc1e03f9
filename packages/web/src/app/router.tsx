import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ContentSpin, FullPageSpin } from '../components/FullPageSpin';
import { adminRoutes } from '../features/admin/routes';
import { DrivePage } from '../features/drive/DrivePage';
import { type DriveArea, locationFromRoute } from '../features/drive/location';
import { prefetchDrive } from '../features/drive/prefetch';
import { previewRoutes } from '../features/preview/routes';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import {
  APP_BASE,
  FORGOT_PASSWORD_PATH,
  LANDING_PATH,
  LOGIN_PATH,
  paths,
  RESET_PASSWORD_PATH,
  SIGNUP_PATH,
} from './paths';
import { prefetching } from './prefetch';
import { RequireAuth } from './RequireAuth';
import { RootRedirect } from './RootRedirect';
import { RouteError } from './RouteError';

/**
 * A page whose code loads when it is first opened: the drive's folder page is the first screen and
 * is bundled with the app; the other pages are chunks of their own. A page opened at its address
 * shows the spinner while its chunk loads; a navigation keeps the current page until it has loaded.
 */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactNode, fullPage = false): RouteObject {
  return {
    lazy: async () => ({ element: render(await load()) }),
    hydrateFallbackElement: fullPage ? <FullPageSpin /> : <ContentSpin />,
  };
}

const auth = () => import('../features/auth/pages');
const activity = () => import('../features/activity/TeamActivityPage');
const recycle = () => import('../features/recycle/BinPage');
const recycleHome = () => import('../features/recycle/RecycleHome');
const groupContacts = () => import('../features/contacts/GroupContactsPage');
const search = () => import('../features/search/SearchPages');
const starred = () => import('../features/stars/StarredPage');
const recent = () => import('../features/recent/RecentPage');
const shared = () => import('../features/share/SharedPage');
const messages = () => import('../features/messages/MessagesPage');
const contactsHome = () => import('../features/contacts/ContactsPage');
const approve = () => import('../features/teams/ApprovePage');
const joinByInvite = () => import('../features/teams/JoinByInvitePage');
const profile = () => import('../features/profile/ProfilePage');
const landing = () => import('../features/landing/LandingPage');

/** A drive page, whose data is asked for as soon as its address matches (features/drive/prefetch.ts). */
function drive(queryClient: QueryClient, path: string, area: DriveArea): RouteObject {
  return {
    path,
    element: <DrivePage area={area} />,
    loader: prefetching(queryClient, async (params: { gid?: string; fid?: string }) => {
      const location = locationFromRoute(area, params);
      if (location) await prefetchDrive(queryClient, location);
    }),
  };
}

/**
 * Full-path routes (no basename): the login and landing pages live outside the app's base path.
 * Areas that later issues fill in (admin, share, recycle ...) are deliberately not defined yet,
 * so their addresses show the real 404 page rather than a placeholder.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: LOGIN_PATH, ...page(auth, (m) => <m.LoginPage />, true) },
      { path: FORGOT_PASSWORD_PATH, ...page(auth, (m) => <m.ForgotPasswordPage />, true) },
      { path: RESET_PASSWORD_PATH, ...page(auth, (m) => <m.ResetPasswordPage />, true) },
      { path: SIGNUP_PATH, ...page(auth, (m) => <m.SignupPage />, true) },
      { path: LANDING_PATH, ...page(landing, (m) => <m.LandingPage />, true) },
      // The preview views and the preview shell's /403 and /502 (spec 001 §2), loaded on demand.
      ...previewRoutes,
      // Issue 6: the administrator's console (/pcview/admin), in a frame of its own.
      ...adminRoutes,
      {
        path: APP_BASE,
        // The guard's user and settings, asked for before the frame renders (app/prefetch.ts).
        loader: prefetching(queryClient),
        // Shown while the first address's loaders and page code load, before the frame renders.
        hydrateFallbackElement: <FullPageSpin />,
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.drive} replace /> },
          // spec 001 §2; the folder and uploaded-files shapes are ours (features/drive/location.ts).
          drive(queryClient, 'drive', 'mine'),
          drive(queryClient, 'drive/folder/:fid', 'mine'),
          drive(queryClient, 'drive/tmp', 'uploads'),
          drive(queryClient, 'drive/tmp/:fid', 'uploads'),
          drive(queryClient, 'drive/group/:gid', 'team'),
          drive(queryClient, 'drive/group/:gid/:fid', 'team'),
          // Issue 4 (spec 001 §2): recycle bins, starred, recent, activity (features/recent/drive-paths.ts).
          // Static segments rank above drive/group/:gid/:fid, so "recycle" and "activity" are no folder ids.
          { path: 'drive/recycle', ...page(recycleHome, (m) => <m.RecycleHome section="all" />) },
          { path: 'drive/recycle/my', ...page(recycle, (m) => <m.MyBinPage />) },
          { path: 'drive/recycle/group', ...page(recycleHome, (m) => <m.RecycleHome section="teams" />) },
          { path: 'drive/recycle/group/:gid', ...page(recycle, (m) => <m.TeamBinPage />) },
          { path: 'drive/group/:gid/recycle', ...page(recycle, (m) => <m.TeamBinPage />) },
          { path: 'drive/group/:gid/activity', ...page(activity, (m) => <m.TeamActivityPage />) },
          { path: 'drive/activity', ...page(activity, (m) => <m.MyActivityPage />) },
          { path: 'drive/stared', ...page(starred, (m) => <m.StarredPage />) },
          { path: 'drive/recent', ...page(recent, (m) => <m.RecentPage />) },
          // Issue 8 (spec 002 §2): files shared with me and by me.
          { path: 'drive/share', ...page(shared, (m) => <m.SharedPage />) },
          { path: 'message', ...page(messages, (m) => <m.MessagesPage />) },
          { path: 'message/group/:chatId', ...page(messages, (m) => <m.MessagesPage />) },
          { path: 'message/private/:userId', ...page(messages, (m) => <m.MessagesPage />) },
          { path: 'contacts', ...page(contactsHome, (m) => <m.ContactsPage />) },
          // Issue 5: my teams (spec 000 §2), the approval list (spec 001 §2), the invite link's page (ours).
          { path: 'contacts/group', ...page(groupContacts, (m) => <m.GroupContactsPage />) },
          { path: 'contacts/group/:id', ...page(groupContacts, (m) => <m.GroupContactsPage />) },
          { path: 'drive/approve', ...page(approve, (m) => <m.ApprovePage />) },
          { path: 'team/invite/:code', ...page(joinByInvite, (m) => <m.JoinByInvitePage />) },
          { path: 'user/:userId', ...page(profile, (m) => <m.ProfilePage />) },
          // Issue 9 (spec 001 §2): all results, and one kind in full under the area searched from.
          { path: 'search/:keyword?', ...page(search, (m) => <m.SearchAllPage />) },
          { path: ':area/search/team/:keyword?', ...page(search, (m) => <m.SearchListPage kind="team" />) },
          {
            path: ':area/search/member/:keyword?',
            ...page(search, (m) => <m.SearchListPage kind="member" />),
          },
          { path: ':area/search/file/:keyword?', ...page(search, (m) => <m.SearchListPage kind="file" />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage fullPage /> },
    ],
  },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
