import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/ButtonLink';
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
          <ButtonLink
            to={paths.user(userId)}
            onClick={onClose}
            className="cirrus-user-card-open"
            type="text"
            icon={<ExportOutlined />}
            aria-label={t('profile.openAsPage')}
          />
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
