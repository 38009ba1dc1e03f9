import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/http';
import { teamsApi } from '../../api/teams';
import { paths } from '../../app/paths';
import { TeamAvatar } from '../../components/TeamAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { teamKeys, useInvalidateTeam } from './queries';
import { useTeamMessages } from './useTeamActions';
import './teams.css';

/** The page an invite link opens (/pcview/team/invite/{code}): the team, and a button to join it. */
export function JoinByInvitePage() {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const navigate = useNavigate();
  const { code = '' } = useParams();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTeam();
  const { attempt } = useTeamMessages();
  useDocumentTitle(t('invite.joinTitle'));
  const info = useQuery({
    queryKey: teamKeys.link(code),
    queryFn: () => teamsApi.linkInfo(code),
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => teamsApi.join(code),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: teamKeys.link(code) })]),
  });
  const open = (gid: number) => void navigate(`${paths.drive}/group/${gid}`);

  if (info.isPending) return <Spin className="cirrus-picker-spin" />;
  if (info.isError) {
    return (
      <Result
        status="warning"
        title={<h1 className="cirrus-title-heading">{t('invite.invalid')}</h1>}
        subTitle={errorMessage(info.error, language)}
        extra={<Button onClick={() => void navigate(paths.drive)}>{t('invite.backToDrive')}</Button>}
      />
    );
  }
  const { group } = info.data;
  return (
    <Flex justify="center" className="cirrus-join">
      <Card className="cirrus-join-card">
        <Flex vertical align="center" gap={12}>
          <TeamAvatar team={group} size={72} />
          <Typography.Title level={1} className="cirrus-join-title">
            {group.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(`types.${group.type}`)} · {t('chat.people', { count: group.member_count })}
          </Typography.Text>
          {info.data.is_member ? (
            <>
              <Typography.Text>{t('invite.alreadyMember')}</Typography.Text>
              <Button type="primary" onClick={() => open(group.id)}>
                {t('invite.open')}
              </Button>
            </>
          ) : (
            <Button
              type="primary"
              size="large"
              loading={join.isPending}
              onClick={() =>
                void attempt(() => join.mutateAsync(), 'modifySuccess').then((done) => done && open(group.id))
              }
            >
              {t('invite.join')}
            </Button>
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
