import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LANDING_PATH, safeReturnUrl } from '../../app/paths';
import { useGoTo } from '../../app/useGoTo';
import { FullPageSpin } from '../../components/FullPageSpin';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';
import { useSelfUser } from './queries';

/**
 * /cts?cb=<return url>: log in, then back to cb when it is on this origin (else my drive). A user
 * who is logged in already goes straight on; so does one who just logged in, since login stores the
 * user in the query the page watches.
 */
export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('login.title'));
  const [params] = useSearchParams();
  const returnTo = safeReturnUrl(params.get('cb'), window.location.origin);
  const self = useSelfUser();
  const goTo = useGoTo();

  useEffect(() => {
    if (self.data) goTo(returnTo);
  }, [self.data, returnTo, goTo]);

  if (self.isPending || self.data) return <FullPageSpin />;

  return (
    <AuthShell
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Link to={LANDING_PATH} className="cirrus-login-more">
          {t('login.backToHome')}
        </Link>
      }
    >
      <LoginForm />
    </AuthShell>
  );
}
