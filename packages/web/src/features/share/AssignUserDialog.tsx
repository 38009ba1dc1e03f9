import { ApartmentOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type LinkMember,
  type LinkPermission,
  MEMBER_SEARCH_DEBOUNCE_MS,
  messageText,
  minLinkPermission,
  type ShareLink,
} from '@cirrus/shared';
import { Avatar, Button, Checkbox, Empty, Flex, Input, List, Select, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionEntryChange } from '../../api/links';
import { ContactPicker } from '../../components/ContactPicker';
import { GuardedModal } from '../../components/GuardedModal';
import { UserAvatar } from '../../components/UserAvatar';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useLinkMembers, useMemberChanges } from './queries';

type Mode = 'default' | 'remove' | 'modify';

/** spec 002 §5 "Member search": trimmed, substring match on names. */
export function matchesMember(member: Pick<LinkMember, 'name'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || member.name.toLowerCase().includes(q);
}

const rangesType = (member: LinkMember): PermissionEntryChange['ranges_type'] =>
  member.type === 'department' ? 'department' : 'user';

/** A labelled choice among the permissions the link lets the actor give (permission_options). */
function PermissionChoice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: LinkPermission;
  options: readonly LinkPermission[];
  onChange: (permission: LinkPermission) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center">
      <Typography.Text>{label}</Typography.Text>
      <Select
        value={value}
        options={options.map((p) => ({ value: p, label: t(`share.permission.${p}`) }))}
        onChange={onChange}
        aria-label={label}
        popupMatchSelectWidth={false}
      />
    </Flex>
  );
}

/**
 * The assign user dialog (spec 002 §2): the people and departments a user-range link names, in
 * three modes: default (search, add from contacts), remove (several, confirmed) and modify
 * (several, with a batch permission that starts at read). Changes are the link's permission_list.
 */
