import { messageText, type TeamRecord } from '@cirrus/shared';
import { App, Button, Flex, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { GuardedModal } from '../../components/GuardedModal';
import { useLanguage } from '../../i18n';
import { useInvite, useResetInvite } from './queries';
import { useTeamMessages } from './useTeamActions';

/** The team's invite link (GET invite_info) with copy and reset (PUT /api/v3/mine/team/{id}/link). */
export function InviteLinkDialog({
  team,
  open,
  onClose,
}: {
  team: TeamRecord;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const invite = useInvite(team.id, open);
  const reset = useResetInvite(team.id);
  const { notify, attempt } = useTeamMessages();
  const { message } = App.useApp();
  const url = invite.data ? `${window.location.origin}${invite.data.link}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(messageText('copySuccess', language));
    } catch {
      void message.warning(messageText('copyFailedTip', language));
    }
  };
  return (
    <GuardedModal open={open} onCancel={onClose} footer={null} title={t('invite.title', { name: team.name })}>
      {invite.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : invite.isError ? (
        <Typography.Text type="danger">{errorMessage(invite.error, language)}</Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('invite.hint')}</Typography.Paragraph>
          <Flex gap={8}>
            <Input
              readOnly
              value={url}
              aria-label={t('invite.title', { name: team.name })}
              data-testid="invite-url"
            />
            <Button type="primary" onClick={() => void copy()}>
              {t('invite.copy')}
            </Button>
          </Flex>
          <Button
            type="link"
            className="cirrus-invite-reset"
            loading={reset.isPending}
            onClick={() => void attempt(() => reset.mutateAsync(), 'modifySuccess')}
          >
            {t('invite.reset')}
          </Button>
          <Typography.Text type="secondary">{t('invite.resetHint')}</Typography.Text>
        </>
      )}
    </GuardedModal>
  );
}
