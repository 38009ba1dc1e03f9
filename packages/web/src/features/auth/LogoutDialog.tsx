import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLogout } from './queries';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The exit confirmation of spec 002 §2; on confirm, logout and on to the login page. */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const logout = useLogout();

  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={t('logout.title')}
      okText={t('logout.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={logout.isPending || logout.isSuccess}
      onOk={() => logout.mutate(undefined, { onError: (error) => notify.error(error) })}
      width={420}
    >
      {t('logout.content')}
    </GuardedModal>
  );
}
