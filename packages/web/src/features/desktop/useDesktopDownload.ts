import { type DesktopDownloadItem, errorText, type FileRecord } from '@cirrus/shared';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { isBatchDownload, preflightBatch } from '../drive/download';
import { desktopClient } from '../settings/desktop-client';
import { desktopBridge } from './bridge';
import { desktopTasks } from './queries';
import { useDesktopFailure } from './useDesktopFailure';

type DownloadableFile = Pick<FileRecord, 'id' | 'fname' | 'ftype' | 'fsize'>;

/** What the client is given of each item to download (shared DesktopDownloadRequest). */
export function desktopDownloadItems(files: readonly DownloadableFile[]): DesktopDownloadItem[] {
  return files.map((file) => ({
    fileid: file.id,
    fname: file.fname,
    ftype: file.ftype === 'folder' ? 'folder' : 'file',
    fsize: file.ftype === 'folder' ? 0 : file.fsize,
  }));
}

/**
 * Downloads through the desktop client when the page is in its window (spec 001 §7 "Commands:
 * ... download"): POST /v1/files/download, its tasks then in the task panel. A folder or several
 * items only when the client lists batchdownload (spec 001 §5: else nonsupportedBatchDownload);
 * the server tells what such a batch holds (emptyFolder, partialDownloadFail), as in a browser.
 * The returned function answers false in a plain browser, where the caller downloads itself.
 */
export function useDesktopDownload() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const notify = useNotify();
  const language = useLanguage();
  const fail = useDesktopFailure();

  const download = async (groupid: number, files: readonly DownloadableFile[]) => {
    if (isBatchDownload(files)) {
      await desktopBridge.requireFeature('batchdownload');
      await preflightBatch(groupid, files, () => notify.warning(errorText('partialDownloadFail', language)));
    }
    const items = desktopDownloadItems(files);
    const { tasks } = await desktopBridge.download({ origin: window.location.origin, groupid, items });
    // None: the user closed the client's save dialog.
    if (tasks.length === 0) return;
    desktopTasks.add(null, tasks);
    // Said here too: the viewer has no task panel.
    void message.info(
      files.length === 1
        ? t('desktop.downloadStarted', { name: files[0].fname })
        : t('desktop.downloadStartedMany', { count: files.length }),
    );
  };

  return (groupid: number, files: readonly DownloadableFile[]): boolean => {
    if (desktopClient === null || files.length === 0) return false;
    download(groupid, files).catch(fail);
    return true;
  };
}
