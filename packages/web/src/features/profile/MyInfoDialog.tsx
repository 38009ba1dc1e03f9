import type { SelfUser } from '@cirrus/shared';
import { useTranslation } from 'react-i18next';
import { UserCardDialog } from './UserCardDialog';

interface MyInfoDialogProps {
  open: boolean;
  onClose: () => void;
  user: SelfUser;
}

/** "My info" from the avatar menu: one's own user card, editable in place. */
export function MyInfoDialog({ open, onClose, user }: MyInfoDialogProps) {
  const { t } = useTranslation();
  return <UserCardDialog userId={user.id} open={open} onClose={onClose} title={t('myInfo.title')} />;
}
