import { ClockCircleOutlined } from '@ant-design/icons';
import { type FileRecord, formatRelativeTime, type GroupRecord, toMillis } from '@cirrus/shared';
import { Button, Empty, Popover, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/http';
import { FileThumb } from '../../components/FileThumb';
import { useNow } from '../../components/useNow';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useLanguage } from '../../i18n';
import { drivePath } from './location';
import { useQuickFiles } from './queries';

/** Where a file of the quick view opens: a folder itself, a file in its folder. */
function linkOf(team: GroupRecord, file: FileRecord): string {
  const folderId = file.ftype === 'folder' ? file.id : file.parentid;
  return drivePath({ area: 'team', gid: team.id, folderId });
}

/** The list answers folders first; the quick view is by time alone, newest first. */
function newestFirst(files: FileRecord[]): FileRecord[] {
  return [...files].sort((a, b) => toMillis(b.mtime) - toMillis(a.mtime));
}

function QuickFiles({ team, onNavigate }: { team: GroupRecord; onNavigate: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const now = useNow();
  const quick = useQuickFiles(team.id, true);
  if (quick.isPending) return <Spin className="cirrus-quick-spin" />;
  if (quick.isError)
    return <Typography.Text type="danger">{errorMessage(quick.error, language)}</Typography.Text>;
  return (
    <div className="cirrus-quick">
      {quick.data.files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drive.quick.empty')} />
      ) : (
        <ul className="cirrus-quick-list">
          {newestFirst(quick.data.files).map((file) => (
            <li key={file.id}>
              <Link to={linkOf(team, file)} onClick={onNavigate} className="cirrus-quick-item">
                <FileThumb file={file} box={22} iconSize={18} />
                <span className="cirrus-quick-name" title={file.fname}>
                  {file.fname}
                </span>
                <span className="cirrus-quick-time">
                  {formatRelativeTime(toMillis(file.mtime), now, language)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="cirrus-quick-footer">
        <Link to={drivePath({ area: 'team', gid: team.id, folderId: 0 })} onClick={onNavigate}>
          {t('drive.quick.openTeam')}
        </Link>
      </div>
    </div>
  );
}

/**
 * A team's newest 11 files (spec 001 §7 "quick team 11"), behind a small button on its side-list
 * item. The popover (antd's trigger, with its observers and portal) is mounted from the first
 * click: every team in the side list has the button, and the first screen need not pay for a
 * popover per team (bench W8).
 */
export function TeamQuickView({ team }: { team: GroupRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  const button = (
    <Button
      type="text"
      size="small"
      className="cirrus-space-quick"
      icon={<ClockCircleOutlined aria-hidden />}
      aria-label={t('drive.quick.open', { name: team.name })}
      onClick={mounted ? undefined : () => setOpen(true)}
    />
  );
  if (!mounted) return button;
  return (
    <Popover
      trigger="click"
      placement="rightTop"
      open={open}
      onOpenChange={setOpen}
      title={t('drive.quick.title')}
      content={open ? <QuickFiles team={team} onNavigate={() => setOpen(false)} /> : null}
      destroyOnHidden
    >
      {button}
    </Popover>
  );
}
