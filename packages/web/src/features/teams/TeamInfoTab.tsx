import { LinkOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import {
  canEditAvatar,
  canEditNotice,
  canEditTeamName,
  canShareInviteLink,
  errorText,
  formatDate,
  formatSize,
  NOTICE_MAX_WEIGHT,
  type TeamRecord,
  validateNotice,
  validateTeamName,
} from '@cirrus/shared';
import { Button, Descriptions, Flex, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { useSettings } from '../settings/queries';
import { IconChooser } from './IconChooser';
import { InlineEdit } from './InlineEdit';
import { InviteLinkDialog } from './InviteLinkDialog';
import { useDeptSpace, usePinTeam, useUpdateTeam } from './queries';
import { SpaceBar } from './SpaceBar';
import { useTeamMessages } from './useTeamActions';

/** The department group space of a company team (spec 000 §2), with a tooltip saying what it is. */
function DeptSpace({ deptId }: { deptId: number }) {
  const { t } = useTranslation('teams');
  const space = useDeptSpace(deptId);
  if (!space.data) return <span>--</span>;
  const { default: base, expand_self, used, total } = space.data;
  return (
    <span data-testid="team-dept-space">
      {total > 0
        ? t('info.deptSpaceValue', { used: formatSize(used), total: formatSize(total) })
        : t('info.usedNoLimit', { used: formatSize(used) })}{' '}
      <Tooltip
        title={t('info.deptSpaceTip', {
          base: base > 0 ? formatSize(base) : t('info.unlimited'),
          expand: formatSize(expand_self),
        })}
      >
        <QuestionCircleOutlined aria-label={t('info.deptSpace')} />
      </Tooltip>
    </span>
  );
}

/** The team info tab (spec 000 §2): name, date, type, department (if any), space, department space, notice. */
export function TeamInfoTab({ team }: { team: TeamRecord }) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const settings = useSettings();
  const update = useUpdateTeam(team.id);
  const pin = usePinTeam();
  const { run, attempt } = useTeamMessages();
  const [inviting, setInviting] = useState(false);
  const role = team.self_member.team_role;
  const save = (body: Parameters<typeof update.mutateAsync>[0]) =>
    run(() => update.mutateAsync(body), 'modifySuccess');
  const inviteAllowed = canShareInviteLink(role, team.type, {
    allowGroupDeptMember: settings.ALLOW_GROUP_DEPT_MEMBER,
  });

  return (
    <div className="cirrus-team-info">
      <Flex align="center" gap={16} className="cirrus-team-head">
        <IconChooser team={team} editable={canEditAvatar(role)} onChange={(avatar) => save({ avatar })} />
        <div className="cirrus-team-head-text">
          <InlineEdit
            label={t('info.name')}
            value={team.name}
            editable={canEditTeamName(role, team.type)}
            validate={(v) => {
              const key = validateTeamName(v);
              return key && errorText(key, language);
            }}
            onSave={(name) => save({ name })}
            testId="team-name"
          />
          <Space size={8} wrap>
            <Tag color={team.type === 2 ? 'blue' : 'green'}>{t(`types.${team.type}`)}</Tag>
            <Typography.Text type="secondary" className="cirrus-nowrap">
              {t(`roles.${role}`)}
            </Typography.Text>
          </Space>
        </div>
        {inviteAllowed && (
          <Button icon={<LinkOutlined />} onClick={() => setInviting(true)}>
            {t('invite.button')}
          </Button>
        )}
      </Flex>
      <Descriptions
        column={1}
        size="small"
        className="cirrus-team-facts"
        items={[
          { key: 'created', label: t('info.created'), children: formatDate(team.created_at) },
          { key: 'type', label: t('info.type'), children: t(`types.${team.type}`) },
          // The department the team belongs to (spec 000 §2: "team ownership (department display path or --)").
          {
            key: 'ownership',
            label: t('info.ownership'),
            children: team.ascription_dept?.display_path_name || '--',
          },
          { key: 'owner', label: t('info.owner'), children: team.owner_user?.nick_name ?? '--' },
          {
            key: 'space',
            label: t('info.space'),
            children: <SpaceBar used={team.space.used} total={team.space.total} />,
          },
          ...(team.type === 2 && team.ascription_dept
            ? [
                {
                  key: 'dept',
                  label: t('info.deptSpace'),
                  children: <DeptSpace deptId={team.ascription_dept.id} />,
                },
              ]
            : []),
          {
            key: 'pin',
            label: t('info.pin'),
            children: (
              <Switch
                size="small"
                checked={team.is_top_group}
                loading={pin.isPending}
                aria-label={t('info.pin')}
                onChange={(pinned) =>
                  void attempt(() => pin.mutateAsync({ gid: team.id, pinned }), 'modifySuccess')
                }
              />
            ),
          },
          {
            key: 'notice',
            label: t('info.notice'),
            children: (
              <InlineEdit
                label={t('info.notice')}
                value={team.notice}
                multiline
                placeholder={<Typography.Text type="secondary">{t('info.noNotice')}</Typography.Text>}
                editable={canEditNotice(role)}
                validate={(v) => {
                  const key = validateNotice(v);
                  return key && errorText(key, language);
                }}
                maxLength={NOTICE_MAX_WEIGHT}
                onSave={(notice) => save({ notice })}
                testId="team-notice"
              />
            ),
          },
        ]}
      />
      {inviting && <InviteLinkDialog team={team} open onClose={() => setInviting(false)} />}
    </div>
  );
}
