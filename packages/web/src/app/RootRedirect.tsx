import { Navigate } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { useSelfUser } from '../features/auth/queries';
import { LANDING_PATH, paths } from './paths';

/** The root path: my drive when logged in, else the landing page (spec 000 §2). The server does the same. */
export function RootRedirect() {
  const self = useSelfUser();
  if (self.isPending) return <FullPageSpin />;
  return <Navigate to={self.data ? paths.drive : LANDING_PATH} replace />;
}
