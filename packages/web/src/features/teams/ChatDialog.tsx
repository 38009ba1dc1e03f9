import { MessageOutlined, PlusOutlined, RocketOutlined } from '@ant-design/icons';
import {
  CHAT_DIALOG_AVATARS,
  canAddMembers,
  canDeleteTeam,
  canExitTeam,
  canRenameChat,
  canUpgradeChat,
  errorText,
  groupChatId,
  validateTeamName,
} from '@cirrus/shared';
import { App, Avatar, Button, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http';
import { teamsApi } from '../../api/teams';
import { paths } from '../../app/paths';
import { ContactPicker } from '../../components/ContactPicker';
import { GuardedModal } from '../../components/GuardedModal';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { useSettings } from '../settings/queries';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteTeamDialog } from './DeleteTeamDialog';
import { InlineEdit } from './InlineEdit';
import {
  useApprovers,
  useConversation,
  useDeleteTeam,
  useExitTeam,
  useInvalidateTeam,
  useTeam,
  useTeamPeople,
  useUpdateTeam,
} from './queries';
import { TeamDetailsDialog } from './TeamDetailsDialog';
import { useLeaveRedirect, useTeamMessages } from './useTeamActions';
import './teams.css';

/**
 * The multi-person chat dialog (spec 000 §2): rename, the member strip (up to 9 here, where the
 * strip shows 6 elsewhere), add people, send message (only when the chat has messages), upgrade
 * to a general team, exit; its owner deletes it (typing DEL, as a team).
 */
export function ChatDialog({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const navigate = useNavigate();
  const settings = useSettings();
  const { message } = App.useApp();
  const team = useTeam(open ? groupId : undefined);
  const conversation = useConversation(open ? groupId : undefined);
  const people = useTeamPeople(open ? groupId : undefined);
  const update = useUpdateTeam(groupId);
  const exit = useExitTeam();
  const remove = useDeleteTeam();
  const approvers = useApprovers(open);
  const invalidate = useInvalidateTeam();
  const leaveRedirect = useLeaveRedirect();
  const { run, attempt } = useTeamMessages();
  const me = useCurrentUser();
  const [dialog, setDialog] = useState<'add' | 'upgrade' | 'exit' | 'delete' | null>(null);
  const [upgraded, setUpgraded] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!team.isError) return;
    if (!(team.error instanceof ApiError && team.error.handled))
      void message.error(errorText('groupNotExist', language));
    onClose();
  }, [team.isError, team.error, message, language, onClose]);

  if (upgraded) return <TeamDetailsDialog groupId={groupId} open onClose={onClose} />;

  const data = team.data;
  const info = conversation.data;
  const role = data?.self_member.team_role;
  const strip = info?.members.slice(0, CHAT_DIALOG_AVATARS) ?? [];

  const add = async (ids: number[]) => {
    setBusy(true);
    const done = await attempt(async () => {
      await teamsApi.addToChat(groupId, ids);
      await invalidate(groupId);
    }, 'modifySuccess');
    setBusy(false);
    if (done) setDialog(null);
  };

  const upgrade = async () => {
    setBusy(true);
    const done = await attempt(async () => {
      await teamsApi.upgradeChat(groupId);
      await invalidate(groupId);
    }, 'modifySuccess');
    setBusy(false);
    if (done) {
      setDialog(null);
      setUpgraded(true);
    }
  };

  const leave = async () => {
    leaveRedirect(groupId);
    if (await attempt(() => exit.mutateAsync({ gid: groupId, userId: me.id }), 'exitTeamSuccess')) {
      onClose();
    }
  };

  const deleteChat = async () => {
    leaveRedirect(groupId);
    if (await attempt(() => remove.mutateAsync(groupId), 'deleteTeamSuccess')) onClose();
  };

  return (
    <GuardedModal
      open={open && !team.isError}
      onCancel={onClose}
      footer={null}
      width={520}
      title={t('chat.title')}
      className="cirrus-team-dialog"
    >
      {!data || !info || role === undefined ? (
        <Skeleton active avatar />
      ) : (
        <Flex vertical gap={16}>
          <Flex align="center" gap={12}>
            <TeamAvatar team={data} size={48} />
            <div className="cirrus-team-head-text">
              <InlineEdit
                label={t('chat.name')}
                value={data.name}
                editable={canRenameChat(role)}
                validate={(v) => {
                  const key = validateTeamName(v);
                  return key && errorText(key, language);
                }}
                onSave={(name) => run(() => update.mutateAsync({ name }), 'modifySuccess')}
                testId="chat-name"
              />
              <Typography.Text type="secondary">
                {t('chat.people', { count: info.member_count })}
              </Typography.Text>
            </div>
          </Flex>
          <Flex align="center" gap={8} wrap className="cirrus-chat-strip" data-testid="chat-strip">
            {strip.map((m) => (
              <Tooltip key={m.id} title={m.nick_name}>
                <span className="cirrus-chat-person">
                  <UserAvatar user={m} size={40} />
                  <span>{m.nick_name}</span>
                </span>
              </Tooltip>
            ))}
            {info.member_count > strip.length && (
              <Avatar size={40} className="cirrus-chat-more">
                +{info.member_count - strip.length}
              </Avatar>
            )}
            {canAddMembers(role, data.type, { allowGroupDeptMember: settings.ALLOW_GROUP_DEPT_MEMBER }) && (
              <Button
                shape="circle"
                size="large"
                icon={<PlusOutlined />}
                aria-label={t('chat.add')}
                onClick={() => setDialog('add')}
              />
            )}
          </Flex>
          <Flex gap={8} wrap>
            <Button
              type="primary"
              icon={<MessageOutlined />}
              onClick={() => void navigate(`${paths.message}/group/${groupChatId(groupId)}`)}
            >
              {t('chat.send')}
            </Button>
            {/* A new general team needs approval where the deployment asks for it: no upgrade then. */}
            {canUpgradeChat(role, data.type) && approvers.data?.required === false && (
              <Button icon={<RocketOutlined />} onClick={() => setDialog('upgrade')}>
                {t('chat.upgrade')}
              </Button>
            )}
            {canExitTeam(role, data.type) && (
              <Button danger onClick={() => setDialog('exit')}>
                {t('chat.exit')}
              </Button>
            )}
            {canDeleteTeam(role, data.type) && (
              <Button danger onClick={() => setDialog('delete')}>
                {t('chat.delete')}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
      <ContactPicker
        open={dialog === 'add'}
        title={t('chat.add')}
        alreadyIn={people.data?.members.map((m) => m.id) ?? []}
        confirmLoading={busy}
        onOk={(picked) => void add(picked.filter((p) => p.kind === 'user').map((p) => p.id))}
        onCancel={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'upgrade'}
        title={t('chat.upgradeTitle')}
        okText={t('chat.upgrade')}
        loading={busy}
        onOk={() => void upgrade()}
        onCancel={() => setDialog(null)}
      >
        {t('chat.upgradeText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'exit'}
        title={t('chat.exitTitle')}
        okText={t('chat.exit')}
        danger
        loading={exit.isPending}
        onOk={() => void leave()}
        onCancel={() => setDialog(null)}
      >
        {t('chat.exitText')}
      </ConfirmDialog>
      <DeleteTeamDialog
        chat
        name={data?.name ?? ''}
        open={dialog === 'delete'}
        loading={remove.isPending}
        onDelete={() => void deleteChat()}
        onClose={() => setDialog(null)}
      />
    </GuardedModal>
  );
}
