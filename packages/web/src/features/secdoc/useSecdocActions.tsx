import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { FileRecord } from '@cirrus/shared';
import type { MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { managesSpaceOf } from '../drive/file-actions';

// Loaded when a document's rights are first opened: the drive's first screen carries none of it.
const RightsDialog = lazy(() => import('./RightsDialog').then((m) => ({ default: m.RightsDialog })));

export const SECDOC_RIGHTS_ACTION = 'secdocRights';

/**
 * "Document rights" for a list of files: a menu entry on one security document, and its dialog.
 * A list adds `menuItems(files)` to its menu, passes unknown keys to `run`, renders `dialogs` once.
 */
export function useSecdocActions() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<{ file: FileRecord; key: number }>();
  const [open, setOpen] = useState(false);

  const menuItems = (files: readonly FileRecord[]): NonNullable<MenuProps['items']> =>
    files.length === 1 && files[0].safeFile
      ? [
          {
            key: SECDOC_RIGHTS_ACTION,
            icon: <SafetyCertificateOutlined aria-hidden />,
            label: t('secdoc.action'),
          },
        ]
      : [];

  const run = (key: string, files: readonly FileRecord[]): boolean => {
    if (key !== SECDOC_RIGHTS_ACTION || files.length !== 1) return false;
    setTarget((current) => ({ file: files[0], key: (current?.key ?? 0) + 1 }));
    setOpen(true);
    return true;
  };

  const dialogs = target && (
    <Suspense fallback={null}>
      <RightsDialog
        key={target.key}
        file={target.file}
        manages={managesSpaceOf(target.file)}
        open={open}
        onClose={() => setOpen(false)}
      />
    </Suspense>
  );

  return { menuItems, run, dialogs };
}
