import {
  CodeFilled,
  FileExcelFilled,
  FileFilled,
  FileImageFilled,
  FilePdfFilled,
  FilePptFilled,
  FileTextFilled,
  FileWordFilled,
  FileZipFilled,
  FolderFilled,
  SoundFilled,
  VideoCameraFilled,
} from '@ant-design/icons';
import { type FileTypeGroup, fileTypeGroup } from '@cirrus/shared';
import type { ComponentType, CSSProperties } from 'react';

type IconComponent = ComponentType<{ style?: CSSProperties; className?: string; 'aria-hidden'?: boolean }>;

/** One icon and colour per type group of the shared catalogue (spec 001 §3), the colours office users know. */
const ICONS: Record<FileTypeGroup | 'folder' | 'other', { Icon: IconComponent; color: string }> = {
  folder: { Icon: FolderFilled, color: '#f5b82e' },
  doc: { Icon: FileWordFilled, color: '#2b579a' },
  spreadsheet: { Icon: FileExcelFilled, color: '#217346' },
  csv: { Icon: FileExcelFilled, color: '#3a9a66' },
  presentation: { Icon: FilePptFilled, color: '#d24726' },
  pdf: { Icon: FilePdfFilled, color: '#e2403a' },
  image: { Icon: FileImageFilled, color: '#8a5cf5' },
  zip: { Icon: FileZipFilled, color: '#a06b2d' },
  code: { Icon: CodeFilled, color: '#3f6cd8' },
  text: { Icon: FileTextFilled, color: '#6b7a99' },
  audio: { Icon: SoundFilled, color: '#e8488b' },
  video: { Icon: VideoCameraFilled, color: '#1a9fc9' },
  other: { Icon: FileFilled, color: '#94a3b8' },
};

export function fileIconKind(file: { ftype: string; extname: string }): keyof typeof ICONS {
  if (file.ftype === 'folder' || file.ftype === 'delfolder') return 'folder';
  return fileTypeGroup(file.extname) ?? 'other';
}

/** The type icon in front of a file or folder name. */
export function FileTypeIcon({
  file,
  size = 22,
}: {
  file: { ftype: string; extname: string };
  size?: number;
}) {
  const { Icon, color } = ICONS[fileIconKind(file)];
  return <Icon aria-hidden className="cirrus-file-icon" style={{ color, fontSize: size }} />;
}
