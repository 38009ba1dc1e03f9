import { ApartmentOutlined, RightOutlined, TeamOutlined } from '@ant-design/icons';
import {
  cutSearchInput,
  errorText,
  PAGE_SIZE_DEPTS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_CHARS,
  type SearchMember,
} from '@cirrus/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Breadcrumb,
  Button,
  Checkbox,
  Empty,
  Radio,
  Spin,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directoryApi } from '../api/directory';
import { nameSearchApi } from '../api/namesearch';
import { useCurrentUser } from '../features/auth/queries';
import { UserCardDialog } from '../features/profile/UserCardDialog';
import { useSettings } from '../features/settings/queries';
import { useLanguage } from '../i18n';
import {
  canConfirm,
  contactKey,
  footerAvatars,
  type PickedContact,
  type PickMode,
  toggleContact,
} from './contact-picker';
import { FocusedSearch } from './FocusedInput';
import { GroupProfileDialog } from './GroupProfileDialog';
import { GuardedModal } from './GuardedModal';
import { TeamAvatar } from './TeamAvatar';
import { UserAvatar } from './UserAvatar';
import './contact-picker.css';

type TabKey = 'dept' | 'teams' | 'chats' | 'favorites' | 'recent';

/** Where the user drilled in: a department, or a team or chat whose members they look at. */
type Crumb = { kind: 'dept'; id: number; name: string } | { kind: 'group'; id: number; name: string };

/** One row of the picker: a person to pick, a department (to drill into, or to pick whole), a group to drill into. */
type Row =
  | { kind: 'user'; id: number; name: string; avatar: string; sub?: string }
  | { kind: 'dept'; id: number; name: string; sub?: string }
  | { kind: 'group'; id: number; name: string; avatar: string; groupType: number; sub?: string };

export interface ContactPickerProps {
  open: boolean;
  title: string;
  mode?: PickMode;
  /** spec 000 §5: at most this many (maxSelectItems beyond). */
  max?: number;
  /** People already in the group: shown checked and disabled. */
  alreadyIn?: readonly number[];
  alreadyInDepts?: readonly number[];
  /** Whole departments may be picked (adding members to a team). */
  allowDepts?: boolean;
  okText?: string;
  /** What the caller asks beside OK about the people picked (how they join, say). */
  footerExtra?: ReactNode;
  confirmLoading?: boolean;
  onOk: (picked: PickedContact[]) => void;
  onCancel: () => void;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const personRow = (m: SearchMember): Row => ({
  kind: 'user',
  id: m.id,
  name: m.nick_name,
  avatar: m.avatar,
  sub: m.departmentNames.join(' / '),
});

/** The rows of the current place: a tab's list, a drilled-in department or group, or search results. */
function usePickerRows(
  tab: TabKey,
  crumb: Crumb | undefined,
  keywords: string,
  companyId: number,
  open: boolean,
) {
  const { t } = useTranslation('teams');
  const searching = keywords !== '';
  const dept = useInfiniteQuery({
    queryKey: ['picker', 'dept', crumb?.kind === 'dept' ? crumb.id : 'root'],
    queryFn: ({ pageParam }) =>
      directoryApi.deptList(crumb?.kind === 'dept' ? crumb.id : 'root', pageParam, PAGE_SIZE_DEPTS),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.offset + last.members.length : undefined),
    enabled: open && !searching && tab === 'dept' && crumb?.kind !== 'group',
  });
  const groupMembers = useQuery({
    queryKey: ['picker', 'group', crumb?.kind === 'group' ? crumb.id : 0],
    queryFn: () => directoryApi.membersBrief(crumb?.id as number, { type: 1, limit: 5000 }),
    enabled: open && !searching && crumb?.kind === 'group',
  });
  const groups = useQuery({
    queryKey: ['picker', 'groups', tab],
    queryFn: () => directoryApi.myGroups({ type: tab === 'chats' ? '1' : '2,3', limit: 1000 }),
    enabled: open && !searching && !crumb && (tab === 'teams' || tab === 'chats'),
  });
  const favorites = useQuery({
    queryKey: ['picker', 'favorites'],
    queryFn: () => directoryApi.favorites(),
    enabled: open && !searching && !crumb && tab === 'favorites',
  });
  const recent = useQuery({
    queryKey: ['picker', 'recent'],
    queryFn: () => directoryApi.recent(),
    enabled: open && !searching && !crumb && tab === 'recent',
  });
  const people = useQuery({
    queryKey: ['picker', 'search', 'people', keywords],
    queryFn: ({ signal }) => nameSearchApi.users(companyId, { keywords, ignore_depts: false }, { signal }),
    enabled: open && searching && companyId > 0,
  });
  const foundGroups = useQuery({
    queryKey: ['picker', 'search', 'groups', keywords],
    queryFn: ({ signal }) => nameSearchApi.myGroups({ keywords, allow_chat: true }, { signal }),
    enabled: open && searching,
  });

