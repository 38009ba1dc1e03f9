import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { GuardedModal } from '../../components/GuardedModal';
import { UserCard } from './UserCard';
import './profile.css';

interface UserCardDialogProps {
  userId: number;
  open: boolean;
  onClose: () => void;
  title?: string;
}

/** The user detail dialog (spec 000 §2): the card in a dialog, with a way to open it as a page. */
export function UserCardDialog({ userId, open, onClose, title }: UserCardDialogProps) {
  const { t } = useTranslation();
  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={
        <>
          {title ?? t('profile.title')}
          <Link to={paths.user(userId)} onClick={onClose} className="cirrus-user-card-open">
            <Button type="text" icon={<ExportOutlined />} aria-label={t('profile.openAsPage')} />
          </Link>
        </>
      }
      classNames={{ title: 'cirrus-user-card-dialog-title' }}
      footer={null}
      width={560}
    >
      <UserCard userId={userId} />
    </GuardedModal>
  );
}
