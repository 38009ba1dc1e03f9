import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { BridgeError } from '../desktop/bridge';
import { useDesktopTransfersRunning } from '../desktop/queries';
import { useDesktopFailure } from '../desktop/useDesktopFailure';
import { useLogout } from './queries';

interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The exit confirmation of spec 002 §2; on confirm, logout and on to the login page. Inside the
 * desktop client it says when transfers are running, which logging out stops (§4), and a logout
 * the client refuses or cannot make offline is logoutFailed.
 */
export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const desktopFailure = useDesktopFailure();
  const logout = useLogout();
  const transfersRunning = useDesktopTransfersRunning(open);

  return (
    <GuardedModal
      open={open}
      onCancel={onClose}
      title={t('logout.title')}
      okText={t('logout.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={logout.isPending || logout.isSuccess}
      onOk={() =>
        logout.mutate(undefined, {
          onError: (error) => (error instanceof BridgeError ? desktopFailure(error) : notify.error(error)),
        })
      }
      width={420}
    >
      {transfersRunning ? t('logout.transfersRunning') : t('logout.content')}
    </GuardedModal>
  );
}