  let rows: Row[] = [];
  let loading = false;
  let more: (() => void) | undefined;
  if (searching) {
    loading = people.isFetching || foundGroups.isFetching;
    rows = [
      ...(people.data?.depts ?? []).map(
        (d): Row => ({ kind: 'dept', id: d.id, name: d.name, sub: d.display_path_name }),
      ),
      ...(people.data?.members ?? []).map(personRow),
      ...(foundGroups.data?.groups ?? []).map(
        (g): Row => ({
          kind: 'group',
          id: g.id,
          name: g.name,
          avatar: g.avatar,
          groupType: g.groupType,
          sub: t('picker.people', { count: g.member_count }),
        }),
      ),
    ];
  } else if (crumb?.kind === 'group') {
    loading = groupMembers.isPending;
    rows = (groupMembers.data?.members ?? []).map((m) => ({
      kind: 'user',
      id: m.id,
      name: m.nick_name,
      avatar: m.avatar,
    }));
  } else if (tab === 'dept') {
    loading = dept.isPending;
    const pages = dept.data?.pages ?? [];
    rows = [
      ...(pages[0]?.depts ?? []).map(
        (d): Row => ({
          kind: 'dept',
          id: d.id,
          name: d.name,
          sub: t('picker.people', { count: d.member_count }),
        }),
      ),
      ...pages.flatMap((p) => p.members).map(personRow),
    ];
    if (dept.hasNextPage) more = () => void dept.fetchNextPage();
  } else if (tab === 'teams' || tab === 'chats') {
    loading = groups.isPending;
    rows = (groups.data?.groups ?? []).map((g) => ({
      kind: 'group',
      id: g.id,
      name: g.name,
      avatar: g.avatar,
      groupType: g.groupType,
      sub: t('picker.people', { count: g.member_count }),
    }));
  } else if (tab === 'favorites') {
    loading = favorites.isPending;
    rows = (favorites.data?.favorites ?? []).flatMap((f): Row[] => {
      if (f.user) return [{ kind: 'user', id: f.user.id, name: f.user.nick_name, avatar: f.user.avatar }];
      if (f.group) {
        return [
          {
            kind: 'group',
            id: f.group.id,
            name: f.group.name,
            avatar: f.group.avatar,
            groupType: f.group.type,
          },
        ];
      }
      return [];
    });
  } else {
    loading = recent.isPending;
    rows = (recent.data?.contacts ?? []).flatMap((c): Row[] => {
      if (c.user) return [{ kind: 'user', id: c.user.id, name: c.user.nick_name, avatar: c.user.avatar }];
      if (c.group) {
        return [
          {
            kind: 'group',
            id: c.group.id,
            name: c.group.name,
            avatar: c.group.avatar,
            groupType: c.group.groupType,
          },
        ];
      }
      return [];
    });
  }
  return { rows, loading, more, loadingMore: dept.isFetchingNextPage };
}

/**
 * The contact picker (spec 000 §2, §4, §5): tabs for departments (when the organisation is on),
 * my teams, multi-person chats, favourites and recent contacts; drill-in with a breadcrumb; search
 * by name, pinyin, phone or email; checkboxes or radios; a maximum with its message; people already
 * in the group checked and disabled; a footer with up to 7 avatars and OK. Avatars open the
 * person's or the group's profile in a nested dialog.
 */
