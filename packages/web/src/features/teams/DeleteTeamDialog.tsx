import { isTeamDeleteConfirmed, TEAM_DELETE_WORD } from '@cirrus/shared';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FocusedInput } from '../../components/FocusedInput';
import { GuardedModal } from '../../components/GuardedModal';

/**
 * Team delete (spec 000 §4): typing DEL, in any case, enables the delete button. A chat's owner
 * deletes it the same way, with the chat's words (`chat`).
 */
export function DeleteTeamDialog({
  name,
  open,
  loading,
  onDelete,
  onClose,
  chat = false,
}: {
  name: string;
  open: boolean;
  loading: boolean;
  onDelete: () => void;
  onClose: () => void;
  chat?: boolean;
}) {
  const { t } = useTranslation('teams');
  const words = chat ? 'chat' : 'settings';
  const [word, setWord] = useState('');
  return (
    <GuardedModal
      open={open}
      title={t(`${words}.deleteTitle`, { name })}
      onCancel={onClose}
      onOk={onDelete}
      okText={t(`${words}.delete`)}
      okButtonProps={{ danger: true, disabled: !isTeamDeleteConfirmed(word), loading }}
      afterClose={() => setWord('')}
      width={440}
    >
      <Typography.Paragraph>{t(`${words}.deleteText`)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('settings.deleteWord', { word: TEAM_DELETE_WORD })}
      </Typography.Paragraph>
      <FocusedInput
        value={word}
        onChange={(e) => setWord(e.target.value)}
        placeholder={TEAM_DELETE_WORD}
        aria-label={t('settings.deleteWord', { word: TEAM_DELETE_WORD })}
      />
    </GuardedModal>
  );
}
