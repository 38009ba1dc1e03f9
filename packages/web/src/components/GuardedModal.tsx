import { MODAL_CANCEL_GUARD_MS } from '@cirrus/shared';
import { Modal, type ModalProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * The app's only dialog: antd's Modal, except that a cancel (close button, Cancel, Esc, mask click)
 * within MODAL_CANCEL_GUARD_MS of opening is ignored (spec 000 §2), so the click or key press that
 * opened a dialog cannot close it again at once.
 */
export function GuardedModal({ open, onCancel, ...props }: ModalProps) {
  const openedAt = useRef(0);

  useEffect(() => {
    if (open) openedAt.current = Date.now();
  }, [open]);

  const guardedCancel: ModalProps['onCancel'] = (event) => {
    if (Date.now() - openedAt.current < MODAL_CANCEL_GUARD_MS) return;
    onCancel?.(event);
  };

  return <Modal destroyOnHidden {...props} open={open} onCancel={guardedCancel} />;
}
