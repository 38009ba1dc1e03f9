import { DeleteOutlined, MailOutlined, PhoneOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  type AddMembersResult,
  errorText,
  isErrorKey,
  type LinkMember,
  type LinkPermission,
  MEMBER_SEARCH_DEBOUNCE_MS,
  messageText,
  minLinkPermission,
  type ShareLink,
  validateInviteAccount,
} from '@cirrus/shared';
import {
  App,
  AutoComplete,
  Avatar,
  Button,
  Empty,
  Flex,
  Form,
  List,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { linksApi } from '../../api/links';
import { ContactPicker } from '../../components/ContactPicker';
import { GuardedModal } from '../../components/GuardedModal';
import { UserAvatar } from '../../components/UserAvatar';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { desktopClient } from '../settings/desktop-client';
import { useLinkMembers, useMemberChanges, useRecentMembers } from './queries';

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

/** What an add answered, as one message (spec 002 §8). */
export function addResultMessage(
  result: AddMembersResult,
  lang: 'zh-CN' | 'en',
): { ok: boolean; text: string } {
  if (result.invited.length > 0)
    return {
      ok: true,
      text: messageText('unregisterInviteSuccess', lang, { email: result.invited.join(', ') }),
    };
  const [fail] = result.failList;
  // spec 002 §8: someone already a member still reads as shared with them.
  if (result.members.length === 0 && fail?.result === 'linkMemberExist')
    return { ok: true, text: messageText('addShareSuccess', lang, { name: fail.name }) };
  if (result.members.length === 0)
    return {
      ok: false,
      text:
        fail && isErrorKey(fail.result) ? errorText(fail.result, lang) : errorText('addShareFailed', lang),
    };
  if (result.members.length === 1)
    return { ok: true, text: messageText('addShareSuccess', lang, { name: result.members[0].name }) };
  return { ok: true, text: messageText('addShareMemberSuccess', lang) };
}

function Contact({ member }: { member: LinkMember }) {
  const { email, phone } = member.extends;
  if (!email && !phone) return null;
  return (
    <Typography.Text type="secondary" className="cirrus-share-contact" title={email || phone}>
      {email ? <MailOutlined aria-hidden /> : <PhoneOutlined aria-hidden />} {email || phone}
    </Typography.Text>
  );
}

/**
 * The share members panel (spec 002 §2): members with permission and contact and a remove action;
 * the owner's invite form (search-as-you-type account box, permission, ok); pick from contacts for
 * company users outside the desktop client.
 */
export function ShareMembersDialog({
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
  const { message } = App.useApp();
  const me = useCurrentUser();
  const members = useLinkMembers(open ? link.sid : undefined);
  const changes = useMemberChanges(fileid, link.sid);
  const options = link.abilities.permission_options;
  const [account, setAccount] = useState('');
  const [chosenPermission, setPermission] = useState<LinkPermission>('read');
  // What the invite form shows and every add sends, typed or picked from contacts: the choice,
  // lowered to the link's ceiling should the link have changed since (spec 002 §4).
  const permission = minLinkPermission(chosenPermission, options.at(-1) ?? 'read');
  const [accountError, setAccountError] = useState<string>();
  const [notFound, setNotFound] = useState<string>();
  const [picking, setPicking] = useState(false);
  const [shown, setShown] = useState(50);
  const query = useDebounced(account.trim(), MEMBER_SEARCH_DEBOUNCE_MS);
  const recent = useRecentMembers(query, open && link.abilities.is_owner);

  const report = (result: AddMembersResult) => {
    const { ok, text } = addResultMessage(result, language);
    if (ok) void message.success(text);
    else void message.error(text);
  };

  const invite = async () => {
    setNotFound(undefined);
    const parsed = validateInviteAccount(account);
    if ('error' in parsed) return setAccountError(errorText(parsed.error, language));
    setAccountError(undefined);
    try {
      const user = await linksApi.lookupUser(parsed.account);
      report(await changes.add.mutateAsync({ permission, source: 'user', userids: [user.userid] }));
      setAccount('');
    } catch (error) {
      // spec 002 §5: nobody has it -> "user does not exist"; the owner may still invite the address.
      if (error instanceof ApiError && error.result === 'userNotExist') setNotFound(parsed.account);
      else notify.error(error);
    }
  };

  const inviteUnregistered = async () => {
    if (!notFound) return;
    try {
      report(await changes.add.mutateAsync({ permission, source: 'user', accounts: [notFound] }));
      setNotFound(undefined);
      setAccount('');
    } catch (error) {
      notify.error(error);
    }
  };

  const remove = (member: LinkMember) =>
    changes.remove.mutate(member.id, {
      onSuccess: () => notify.success(messageText('removeMemberSuccess', language)),
      onError: (error) => notify.error(error),
    });

  const changePermission = (member: LinkMember, next: LinkPermission) =>
    changes.update.mutate(
      { id: member.id, permission: next },
      {
        onSuccess: () => notify.success(messageText('permissionChangeSuccess', language)),
        onError: (error) => notify.error(error),
      },
    );

  const visible = members.members.slice(0, shown);
  const canPick = link.abilities.can_add_users && me.companyid > 0 && !desktopClient;

  return (
    <>
      <GuardedModal open={open} title={t('share.members.title')} onCancel={onClose} footer={null} width={600}>
        {link.abilities.is_owner && (
          <Form layout="vertical" className="cirrus-share-invite" onFinish={() => void invite()}>
            <Form.Item
              label={t('share.members.invite')}
              validateStatus={accountError || notFound ? 'error' : undefined}
              help={accountError ?? (notFound ? errorText('userNotExist', language) : undefined)}
            >
              <Flex gap={8}>
                <AutoComplete
                  value={account}
                  onChange={(value: string) => {
                    setAccount(value);
                    setNotFound(undefined);
                    setAccountError(undefined);
                  }}
                  options={(recent.data?.members ?? []).map((m) => ({
                    value: m.email || m.phone,
                    label: (
                      <Flex gap={8} align="center">
                        <UserAvatar user={{ id: m.userid, nick_name: m.name, avatar: m.avatar }} size={20} />
                        <span>{m.name}</span>
                        <Typography.Text type="secondary">{m.email || m.phone}</Typography.Text>
                      </Flex>
                    ),
                  }))}
                  placeholder={t('share.members.accountPlaceholder')}
                  aria-label={t('share.members.invite')}
                  style={{ flex: 1 }}
                />
                <Select
                  value={permission}
                  options={options.map((p) => ({ value: p, label: t(`share.permission.${p}`) }))}
                  onChange={setPermission}
                  aria-label={t('share.panel.permission')}
                  style={{ width: 120 }}
                />
                <Button type="primary" htmlType="submit" loading={changes.add.isPending}>
                  {t('common.ok')}
                </Button>
              </Flex>
            </Form.Item>
            {notFound && (
              <Button
                size="small"
                icon={<UserAddOutlined aria-hidden />}
                onClick={() => void inviteUnregistered()}
              >
                {t('share.members.inviteAddress', { account: notFound })}
              </Button>
            )}
          </Form>
        )}
        {canPick && (
          <Button type="link" className="cirrus-share-pick" onClick={() => setPicking(true)}>
            {t('share.members.pickContacts')}
          </Button>
        )}
        {members.isPending ? (
          <Spin />
        ) : members.members.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.members.empty')} />
        ) : (
          <List
            className="cirrus-share-members"
            aria-label={t('share.members.title')}
            dataSource={visible}
            renderItem={(member) => (
              <List.Item
                actions={
                  member.editable
                    ? [
                        <Button
                          key="remove"
                          type="text"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('share.members.remove', { name: member.name })}
                          onClick={() => remove(member)}
                        />,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  avatar={
                    member.type === 'user' ? (
                      <UserAvatar
                        user={{ id: member.userid, nick_name: member.name, avatar: member.avatar }}
                        size={32}
                      />
                    ) : (
                      <Avatar size={32} icon={<MailOutlined />} />
                    )
                  }
                  title={
                    <Flex gap={6} align="center">
                      <span>{member.name}</span>
                      {member.status === 'unregister' && (
                        <Tag color="orange">{t('share.members.unregister')}</Tag>
                      )}
                    </Flex>
                  }
                  description={<Contact member={member} />}
                />
                {member.permission === 'owner' ? (
                  <Typography.Text type="secondary">{t('share.permission.owner')}</Typography.Text>
                ) : member.editable ? (
                  <Select
                    size="small"
                    value={member.permission as LinkPermission}
                    options={options.map((p) => ({ value: p, label: t(`share.permission.${p}`) }))}
                    onChange={(next: LinkPermission) =>
                      next !== member.permission && changePermission(member, next)
                    }
                    aria-label={t('share.members.permissionOf', { name: member.name })}
                    style={{ width: 110 }}
                  />
                ) : (
                  <Typography.Text type="secondary">
                    {t(`share.permission.${member.permission}`)}
                  </Typography.Text>
                )}
              </List.Item>
            )}
          />
        )}
        {(members.members.length > shown || members.hasNextPage) && (
          <Button
            type="link"
            block
            loading={members.isFetchingNextPage}
            onClick={() => {
              if (members.members.length <= shown + 50 && members.hasNextPage) void members.fetchNextPage();
              setShown((n) => n + 50);
            }}
          >
            {t('share.members.more')}
          </Button>
        )}
      </GuardedModal>
      <ContactPicker
        open={picking}
        title={t('share.members.pickContacts')}
        alreadyIn={members.members.filter((m) => m.type === 'user').map((m) => m.userid)}
        confirmLoading={changes.add.isPending}
        onCancel={() => setPicking(false)}
        onOk={(picked) =>
          changes.add.mutate(
            {
              permission,
              source: 'user',
              userids: picked.filter((p) => p.kind === 'user').map((p) => p.id),
            },
            {
              onSuccess: (result) => {
                setPicking(false);
                report(result);
              },
              onError: (error) => notify.error(error),
            },
          )
        }
      />
    </>
  );
}
