import { FolderOpenOutlined } from '@ant-design/icons';
import { type ContactGroup, formatDate } from '@cirrus/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Breadcrumb, Button, Empty, Flex, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { directoryApi } from '../../api/directory';
import { errorMessage } from '../../api/http';
import { paths } from '../../app/paths';
import { TeamAvatar } from '../../components/TeamAvatar';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { CreateTeamButton } from '../teams/CreateTeamButton';
import { NewChatButton } from '../teams/NewChatButton';
import { useMyGroups, useTeam } from '../teams/queries';
import { TeamDetailsButton } from '../teams/TeamDetailsButton';
import '../teams/teams.css';
import './contacts.css';

function GroupRow({ group }: { group: ContactGroup }) {
  const { t } = useTranslation('teams');
  return (
    <li className="cirrus-group-row" data-testid={`group-${group.id}`}>
      <Link to={`${paths.contacts}/group/${group.id}`} className="cirrus-group-link cirrus-row-link">
        <TeamAvatar team={group} size={40} />
        <span className="cirrus-person-main">
          <span className="cirrus-person-name">
            {group.name}
            {group.is_top_group && <Tag className="cirrus-member-tag">{t('info.pinned')}</Tag>}
          </span>
          <Typography.Text type="secondary" className="cirrus-person-sub">
            {t(`types.${group.groupType}`)} · {t('chat.people', { count: group.member_count })} ·{' '}
            {t(`roles.${group.team_role}`)}
          </Typography.Text>
        </span>
      </Link>
      <TeamDetailsButton groupId={group.id} teamType={group.groupType} />
    </li>
  );
}

function TeamCard({ gid }: { gid: number }) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const navigate = useNavigate();
  const team = useTeam(gid);
  const people = useQuery({
    queryKey: ['teams', 'team', gid, 'people-card'],
    queryFn: () => directoryApi.membersBrief(gid, { limit: 200 }),
    enabled: team.isSuccess,
  });
  useDocumentTitle(team.data?.name ?? t('contacts.myTeams'));
  if (team.isPending) return <Spin className="cirrus-contacts-spin" />;
  if (team.isError) {
    return (
      <Result
        status="warning"
        title={<h1 className="cirrus-title-heading">{errorMessage(team.error, language)}</h1>}
        extra={
          <Button onClick={() => void navigate(`${paths.contacts}/group`)}>{t('contacts.myTeams')}</Button>
        }
      />
    );
  }
  const data = team.data;
  return (
    <div className="cirrus-team-card">
      <Flex align="center" gap={16} wrap>
        <TeamAvatar team={data} size={56} />
        <div className="cirrus-person-main">
          <Typography.Title level={1} className="cirrus-team-card-title">
            {data.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(`types.${data.type}`)} · {t('chat.people', { count: data.member_count })} ·{' '}
            {t('info.createdOn', { date: formatDate(data.created_at) })}
          </Typography.Text>
        </div>
        <Flex gap={8}>
          <TeamDetailsButton groupId={data.id} teamType={data.type} withLabel />
          {data.type !== 1 && (
            <Button
              icon={<FolderOpenOutlined />}
              onClick={() => void navigate(`${paths.drive}/group/${data.id}`)}
            >
              {t('contacts.openFiles')}
            </Button>
          )}
        </Flex>
      </Flex>
      {data.notice && (
        <Typography.Paragraph className="cirrus-team-card-notice">{data.notice}</Typography.Paragraph>
      )}
      <Typography.Text strong>{t('details.tabMembers')}</Typography.Text>
      <Flex wrap gap={12} className="cirrus-team-card-people">
        {(people.data?.members ?? []).map((m) => (
          <Tooltip key={`${m.type}:${m.id}`} title={t(`roles.${m.team_role as 1 | 2 | 3 | 4}`)}>
            <span className="cirrus-chat-person">
              {m.type === 2 ? (
                <Avatar shape="square">{m.name.slice(0, 1)}</Avatar>
              ) : (
                <UserAvatar user={m} size={36} />
              )}
              <span>{m.nick_name}</span>
            </span>
          </Tooltip>
        ))}
      </Flex>
    </div>
  );
}

/**
 * /contacts/group and /contacts/group/{id} (spec 000 §2): the teams and chats the user owns or
 * created (my drive and uploads are not teams), then one of them; the breadcrumb reads my teams,
 * then the team.
 */
export function GroupContactsPage() {
  const { t } = useTranslation('teams');
  const { t: tc } = useTranslation();
  const { id } = useParams();
  const gid = id ? Number(id) : undefined;
  const groups = useMyGroups({ owned: true });
  useDocumentTitle(t('contacts.myTeams'));
  const current = gid ? groups.data?.groups.find((g) => g.id === gid) : undefined;
  return (
    <section className="cirrus-area">
      {/* The breadcrumb shows the list's name; a team's own page has the team's name as its h1. */}
      {!gid && <h1 className="cirrus-visually-hidden">{t('contacts.myTeams')}</h1>}
      <Flex align="center" justify="space-between" wrap gap={8} className="cirrus-group-head">
        <Breadcrumb
          items={[
            { title: <Link to={paths.contacts}>{tc('nav.contacts')}</Link> },
            {
              title: gid ? (
                <Link to={`${paths.contacts}/group`}>{t('contacts.myTeams')}</Link>
              ) : (
                t('contacts.myTeams')
              ),
            },
            ...(gid ? [{ title: current?.name ?? '…' }] : []),
          ]}
        />
        {!gid && (
          <Flex gap={8}>
            <NewChatButton />
            <CreateTeamButton withLabel />
          </Flex>
        )}
      </Flex>
      <div className="cirrus-teams-panel">
        {gid ? (
          <TeamCard gid={gid} />
        ) : groups.isPending ? (
          <Spin className="cirrus-contacts-spin" />
        ) : (groups.data?.groups.length ?? 0) === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contacts.noTeams')} />
        ) : (
          <ul className="cirrus-group-list">
            {groups.data?.groups.map((g) => (
              <GroupRow key={g.id} group={g} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
