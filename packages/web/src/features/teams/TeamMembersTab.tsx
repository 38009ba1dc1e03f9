import { ApartmentOutlined, DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  canAddMembers,
  canUseRemovalFooter,
  cutSearchInput,
  REMOVAL_AVATARS,
  SCROLL_END_TRIGGER,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_CHARS,
  type TeamMember,
  type TeamRecord,
  type TeamRole,
} from '@cirrus/shared';
import { Avatar, Button, Checkbox, Empty, Flex, Input, Select, Spin, Tag, Tooltip, Typography } from 'antd';
import { type UIEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactPicker } from '../../components/ContactPicker';
import type { PickedContact } from '../../components/contact-picker';
import { HoverTooltip } from '../../components/HoverTooltip';
import { UserAvatar } from '../../components/UserAvatar';
import { useCurrentUser } from '../auth/queries';
import { UserCardDialog } from '../profile/UserCardDialog';
import { useSettings } from '../settings/queries';
import { ConfirmDialog } from './ConfirmDialog';
import { rowActions } from './member-rules';
import { useMemberMutations, useTeamMembers, useTeamPeople } from './queries';
import { useTeamMessages } from './useTeamActions';

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const TRANSFER = 'transfer';
const REMOVE = 'remove';

/**
 * The members tab (spec 000 §2, §4): 50 a page with search; a role dropdown per row offering what
 * the shared rules allow (roles, transfer, remove); add members through the contact picker;
 * removal mode with checkboxes, select-all and, for general teams, the footer with up to 10
 * avatars and Remove (count).
 */
