import { splitExt } from '@cirrus/shared';
import { Button, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FileTypeIcon } from '../../../components/FileTypeIcon';
import { HoverTooltip } from '../../../components/HoverTooltip';

interface TaskRowFrameProps {
  name: string;
  /** The name's tooltip, when it says more than the name (a folder upload's path). */
  title?: string;
  /** Shown as data-status, for the row's styles. */
  status: string;
  /** A bar while the file is under way. */
  progress?: { percent: number; label: string; active: boolean };
  detail: string;
  danger: boolean;
  actions: ReactNode;
}

/**
 * One file's row in an upload panel: its icon, name, progress bar and detail line, and its
 * actions. The browser's uploads (UploadTaskPanel) and the desktop client's (DesktopTaskPanel)
 * look the same.
 */
export function TaskRowFrame({ name, title, status, progress, detail, danger, actions }: TaskRowFrameProps) {
  return (
    <div className="cirrus-upload-row" data-status={status}>
      <FileTypeIcon file={{ ftype: 'file', extname: splitExt(name).ext }} size={24} />
      <div className="cirrus-upload-main">
        <div className="cirrus-upload-name" title={title ?? name}>
          {name}
        </div>
        {progress ? (
          <Progress
            aria-label={progress.label}
            percent={progress.percent}
            size="small"
            showInfo={false}
            status={progress.active ? 'active' : 'normal'}
            className="cirrus-upload-progress"
          />
        ) : null}
        <Typography.Text
          type={danger ? 'danger' : 'secondary'}
          className="cirrus-upload-detail"
          title={detail}
        >
          {detail}
        </Typography.Text>
      </div>
      <div className="cirrus-upload-actions">{actions}</div>
    </div>
  );
}

/** A row's small icon button with its tooltip; `label` names it for a screen reader. */
export function TaskButton({
  title,
  label = title,
  icon,
  onClick,
}: {
  title: string;
  label?: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  return (
    <HoverTooltip title={title}>
      <Button type="text" size="small" icon={icon} aria-label={label} onClick={onClick} />
    </HoverTooltip>
  );
}
