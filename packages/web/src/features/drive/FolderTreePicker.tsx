import {
  CaretDownOutlined,
  CaretRightOutlined,
  FolderAddOutlined,
  FolderFilled,
  HddOutlined,
} from '@ant-design/icons';
import { ROOT_FOLDER_ID, TEAM_SEARCH_THROTTLE_MS } from '@cirrus/shared';
import { Button, Input, Spin, Typography } from 'antd';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamAvatar } from '../../components/TeamAvatar';
import type { FolderRef } from './location';
import { NameDialog } from './NameDialog';
import { useCreateFolder, useFolderPath, useFolderTree, useMySpace, useTeams } from './queries';

/**
 * What the picker reports (spec 001 §2 "Folder/team tree picker"): targetid (a folder id, 0 for a
 * space root), targetgroupid and targetType; plus the name, for the dialog to show.
 */
export interface PickedTarget {
  targetid: number;
  targetgroupid: number;
  targetType: 'myDrive' | 'group';
  name: string;
}

export function targetFolder(target: PickedTarget): FolderRef {
  return { gid: target.targetgroupid, folderId: target.targetid };
}

interface PickerContext {
  value?: PickedTarget;
  select: (target: PickedTarget) => void;
  expanded: ReadonlySet<string>;
  toggle: (key: string) => void;
  excludedIds: ReadonlySet<number>;
  /** The key of the folder the picker opened at: shown in view once. */
  current?: string;
}

const Picker = createContext<PickerContext | null>(null);

const keyOf = (gid: number, folderId: number) => `${gid}:${folderId}`;

interface FolderNodeProps {
  gid: number;
  folderId: number;
  name: string;
  level: number;
  targetType: PickedTarget['targetType'];
  icon: ReactNode;
}