export function TeamMembersTab({ team }: { team: TeamRecord }) {
  const { t } = useTranslation('teams');
  const { t: tc } = useTranslation();
  const me = useCurrentUser();
  const settings = useSettings();
  const { attempt } = useTeamMessages();
  const [input, setInput] = useState('');
  const keywords = cutSearchInput(useDebounced(input, SEARCH_DEBOUNCE_MS)).trim();
  const members = useTeamMembers(team.id, keywords);
  const people = useTeamPeople(team.id);
  const mutations = useMemberMutations(team.id);
  const [removing, setRemoving] = useState(false);
  const [checked, setChecked] = useState<Map<number, TeamMember>>(new Map());
  const [picking, setPicking] = useState(false);
  const [transferTo, setTransferTo] = useState<TeamMember | null>(null);
  // Who is about to be removed, once asked: one from their role menu, or the checked ones (bulk).
  const [toRemove, setToRemove] = useState<{ members: TeamMember[]; bulk: boolean } | null>(null);
  const [profile, setProfile] = useState<number | null>(null);
  const [deptToRemove, setDeptToRemove] = useState<TeamMember | null>(null);
  // People of this picking already added: a retry after the departments failed sends only the rest.
  const added = useRef(new Set<number>());
  const role = team.self_member.team_role;
  const rows = useMemo(() => (members.data?.pages ?? []).flatMap((p) => p.members), [members.data]);
  const total = members.data?.pages[0]?.total ?? 0;
  const removable = rows.filter(
    (m) => rowActions(role, m, team.type, me.id, team.ascription_dept?.id).checkbox,
  );
  const mayAdd = canAddMembers(role, team.type, { allowGroupDeptMember: settings.ALLOW_GROUP_DEPT_MEMBER });
  const deptEntries = rows.filter((m) => m.type === 2).map((m) => m.id);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight < el.clientHeight * SCROLL_END_TRIGGER &&
      members.hasNextPage &&
      !members.isFetchingNextPage
    ) {
      void members.fetchNextPage();
    }
  };

  const toggleChecked = (member: TeamMember) =>
    setChecked((old) => {
      const next = new Map(old);
      if (next.has(member.id)) next.delete(member.id);
      else next.set(member.id, member);
      return next;
    });

  const removeChecked = () => setToRemove({ members: [...checked.values()], bulk: true });

  const confirmRemove = async ({ members: targets, bulk }: { members: TeamMember[]; bulk: boolean }) => {
    if (!(await attempt(() => mutations.remove.mutateAsync(targets.map((m) => m.id)), 'removeSuccess')))
      return;
    setToRemove(null);
    if (bulk) {
      setChecked(new Map());
      setRemoving(false);
    }
  };
  const removeCount = toRemove?.members.length ?? 0;
  const removeName = removeCount === 1 ? (toRemove?.members[0].user?.nick_name ?? '') : '';

  const onRoleSelect = (member: TeamMember, value: string) => {
    if (value === TRANSFER) setTransferTo(member);
    // Removing someone is asked first; the select stays on the role until it is confirmed.
    else if (value === REMOVE) setToRemove({ members: [member], bulk: false });
    else
      void attempt(
        () => mutations.setRole.mutateAsync({ userId: member.id, role: Number(value) }),
        'modifySuccess',
      );
  };

  const closePicker = () => {
    added.current.clear();
    setPicking(false);
  };

  const addPicked = async (picked: PickedContact[]) => {
    const users = picked.filter((p) => p.kind === 'user' && !added.current.has(p.id)).map((p) => p.id);
    const depts = picked.filter((p) => p.kind === 'dept').map((p) => p.id);
    // People and departments are two calls (the batch call takes one type at a time).
    const done = await attempt(async () => {
      if (users.length) {
        await mutations.add.mutateAsync({ ids: users, type: 1 });
        for (const id of users) added.current.add(id);
      }
      if (depts.length) await mutations.add.mutateAsync({ ids: depts, type: 2 });
    }, 'modifySuccess');
    if (done) closePicker();
  };

  const renderRow = (member: TeamMember) => {
    const actions = rowActions(role, member, team.type, me.id, team.ascription_dept?.id);
    const isDept = member.type === 2;
    const name = isDept ? (member.dept?.name ?? '') : (member.user?.nick_name ?? '');
    const options = [
      { value: String(member.team_role), label: t(`roles.${member.team_role}`) },
      ...actions.roles.map((r: TeamRole) => ({ value: String(r), label: t(`roles.${r}`) })),
      ...(actions.transfer ? [{ value: TRANSFER, label: t('members.transfer') }] : []),
      ...(actions.remove ? [{ value: REMOVE, label: t('members.remove') }] : []),
    ];
    return (
      <li
        key={`${member.type}:${member.id}`}
        className="cirrus-member-row"
        data-testid={`member-${member.type}-${member.id}`}
      >
        {removing && (
          <Checkbox
            className="cirrus-member-check"
            disabled={!actions.checkbox}
            checked={checked.has(member.id) && !isDept}
            onChange={() => toggleChecked(member)}
            aria-label={name}
          />
        )}
        {isDept ? (
          <Avatar shape="square" size={36} icon={<ApartmentOutlined />} className="cirrus-picker-dept" />
        ) : (
          <button type="button" className="cirrus-picker-avatar" onClick={() => setProfile(member.id)}>
            <UserAvatar
              user={{ id: member.id, nick_name: name, avatar: member.user?.avatar ?? '' }}
              size={36}
            />
          </button>
        )}
        <div className="cirrus-member-main">
          <span className="cirrus-member-name">
            {name}
            {member.id === me.id && !isDept && <Tag className="cirrus-member-tag">{t('members.you')}</Tag>}
            {isDept && <Tag color="blue">{t('members.department')}</Tag>}
          </span>
          <Typography.Text type="secondary" className="cirrus-member-sub">
            {isDept
              ? t('members.deptPeople', {
                  count: member.dept?.member_count ?? 0,
                  path: member.dept?.display_path_name,
                })
              : member.via_dept
                ? t('members.viaDept', { name: member.via_dept.name })
                : [
                    member.user?.email,
                    // Why Remove is not offered: the department would keep them in.
                    member.in_dept && t('members.alsoViaDept', { name: member.in_dept.name }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
          </Typography.Text>
        </div>
        {actions.removeDept ? (
          <HoverTooltip title={t('members.removeDept')}>
            <Button
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('members.removeDept')}
              onClick={() => setDeptToRemove(member)}
            />
          </HoverTooltip>
        ) : options.length > 1 ? (
          <Select
            size="small"
            className="cirrus-member-role"
            value={String(member.team_role)}
            options={options}
            aria-label={t('members.roleOf', { name })}
            onChange={(value) => onRoleSelect(member, value)}
            popupMatchSelectWidth={false}
          />
        ) : (
          <Typography.Text type="secondary" className="cirrus-member-role-text">
            {isDept ? t('roles.3') : t(`roles.${member.team_role}`)}
          </Typography.Text>
        )}
      </li>
    );
  };

  const selected = [...checked.values()];
  const footer = canUseRemovalFooter(team.type);
  return (
    <div className="cirrus-members">
      <Flex gap={8} className="cirrus-members-toolbar" wrap>
        <Input.Search
          allowClear
          value={input}
          maxLength={SEARCH_MAX_CHARS}
          onChange={(e) => setInput(e.target.value)}
          placeholder={t('members.search')}
          aria-label={t('members.search')}
          className="cirrus-members-search"
        />
        {mayAdd && !removing && (
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
            {t('members.add')}
          </Button>
        )}
        {removable.length > 0 && !removing && (
          <Button icon={<DeleteOutlined />} onClick={() => setRemoving(true)}>
            {t('members.removeMode')}
          </Button>
        )}
        {removing && (
          <>
            <Checkbox
              checked={removable.length > 0 && removable.every((m) => checked.has(m.id))}
              indeterminate={checked.size > 0 && !removable.every((m) => checked.has(m.id))}
              onChange={(e) =>
                setChecked(e.target.checked ? new Map(removable.map((m) => [m.id, m])) : new Map())
              }
            >
              {t('members.selectAll')}
            </Checkbox>
            {!footer && (
              <Button
                danger
                disabled={checked.size === 0}
                loading={mutations.remove.isPending}
                onClick={removeChecked}
              >
                {t('members.removeCount', { count: checked.size })}
              </Button>
            )}
            <Button
              onClick={() => {
                setRemoving(false);
                setChecked(new Map());
              }}
            >
              {tc('common.cancel')}
            </Button>
          </>
        )}
      </Flex>
      <Typography.Text type="secondary" className="cirrus-members-count">
        {keywords
          ? t('members.found', { count: total })
          : // The people (the team's member_count, departments' people included); the rows of the
            // list are more by its department entries, which are not members themselves.
            team.dept_count > 0
            ? t('members.totalDepts', {
                count: team.dept_count,
                total: t('members.total', { count: team.member_count }),
              })
            : t('members.total', { count: team.member_count })}
      </Typography.Text>
      <div className="cirrus-members-list" onScroll={onScroll}>
        {members.isPending ? (
          <Spin className="cirrus-picker-spin" />
        ) : rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.empty')} />
        ) : (
          <ul>{rows.map(renderRow)}</ul>
        )}
        {members.hasNextPage && (
          <Button
            type="link"
            block
            loading={members.isFetchingNextPage}
            onClick={() => void members.fetchNextPage()}
          >
            {t('common.loadMore')}
          </Button>
        )}
      </div>
      {removing && footer && (
        <div className="cirrus-removal-footer" data-testid="removal-footer">
          <Avatar.Group>
            {selected.slice(0, REMOVAL_AVATARS).map((m) => (
              <Tooltip key={m.id} title={m.user?.nick_name}>
                <span>
                  <UserAvatar
                    user={{ id: m.id, nick_name: m.user?.nick_name ?? '', avatar: m.user?.avatar ?? '' }}
                    size={28}
                  />
                </span>
              </Tooltip>
            ))}
          </Avatar.Group>
          {selected.length > REMOVAL_AVATARS && (
            <span className="cirrus-picker-rest">+{selected.length - REMOVAL_AVATARS}</span>
          )}
          <Button
            danger
            type="primary"
            disabled={checked.size === 0}
            loading={mutations.remove.isPending}
            onClick={removeChecked}
          >
            {t('members.removeCount', { count: checked.size })}
          </Button>
        </div>
      )}
      <ContactPicker
        open={picking}
        title={t('members.addTitle', { name: team.name })}
        alreadyIn={people.data?.members.map((m) => m.id) ?? []}
        alreadyInDepts={deptEntries}
        allowDepts={team.type !== 1 && me.companyid > 0}
        // spec 000 §5: at most as many as the team still has room for (max_group_members).
        max={
          settings.max_group_members > 0
            ? Math.max(1, settings.max_group_members - team.member_count)
            : undefined
        }
        okText={t('members.add')}
        confirmLoading={mutations.add.isPending}
        onOk={(picked) => void addPicked(picked)}
        onCancel={closePicker}
      />
      <ConfirmDialog
        open={transferTo !== null}
        title={t('transfer.confirmTitle')}
        okText={t('transfer.ok')}
        danger
        loading={mutations.setRole.isPending}
        onCancel={() => setTransferTo(null)}
        onOk={() => {
          const target = transferTo;
          if (!target) return;
          void attempt(
            () => mutations.setRole.mutateAsync({ userId: target.id, role: 1 }),
            'modifySuccess',
          ).then((done) => done && setTransferTo(null));
        }}
      >
        {t('transfer.confirmText', { name: transferTo?.user?.nick_name ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        open={toRemove !== null}
        title={
          removeCount > 1
            ? t('members.removeManyTitle', { count: removeCount })
            : t('members.removeTitle', { name: removeName })
        }
        okText={t('members.remove')}
        danger
        loading={mutations.remove.isPending}
        onCancel={() => setToRemove(null)}
        onOk={() => toRemove && void confirmRemove(toRemove)}
      >
        {removeCount > 1
          ? t('members.removeManyText', { count: removeCount })
          : t('members.removeText', { name: removeName })}
      </ConfirmDialog>
      <ConfirmDialog
        open={deptToRemove !== null}
        title={t('members.removeDeptTitle', { name: deptToRemove?.dept?.name ?? '' })}
        okText={t('members.remove')}
        danger
        loading={mutations.removeDept.isPending}
        onCancel={() => setDeptToRemove(null)}
        onOk={() => {
          const dept = deptToRemove;
          if (!dept) return;
          void attempt(() => mutations.removeDept.mutateAsync(dept.id), 'removeSuccess').then(
            (done) => done && setDeptToRemove(null),
          );
        }}
      >
        {t('members.removeDeptText', { count: deptToRemove?.dept?.member_count ?? 0 })}
      </ConfirmDialog>
      {profile !== null && <UserCardDialog userId={profile} open onClose={() => setProfile(null)} />}
    </div>
  );
}
