import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { MyActivityPage, TeamActivityPage } from '../features/activity/TeamActivityPage';
import { adminRoutes } from '../features/admin/routes';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignupPage } from '../features/auth/SignupPage';
import { ContactsPage } from '../features/contacts/ContactsPage';
import { GroupContactsPage } from '../features/contacts/GroupContactsPage';
import { DrivePage } from '../features/drive/DrivePage';
import { LandingPage } from '../features/landing/LandingPage';
import { MessagesPage } from '../features/messages/MessagesPage';
import { previewRoutes } from '../features/preview/routes';
import { ProfilePage } from '../features/profile/ProfilePage';
import { RecentPage } from '../features/recent/RecentPage';
import { MyBinPage, TeamBinPage } from '../features/recycle/BinPage';
import { RecycleHome } from '../features/recycle/RecycleHome';
import { SearchAllPage, SearchListPage } from '../features/search/SearchPages';
import { SharedPage } from '../features/share/SharedPage';
import { StarredPage } from '../features/stars/StarredPage';
import { ApprovePage } from '../features/teams/ApprovePage';
import { JoinByInvitePage } from '../features/teams/JoinByInvitePage';
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
import { RequireAuth } from './RequireAuth';
import { RootRedirect } from './RootRedirect';
import { RouteError } from './RouteError';

/**
 * Full-path routes (no basename): the login and landing pages live outside the app's base path.
 * Areas that later issues fill in (admin, share, recycle ...) are deliberately not defined yet,
 * so their addresses show the real 404 page rather than a placeholder.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: LOGIN_PATH, element: <LoginPage /> },
      { path: FORGOT_PASSWORD_PATH, element: <ForgotPasswordPage /> },
      { path: RESET_PASSWORD_PATH, element: <ResetPasswordPage /> },
      { path: SIGNUP_PATH, element: <SignupPage /> },
      { path: LANDING_PATH, element: <LandingPage /> },
      // The preview views and the preview shell's /403 and /502 (spec 001 §2), loaded on demand.
      ...previewRoutes,
      // Issue 6: the administrator's console (/pcview/admin), in a frame of its own.
      ...adminRoutes,
      {
        path: APP_BASE,
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.drive} replace /> },
          // spec 001 §2; the folder and uploaded-files shapes are ours (features/drive/location.ts).
          { path: 'drive', element: <DrivePage area="mine" /> },
          { path: 'drive/folder/:fid', element: <DrivePage area="mine" /> },
          { path: 'drive/tmp', element: <DrivePage area="uploads" /> },
          { path: 'drive/tmp/:fid', element: <DrivePage area="uploads" /> },
          { path: 'drive/group/:gid', element: <DrivePage area="team" /> },
          { path: 'drive/group/:gid/:fid', element: <DrivePage area="team" /> },
          // Issue 4 (spec 001 §2): recycle bins, starred, recent, activity (features/recent/drive-paths.ts).
          // Static segments rank above drive/group/:gid/:fid, so "recycle" and "activity" are no folder ids.
          { path: 'drive/recycle', element: <RecycleHome section="all" /> },
          { path: 'drive/recycle/my', element: <MyBinPage /> },
          { path: 'drive/recycle/group', element: <RecycleHome section="teams" /> },
          { path: 'drive/recycle/group/:gid', element: <TeamBinPage /> },
          { path: 'drive/group/:gid/recycle', element: <TeamBinPage /> },
          { path: 'drive/group/:gid/activity', element: <TeamActivityPage /> },
          { path: 'drive/activity', element: <MyActivityPage /> },
          { path: 'drive/stared', element: <StarredPage /> },
          { path: 'drive/recent', element: <RecentPage /> },
          // Issue 8 (spec 002 §2): files shared with me and by me.
          { path: 'drive/share', element: <SharedPage /> },
          { path: 'message', element: <MessagesPage /> },
          { path: 'contacts', element: <ContactsPage /> },
          // Issue 5: my teams (spec 000 §2), the approval list (spec 001 §2), the invite link's page (ours).
          { path: 'contacts/group', element: <GroupContactsPage /> },
          { path: 'contacts/group/:id', element: <GroupContactsPage /> },
          { path: 'drive/approve', element: <ApprovePage /> },
          { path: 'team/invite/:code', element: <JoinByInvitePage /> },
          { path: 'user/:userId', element: <ProfilePage /> },
          // Issue 9 (spec 001 §2): all results, and one kind in full under the area searched from.
          { path: 'search/:keyword?', element: <SearchAllPage /> },
          { path: ':area/search/team/:keyword?', element: <SearchListPage kind="team" /> },
          { path: ':area/search/member/:keyword?', element: <SearchListPage kind="member" /> },
          { path: ':area/search/file/:keyword?', element: <SearchListPage kind="file" /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage fullPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