/** One folder of the tree; its sub-folders load when it opens, 100 at a time (spec 001 §4, §7). */
function FolderNode({ gid, folderId, name, level, targetType, icon }: FolderNodeProps) {
  const { t } = useTranslation();
  const ctx = useContext(Picker)!;
  const key = keyOf(gid, folderId);
  const excluded = folderId !== ROOT_FOLDER_ID && ctx.excludedIds.has(folderId);
  const expanded = ctx.expanded.has(key) && !excluded;
  const tree = useFolderTree({ gid, folderId }, expanded);
  const selected = ctx.value?.targetgroupid === gid && ctx.value.targetid === folderId;
  const leaf = excluded || (tree.isSuccess && tree.folders.length === 0);
  const select = () => ctx.select({ targetid: folderId, targetgroupid: gid, targetType, name });
  const row = useRef<HTMLDivElement>(null);
  const current = ctx.current === key;
  useEffect(() => {
    if (current) row.current?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  // spec 001 §4: a load is ignored while one runs or after the end (a short page).
  const loadMore = () => {
    if (tree.hasNextPage && !tree.isFetchingNextPage) void tree.fetchNextPage();
  };

  return (
    <li>
      <div
        ref={row}
        className={`cirrus-tree-row${selected ? ' is-selected' : ''}${excluded ? ' is-disabled' : ''}`}
        style={{ paddingInlineStart: 4 + (level - 1) * 18 }}
      >
        {leaf ? (
          <span className="cirrus-tree-caret" />
        ) : (
          <button
            type="button"
            className="cirrus-tree-caret"
            aria-label={t(expanded ? 'drive.picker.collapse' : 'drive.picker.expand', { name })}
            aria-expanded={expanded}
            onClick={() => ctx.toggle(key)}
          >
            {expanded ? <CaretDownOutlined aria-hidden /> : <CaretRightOutlined aria-hidden />}
          </button>
        )}
        <button
          type="button"
          className="cirrus-tree-label"
          aria-pressed={selected}
          aria-current={current ? 'location' : undefined}
          disabled={excluded}
          onClick={select}
          onDoubleClick={() => ctx.toggle(key)}
        >
          {icon}
          <span className="cirrus-tree-name" title={name}>
            {name}
          </span>
          {current && (
            <span className="cirrus-tree-here" aria-hidden>
              {t('drive.picker.here')}
            </span>
          )}
        </button>
      </div>
      {expanded && (
        <ul>
          {tree.isPending && (
            <li className="cirrus-tree-status" style={{ paddingInlineStart: 26 + level * 18 }}>
              <Spin size="small" />
            </li>
          )}
          {tree.isError && (
            <li className="cirrus-tree-status" style={{ paddingInlineStart: 26 + level * 18 }}>
              <Typography.Text type="danger">{t('drive.picker.loadFailed')}</Typography.Text>
            </li>
          )}
          {tree.folders.map((folder) => (
            <FolderNode
              key={folder.id}
              gid={gid}
              folderId={folder.id}
              name={folder.fname}
              level={level + 1}
              targetType={targetType}
              icon={<FolderFilled aria-hidden className="cirrus-tree-folder" />}
            />
          ))}
          {tree.hasNextPage && (
            <li style={{ paddingInlineStart: 26 + level * 18 }}>
              <Button type="link" size="small" loading={tree.isFetchingNextPage} onClick={loadMore}>
                {t('drive.picker.loadMore')}
              </Button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

/** A value that follows `value` at most every `ms` (the team search, spec 001 §9: 250 ms). */
function useThrottled<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

interface FolderTreePickerProps {
  value?: PickedTarget;
  onChange: (target: PickedTarget) => void;
  /** Folders that cannot be a target, nor anything inside them (the folders being moved). */
  excludedIds?: ReadonlySet<number>;
  /** Only this space may be a target (security documents stay in their team). */
  onlySpace?: number;
  /** Where the picker opens: that folder's space and folders down to it are expanded. */
  openAt?: FolderRef;
}

/** The keys to expand to show `at`: its space's root, the folders above it and itself. */
export function keysToOpen(at: FolderRef, path: readonly { fileid: number; ftype: string }[]): string[] {
  const keys = [keyOf(at.gid, ROOT_FOLDER_ID)];
  if (at.folderId !== ROOT_FOLDER_ID)
    for (const node of path) if (node.ftype === 'folder') keys.push(keyOf(at.gid, node.fileid));
  return keys;
}

/**
 * The folder/team tree picker (spec 001 §2): my drive and my teams, sub-folders loaded lazily,
 * team search, and a new folder inside the chosen one.
 */
export function FolderTreePicker({
  value,
  onChange,
  excludedIds = new Set(),
  onlySpace,
  openAt,
}: FolderTreePickerProps) {
  const { t } = useTranslation();
  const mySpace = useMySpace();
  const teams = useTeams();
  const createFolder = useCreateFolder();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [search, setSearch] = useState('');
  const [naming, setNaming] = useState(0);
  const query = useThrottled(search.trim().toLowerCase(), TEAM_SEARCH_THROTTLE_MS);

  // Opens where the items are (once the folder's path is known; the breadcrumb has loaded it).
  const openPath = useFolderPath(openAt?.folderId || undefined);
  const opened = useRef(false);
  useEffect(() => {
    if (!openAt || opened.current) return;
    const path = openPath.data;
    if (openAt.folderId !== ROOT_FOLDER_ID && path?.groupid !== openAt.gid) return;
    opened.current = true;
    const keys = keysToOpen(openAt, path?.path ?? []);
    setExpanded((open) => new Set([...open, ...keys]));
  }, [openAt, openPath.data]);

  // A search looks through all teams, so the rest are loaded while one is typed.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = teams;
  useEffect(() => {
    if (query && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [query, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const shownTeams = useMemo(
    () =>
      teams.teams.filter(
        (team) =>
          (onlySpace === undefined || team.id === onlySpace) &&
          (!query || team.name.toLowerCase().includes(query)),
      ),
    [teams.teams, query, onlySpace],
  );
  const showMine = !query && (onlySpace === undefined || mySpace.data?.id === onlySpace);

  const ctx: PickerContext = {
    value,
    select: onChange,
    expanded,
    excludedIds,
    current: openAt && keyOf(openAt.gid, openAt.folderId),
    toggle: (key) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
  };

  const createInTarget = async (name: string) => {
    if (!value) return;
    const created = await createFolder.mutateAsync({ folder: targetFolder(value), name });
    setExpanded((open) => new Set(open).add(keyOf(value.targetgroupid, value.targetid)));
    onChange({ ...value, targetid: created.fileid, name: created.fname });
  };

  return (
    <Picker.Provider value={ctx}>
      <div className="cirrus-picker">
        <div className="cirrus-picker-bar">
          <Input.Search
            allowClear
            placeholder={t('drive.picker.searchTeams')}
            aria-label={t('drive.picker.searchTeams')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Button
            icon={<FolderAddOutlined aria-hidden />}
            disabled={!value}
            onClick={() => setNaming((n) => n + 1)}
          >
            {t('drive.picker.newFolder')}
          </Button>
        </div>
        <ul className="cirrus-tree" aria-label={t('drive.picker.label')}>
          {showMine &&
            (mySpace.data ? (
              <FolderNode
                gid={mySpace.data.id}
                folderId={ROOT_FOLDER_ID}
                name={t('drive.spaces.mine')}
                level={1}
                targetType="myDrive"
                icon={<HddOutlined aria-hidden className="cirrus-tree-space" />}
              />
            ) : (
              <li className="cirrus-tree-status">
                <Spin size="small" />
              </li>
            ))}
          <li className="cirrus-tree-heading">
            <Typography.Text type="secondary">{t('drive.picker.teams')}</Typography.Text>
          </li>
          {shownTeams.map((team) => (
            <FolderNode
              key={team.id}
              gid={team.id}
              folderId={ROOT_FOLDER_ID}
              name={team.name}
              level={1}
              targetType="group"
              icon={<TeamAvatar team={team} size={18} />}
            />
          ))}
          {teams.isPending && (
            <li className="cirrus-tree-status">
              <Spin size="small" />
            </li>
          )}
          {teams.isSuccess && shownTeams.length === 0 && (
            <li className="cirrus-tree-status">
              <Typography.Text type="secondary">
                {query ? t('drive.picker.noTeams') : t('drive.spaces.noTeams')}
              </Typography.Text>
            </li>
          )}
          {teams.hasNextPage && !query && (
            <li>
              <Button
                type="link"
                size="small"
                loading={teams.isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {t('drive.picker.loadMore')}
              </Button>
            </li>
          )}
        </ul>
      </div>
      {naming > 0 && (
        <NameDialog
          key={naming}
          open
          mode={{ kind: 'folder' }}
          onSubmit={createInTarget}
          onClose={() => setNaming(0)}
        />
      )}
    </Picker.Provider>
  );
}
