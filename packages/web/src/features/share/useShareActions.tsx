import { ShareAltOutlined } from '@ant-design/icons';
import { type FileRecord, hasPermission } from '@cirrus/shared';
import type { MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWarmed } from '../../components/lazyWarmed';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useIdentity } from '../profile/queries';
import { useSettings } from '../settings/queries';
import { type Shareable, type ShareTarget, shareTargetOf } from './link-draft';

// Loaded when a file is first shared: the drive's first screen carries none of the share dialogs.
const SharePanel = lazy(() => import('./SharePanel').then((m) => ({ default: m.SharePanel })));
// The identity form is typed into as it opens: its code comes once the first screen is up.
const IdentityDialog = lazyWarmed(() =>
  import('../profile/IdentityDialog').then((m) => ({ default: m.IdentityDialog })),
);

export const SHARE_ACTION = 'share';

/**
 * Whether a selection offers "Share": one item with the share permission, not a security document,
 * and sharing by link not hidden (spec 002 control_share). The server decides again.
 */
export function canShare(
  files: readonly Pick<FileRecord, 'user_acl' | 'safeFile'>[],
  controlShare: boolean,
): boolean {
  // A security document is never shared by link (shared/secdoc.ts).
  return (
    !controlShare && files.length === 1 && !files[0].safeFile && hasPermission(files[0].user_acl, 'share')
  );
}

/**
 * "Share" for any file list (the drive's list, the shared lists): its menu entry, a row button,
 * and the share panel, behind the real-name gate (spec 002 §1: where that setting is on and the
 * user is not verified, the identity prompt shows instead of the share dialog). A list adds
 * `menuItems(files)` to its menu, passes unknown keys to `run`, and renders `dialogs` once.
 */
export function useShareActions() {
  const { t } = useTranslation();
  const settings = useSettings();
  const identity = useIdentity(settings.allow_real_name);
  const [target, setTarget] = useState<ShareTarget & { key: number }>();
  const [open, setOpen] = useState(false);
  const [identityOpen, setIdentityOpen] = useState(false);
  const identityMounted = useOpenedOnce(identityOpen);

  const share = (file: Shareable) => {
    if (settings.allow_real_name && !identity.data?.verified) return setIdentityOpen(true);
    // What the list knows of the item's link and of the actor on it: a file without a link opens
    // on "Create link" without asking the server, and the new link's defaults are the server's.
    setTarget((current) => ({ ...shareTargetOf(file), key: (current?.key ?? 0) + 1 }));
    setOpen(true);
  };

  const menuItems = (files: readonly FileRecord[]): NonNullable<MenuProps['items']> =>
    canShare(files, settings.control_share)
      ? [{ key: SHARE_ACTION, icon: <ShareAltOutlined aria-hidden />, label: t('share.action') }]
      : [];

  const run = (key: string, files: readonly FileRecord[]): boolean => {
    if (key !== SHARE_ACTION || files.length !== 1) return false;
    share(files[0]);
    return true;
  };

  const shareLabel = t('share.action');
  const rowButton = (file: FileRecord) =>
    canShare([file], settings.control_share) ? (
      <button
        type="button"
        className={`cirrus-row-button${file.link ? ' is-shared' : ''}`}
        title={shareLabel}
        aria-label={t('share.actionOf', { name: file.fname })}
        onClick={() => share(file)}
      >
        <ShareAltOutlined aria-hidden />
      </button>
    ) : null;

  const dialogs = (
    <>
      {target && (
        <Suspense fallback={null}>
          <SharePanel key={target.key} file={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      {identityMounted && (
        <Suspense fallback={null}>
          <IdentityDialog open={identityOpen} onClose={() => setIdentityOpen(false)} />
        </Suspense>
      )}
    </>
  );

  return { menuItems, run, rowButton, share, dialogs };
}
