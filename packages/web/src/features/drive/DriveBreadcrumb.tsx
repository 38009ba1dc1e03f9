import { ArrowLeftOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HoverTooltip } from '../../components/HoverTooltip';
import { desktopClient } from '../settings/desktop-client';
import { buildCrumbs, type Crumb, collapseCrumbs, collapseToLast, parentCrumb, pathIsOf } from './crumbs';
import type { DriveLocation, FolderRef, PersonalSpaceIds } from './location';
import { useFolderPath } from './queries';
import { useFolderDropTarget, useMoveOnDrop } from './useDragMove';
import { DRIVE_PHONE_QUERY, useMediaQuery } from './useMediaQuery';

interface DriveBreadcrumbProps {
  location: DriveLocation;
  teamName?: string;
  /** The id of the space the location is in, once known. */
  spaceId?: number;
  personal?: PersonalSpaceIds;
}

/** A crumb above the current folder; rows of the list dropped on it move into its folder, and held there open it. */
function CrumbLink({ crumb, drop }: { crumb: Crumb; drop: (to: FolderRef) => void }) {
  const navigate = useNavigate();
  const target = useFolderDropTarget(crumb.folder, drop, () => navigate(crumb.to));
  return (
    <Link
      to={crumb.to}
      className={`cirrus-crumb${target.over ? ' is-drop-target' : ''}`}
      title={crumb.label}
      {...target.handlers}
    >
      {crumb.label}
    </Link>
  );
}

/** Where the list is: back link, crumbs, and an ellipsis menu for the crumbs that do not fit. */
export function DriveBreadcrumb({ location, teamName, spaceId, personal = {} }: DriveBreadcrumbProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loaded = useFolderPath(location.folderId || undefined).data;
  const path = loaded && pathIsOf(location, loaded.group) ? loaded : undefined;
  const crumbs = buildCrumbs(
    location,
    {
      mine: t('drive.spaces.mine'),
      uploads: t('drive.spaces.uploads'),
      team: teamName ?? path?.group.name,
      allFiles: desktopClient ? t('drive.crumbs.allFiles') : undefined,
    },
    path?.path ?? [],
    { current: spaceId, personal },
  );
  const drop = useMoveOnDrop(personal);
  // A phone's width has room for the current folder alone; the others go into the ellipsis menu.
  const phone = useMediaQuery(DRIVE_PHONE_QUERY);
  const { shown, hidden } = phone ? collapseToLast(crumbs) : collapseCrumbs(crumbs);
  const ellipsisAt = phone ? 0 : 1;
  const parent = parentCrumb(crumbs);
  const last = crumbs.at(-1);

  const items = shown.flatMap((crumb, index) => {
    const item = {
      key: crumb.key,
      title:
        crumb === last ? (
          <span className="cirrus-crumb-current" title={crumb.label} aria-current="page">
            {crumb.label}
          </span>
        ) : (
          <CrumbLink crumb={crumb} drop={drop} />
        ),
    };
    if (index !== ellipsisAt || hidden.length === 0) return [item];
    const ellipsis = {
      key: 'more',
      title: (
        <Dropdown
          autoFocus
          trigger={['click']}
          menu={{
            items: hidden.map((c) => ({ key: c.key, label: c.label })),
            onClick: ({ key }) => {
              const target = hidden.find((c) => c.key === key);
              if (target) void navigate(target.to);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            icon={<EllipsisOutlined aria-hidden />}
            aria-label={t('drive.crumbs.more')}
          />
        </Dropdown>
      ),
    };
    return [ellipsis, item];
  });

  return (
    <div className="cirrus-crumbs">
      {parent && (
        <HoverTooltip title={t('drive.crumbs.back')}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined aria-hidden />}
            aria-label={t('drive.crumbs.back')}
            onClick={() => void navigate(parent.to)}
          />
        </HoverTooltip>
      )}
      <Breadcrumb items={items} aria-label={t('drive.crumbs.label')} />
    </div>
  );
}
