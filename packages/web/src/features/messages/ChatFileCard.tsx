import { type ChatFile, formatSize, splitExt } from '@cirrus/shared';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileTypeIcon } from '../../components/FileTypeIcon';
import { drivePath } from '../drive/location';
import { previewPath } from '../preview/paths';

/**
 * Where a file message leads: one file to its preview, a batch to the folder its first file went
 * to. Whoever may not see it (or finds it deleted since) meets the preview's or the folder's own
 * not-found handling; the card itself only tells what was added.
 */
export function chatFilePath(file: ChatFile): string {
  return file.more === 0
    ? previewPath(file.fileid)
    : drivePath({ area: 'team', gid: file.groupid, folderId: file.parentid });
}

/** A file message in a line of text (the conversation list's last message): "Shared a file: X". */
export function chatFileText(file: ChatFile, t: TFunction): string {
  return file.more === 0
    ? t('message.fileShared', { name: file.name })
    : t('message.filesShared', { name: file.name, count: file.more, total: file.more + 1 });
}

/** The file card of a file message (a team's im_push): type icon, name, size, and how many came with it. */
export function ChatFileCard({ file }: { file: ChatFile }) {
  const { t } = useTranslation();
  const extname = splitExt(file.name).ext.toLowerCase();
  return (
    <Link
      to={chatFilePath(file)}
      className="cirrus-chat-file"
      aria-label={
        file.more === 0
          ? t('message.fileOpen', { name: file.name })
          : t('message.fileOpenFolder', { name: file.name })
      }
    >
      <FileTypeIcon file={{ ftype: 'file', extname }} size={32} />
      <span className="cirrus-chat-file-text">
        <Typography.Text ellipsis className="cirrus-chat-file-name">
          {file.name}
        </Typography.Text>
        <Typography.Text type="secondary" className="cirrus-chat-file-meta">
          {formatSize(file.size)}
          {file.more > 0 && ` · ${t('message.fileMore', { count: file.more })}`}
        </Typography.Text>
      </span>
    </Link>
  );
}