export function AssignUserDialog({
  open,
  fileid,
  link,
  onClose,
}: {
  open: boolean;
  fileid: number;
  link: ShareLink;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const members = useLinkMembers(open ? link.sid : undefined);
  const changes = useMemberChanges(fileid, link.sid);
  const editor = link.abilities.is_editor;
  const options = link.abilities.permission_options;
  const [mode, setMode] = useState<Mode>('default');
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [batch, setBatch] = useState<LinkPermission>('read');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [picking, setPicking] = useState(false);
  const [chosenAddPermission, setAddPermission] = useState<LinkPermission>('read');
  // What the people picked from contacts join with: the choice, lowered to the link's ceiling
  // should the link have changed since it was made (spec 002 §4, as the server checks it).
  const addPermission = minLinkPermission(chosenAddPermission, options.at(-1) ?? 'read');

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), MEMBER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const named = useMemo(
    () =>
      members.members.filter(
        (m) => m.permission !== 'owner' && m.type !== 'address' && matchesMember(m, query),
      ),
    [members.members, query],
  );

  const startPicking = () => {
    setAddPermission('read');
    setPicking(true);
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setChecked(new Set());
    setBatch('read');
  };

  const apply = (list: PermissionEntryChange[], done: string) =>
    changes.entries.mutate(list, {
      onSuccess: () => {
        notify.success(done);
        switchMode('default');
      },
      onError: (error) => notify.error(error),
    });

  const confirm = () => {
    const chosen = named.filter((m) => checked.has(m.id));
    if (chosen.length === 0) return;
    if (mode === 'remove')
      apply(
        chosen.map((m) => ({ userid: m.userid, ranges_type: rangesType(m), operate: 'del' })),
        messageText('removeMemberSuccess', language),
      );
    else
      apply(
        chosen.map((m) => ({
          userid: m.userid,
          ranges_type: rangesType(m),
          permission: batch,
          operate: 'update',
        })),
        messageText('modifySuccess', language),
      );
  };

  const footer =
    // Wraps on a phone: the two pairs of buttons do not fit one line of a 390 px screen.
    mode === 'default' ? (
      <Flex justify="space-between" wrap gap={8}>
        {editor ? (
          <Flex gap={8}>
            <Button onClick={() => switchMode('remove')} disabled={named.length === 0}>
              {t('share.assign.removeMode')}
            </Button>
            <Button onClick={() => switchMode('modify')} disabled={named.length === 0}>
              {t('share.assign.modifyMode')}
            </Button>
          </Flex>
        ) : (
          <span />
        )}
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="primary" onClick={startPicking}>
            {t('share.assign.add')}
          </Button>
        </Flex>
      </Flex>
    ) : (
      <Flex justify="space-between" align="center" wrap gap={8}>
        {mode === 'modify' ? (
          <PermissionChoice
            label={t('share.assign.batchPermission')}
            value={batch}
            options={options}
            onChange={setBatch}
          />
        ) : (
          <Typography.Text type="secondary">
            {t('share.assign.chosen', { count: checked.size })}
          </Typography.Text>
        )}
        <Flex gap={8}>
          <Button onClick={() => switchMode('default')}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            danger={mode === 'remove'}
            disabled={checked.size === 0}
            loading={changes.entries.isPending}
            onClick={confirm}
          >
            {mode === 'remove' ? t('share.assign.confirmRemove') : t('share.assign.confirmModify')}
          </Button>
        </Flex>
      </Flex>
    );

  return (
    <>
      <GuardedModal
        open={open}
        title={t('share.assign.title')}
        onCancel={onClose}
        footer={footer}
        width={560}
      >
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('share.assign.search')}
          aria-label={t('share.assign.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="cirrus-share-search"
        />
        {members.isPending ? (
          <Spin />
        ) : named.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={query ? t('share.assign.noMatch') : t('share.assign.empty')}
          />
        ) : (
          <List
            className="cirrus-share-members"
            aria-label={t('share.assign.title')}
            dataSource={named}
            renderItem={(member) => (
              <List.Item>
                <Flex gap={10} align="center" style={{ flex: 1 }}>
                  {mode !== 'default' && (
                    <Checkbox
                      checked={checked.has(member.id)}
                      disabled={!member.editable}
                      aria-label={member.name}
                      onChange={(event) =>
                        setChecked((current) => {
                          const next = new Set(current);
                          if (event.target.checked) next.add(member.id);
                          else next.delete(member.id);
                          return next;
                        })
                      }
                    />
                  )}
                  {member.type === 'department' ? (
                    <Avatar size={28} icon={<ApartmentOutlined />} />
                  ) : (
                    <UserAvatar
                      user={{ id: member.userid, nick_name: member.name, avatar: member.avatar }}
                      size={28}
                    />
                  )}
                  <span className="cirrus-share-member-name">
                    {member.name}
                    {member.type === 'department' && member.path_name && (
                      <Typography.Text type="secondary"> · {member.path_name}</Typography.Text>
                    )}
                  </span>
                </Flex>
                <Typography.Text type="secondary">
                  {t(`share.permission.${member.permission}`)}
                </Typography.Text>
              </List.Item>
            )}
          />
        )}
        {members.hasNextPage && (
          <Button
            type="link"
            block
            loading={members.isFetchingNextPage}
            onClick={() => void members.fetchNextPage()}
          >
            {t('share.members.more')}
          </Button>
        )}
      </GuardedModal>
      <ContactPicker
        open={picking}
        title={t('share.assign.add')}
        allowDepts={editor}
        alreadyIn={members.members.filter((m) => m.type === 'user').map((m) => m.userid)}
        alreadyInDepts={members.members.filter((m) => m.type === 'department').map((m) => m.userid)}
        footerExtra={
          <PermissionChoice
            label={t('share.assign.addAs')}
            value={addPermission}
            options={options}
            onChange={setAddPermission}
          />
        }
        confirmLoading={changes.entries.isPending}
        onCancel={() => setPicking(false)}
        onOk={(picked) =>
          changes.entries.mutate(
            picked.map((p) => ({
              userid: p.id,
              ranges_type: p.kind === 'dept' ? 'department' : 'user',
              permission: addPermission,
              operate: 'add',
            })),
            {
              onSuccess: () => {
                setPicking(false);
                notify.success(messageText('addShareMemberSuccess', language));
              },
              onError: (error) => notify.error(error),
            },
          )
        }
      />
    </>
  );
}
