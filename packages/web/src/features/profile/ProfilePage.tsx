import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { UserCard } from './UserCard';

/** The user card as a page (spec 000 §2: "a profile page is also reachable under /pcview/"). */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('profile.title'));
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <div className="cirrus-profile-page">
      <Card title={<h1 className="cirrus-title-heading">{t('profile.title')}</h1>}>
        <UserCard userId={id} />
      </Card>
    </div>
  );
}
