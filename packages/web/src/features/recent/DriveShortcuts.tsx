import { ClockCircleOutlined, DeleteOutlined, ShareAltOutlined, StarOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { drivePaths } from './drive-paths';

function Shortcut({
  to,
  active,
  icon,
  label,
}: {
  to: string;
  active: boolean;
  icon: ReactNode;
  label: string;
}) {
  return (
    <li className={`cirrus-space${active ? ' is-active' : ''}`}>
      <Link to={to} aria-current={active ? 'page' : undefined} className="cirrus-space-link">
        <span className="cirrus-space-icon">{icon}</span>
        <span className="cirrus-space-name">{label}</span>
      </Link>
    </li>
  );
}

/**
 * The drive's own views in its side list, under my drive and the uploaded files: recent files,
 * starred files and the recycle bins (spec 001 §2 routes /drive/stared, /drive/recycle ...).
 */
export function DriveShortcuts() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const under = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  const inBin = under(drivePaths.recycle) || /\/drive\/group\/\d+\/recycle$/.test(pathname);
  return (
    <ul className="cirrus-space-group" aria-label={t('recent.shortcuts')}>
      <Shortcut
        to={drivePaths.recent}
        active={under(drivePaths.recent)}
        icon={<ClockCircleOutlined />}
        label={t('recent.title')}
      />
      <Shortcut
        to={drivePaths.starred}
        active={under(drivePaths.starred)}
        icon={<StarOutlined />}
        label={t('stars.title')}
      />
      {/* Files shared with me and by me (spec 002 §2 /drive/share, features/share). */}
      <Shortcut
        to={`${paths.drive}/share`}
        active={under(`${paths.drive}/share`)}
        icon={<ShareAltOutlined />}
        label={t('share.list.title')}
      />
      <Shortcut to={drivePaths.myBin} active={inBin} icon={<DeleteOutlined />} label={t('recycle.title')} />
    </ul>
  );
}