export function ContactPicker({
  open,
  title,
  mode = 'checkbox',
  max,
  alreadyIn = [],
  alreadyInDepts = [],
  allowDepts = false,
  okText,
  footerExtra,
  confirmLoading,
  onOk,
  onCancel,
}: ContactPickerProps) {
  const { t } = useTranslation('teams');
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const me = useCurrentUser();
  const settings = useSettings();
  const showDepts = settings.allow_organization && me.companyid > 0;
  const [tab, setTab] = useState<TabKey>(showDepts ? 'dept' : 'teams');
  const [trail, setTrail] = useState<Crumb[]>([]);
  const [input, setInput] = useState('');
  const [selection, setSelection] = useState<PickedContact[]>([]);
  const [profile, setProfile] = useState<{ kind: 'user' | 'group'; id: number } | null>(null);
  const keywords = cutSearchInput(useDebounced(input, SEARCH_DEBOUNCE_MS)).trim();
  const crumb = trail.at(-1);
  const { rows, loading, more, loadingMore } = usePickerRows(tab, crumb, keywords, me.companyid, open);

  const already = useMemo(
    () =>
      new Set([
        ...alreadyIn.map((id) => contactKey({ kind: 'user', id })),
        ...alreadyInDepts.map((id) => contactKey({ kind: 'dept', id })),
      ]),
    [alreadyIn, alreadyInDepts],
  );
  const picked = new Set(selection.map(contactKey));

  useEffect(() => {
    if (!open) {
      setSelection([]);
      setTrail([]);
      setInput('');
    }
  }, [open]);

  const toggle = (item: PickedContact) => {
    const result = toggleContact(selection, item, { mode, max, alreadyIn: already });
    if (result.error) void message.warning(errorText(result.error, language, { max: max ?? 0 }));
    setSelection(result.selection);
  };

  const drill = (row: Row) => {
    if (row.kind === 'user') return;
    setInput('');
    setTrail((old) => [...old, { kind: row.kind === 'dept' ? 'dept' : 'group', id: row.id, name: row.name }]);
  };

  const rootLabel: Record<TabKey, string> = {
    dept: t('picker.tabDepartments'),
    teams: t('picker.tabTeams'),
    chats: t('picker.tabChats'),
    favorites: t('picker.tabFavorites'),
    recent: t('picker.tabRecent'),
  };

  const renderRow = (row: Row) => {
    const key = `${row.kind}:${row.id}`;
    const selectable = row.kind === 'user' || (row.kind === 'dept' && allowDepts && mode === 'checkbox');
    const isIn = already.has(key);
    const checked = isIn || picked.has(key);
    const item: PickedContact = {
      kind: row.kind === 'dept' ? 'dept' : 'user',
      id: row.id,
      name: row.name,
      avatar: row.kind === 'dept' ? '' : row.avatar,
    };
    const control = !selectable ? (
      <span className="cirrus-picker-control" />
    ) : mode === 'radio' ? (
      <Radio
        className="cirrus-picker-control"
        checked={checked}
        disabled={isIn}
        onChange={() => toggle(item)}
      />
    ) : (
      <Checkbox
        className="cirrus-picker-control"
        checked={checked}
        disabled={isIn}
        onChange={() => toggle(item)}
        aria-label={row.name}
      />
    );
    let avatar: ReactNode;
    if (row.kind === 'user') {
      avatar = (
        <button
          type="button"
          className="cirrus-picker-avatar"
          onClick={() => setProfile({ kind: 'user', id: row.id })}
        >
          <UserAvatar user={{ id: row.id, nick_name: row.name, avatar: row.avatar }} size={32} />
        </button>
      );
    } else if (row.kind === 'group') {
      avatar = (
        <button
          type="button"
          className="cirrus-picker-avatar"
          onClick={() => setProfile({ kind: 'group', id: row.id })}
        >
          <TeamAvatar team={row} size={32} />
        </button>
      );
    } else {
      avatar = (
        <Avatar shape="square" size={32} icon={<ApartmentOutlined />} className="cirrus-picker-dept" />
      );
    }
    const drillable = row.kind !== 'user';
    return (
      <li
        key={key}
        className={`cirrus-picker-row${checked ? ' is-checked' : ''}`}
        data-testid={`picker-row-${key}`}
      >
        {control}
        {avatar}
        <button
          type="button"
          className="cirrus-picker-main"
          onClick={() => (drillable ? drill(row) : toggle(item))}
          disabled={!drillable && isIn}
        >
          <span className="cirrus-picker-name">
            {row.name}
            {isIn && (
              <Typography.Text type="secondary" className="cirrus-picker-in">
                {t('picker.alreadyIn')}
              </Typography.Text>
            )}
          </span>
          {row.sub && <span className="cirrus-picker-sub">{row.sub}</span>}
        </button>
        {drillable && <RightOutlined className="cirrus-picker-chevron" aria-hidden />}
      </li>
    );
  };

  const footer = footerAvatars(selection);
  const tabs: { key: TabKey; label: string }[] = [
    ...(showDepts ? [{ key: 'dept' as const, label: rootLabel.dept }] : []),
    { key: 'teams', label: rootLabel.teams },
    { key: 'chats', label: rootLabel.chats },
    { key: 'favorites', label: rootLabel.favorites },
    { key: 'recent', label: rootLabel.recent },
  ];

  return (
    <GuardedModal
      open={open}
      title={title}
      onCancel={onCancel}
      width={640}
      className="cirrus-picker"
      footer={
        <div className="cirrus-picker-footer">
          <div className="cirrus-picker-selected" aria-live="polite">
            <Avatar.Group>
              {footer.shown.map((c) =>
                c.kind === 'user' ? (
                  <Tooltip key={contactKey(c)} title={c.name}>
                    <span>
                      <UserAvatar user={{ id: c.id, nick_name: c.name, avatar: c.avatar }} size={28} />
                    </span>
                  </Tooltip>
                ) : (
                  <Tooltip key={contactKey(c)} title={c.name}>
                    <Avatar size={28} shape="square" icon={<ApartmentOutlined />} />
                  </Tooltip>
                ),
              )}
            </Avatar.Group>
            {footer.rest > 0 && <span className="cirrus-picker-rest">+{footer.rest}</span>}
            <Typography.Text type="secondary">
              {max !== undefined
                ? t('picker.selectedOf', { count: selection.length, max })
                : t('picker.selected', { count: selection.length })}
            </Typography.Text>
          </div>
          <div className="cirrus-picker-actions">
            {footerExtra}
            <Button onClick={onCancel}>{tc('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={!canConfirm(selection.length, max)}
              loading={confirmLoading}
              onClick={() => onOk(selection)}
            >
              {okText ?? tc('common.ok')}
            </Button>
          </div>
        </div>
      }
    >
      <FocusedSearch
        allowClear
        value={input}
        maxLength={SEARCH_MAX_CHARS}
        onChange={(e) => setInput(e.target.value)}
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        className="cirrus-picker-search"
      />
      {keywords === '' && (
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => {
            setTab(key as TabKey);
            setTrail([]);
          }}
          items={tabs}
        />
      )}
      {keywords === '' && trail.length > 0 && (
        <Breadcrumb
          className="cirrus-picker-crumbs"
          items={[
            {
              title: (
                <button type="button" className="cirrus-link-button" onClick={() => setTrail([])}>
                  {rootLabel[tab]}
                </button>
              ),
            },
            ...trail.map((c, i) => ({
              title:
                i === trail.length - 1 ? (
                  <span>
                    {c.kind === 'group' && <TeamOutlined />} {c.name}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="cirrus-link-button"
                    onClick={() => setTrail(trail.slice(0, i + 1))}
                  >
                    {c.name}
                  </button>
                ),
            })),
          ]}
        />
      )}
      <div className="cirrus-picker-list">
        {loading ? (
          <Spin className="cirrus-picker-spin" />
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.empty')} />
        ) : (
          <ul>{rows.map(renderRow)}</ul>
        )}
        {more && (
          <Button type="link" block loading={loadingMore} onClick={more}>
            {t('common.loadMore')}
          </Button>
        )}
      </div>
      {profile?.kind === 'user' && (
        <UserCardDialog userId={profile.id} open onClose={() => setProfile(null)} />
      )}
      {profile?.kind === 'group' && (
        <GroupProfileDialog groupId={profile.id} open onClose={() => setProfile(null)} />
      )}
    </GuardedModal>
  );
}
