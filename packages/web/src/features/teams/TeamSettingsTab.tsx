import {
  canDeleteTeam,
  canEditHistoryLimit,
  canExitTeam,
  canToggleAutoConvert,
  canTogglePush,
  errorText,
  HISTORY_LIMIT_ERROR_TOAST_MS,
  lookupErrorMessage,
  securityDocsConvert,
  TEAM_ROLE,
  type TeamMember,
  type TeamRecord,
  validateHistoryLimit,
} from '@cirrus/shared';
import { App, Button, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../api/http';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { useSettings } from '../settings/queries';
import { ConfirmDialog } from './ConfirmDialog';
import { DeleteTeamDialog } from './DeleteTeamDialog';
import { InlineEdit } from './InlineEdit';
import {
  useDeleteTeam,
  useExitTeam,
  useMemberMutations,
  useSetHistoryLimit,
  useSetImPush,
  useUpdateTeam,
} from './queries';
import { TransferOwnerDialog } from './TransferOwnerDialog';
import { useLeaveRedirect, useTeamMessages } from './useTeamActions';

function SettingRow({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="cirrus-setting-row">
      <div className="cirrus-setting-text">
        <Typography.Text strong>{title}</Typography.Text>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      </div>
      <div className="cirrus-setting-control">{children}</div>
    </div>
  );
}

/** Deleting the team or exiting it: a row like the others, its button in red. */
function LeavingRow({ action, onClick }: { action: 'delete' | 'exit'; onClick: () => void }) {
  const { t } = useTranslation('teams');
  return (
    <SettingRow title={t(`settings.${action}Row`)} hint={t(`settings.${action}Hint`)}>
      <Button danger onClick={onClick}>
        {t(`settings.${action}`)}
      </Button>
    </SettingRow>
  );
}

type Dialog = 'enableConvert' | 'transfer' | 'delete' | 'exit' | null;

/**
 * The team settings tab (spec 000 §2, §4, §6). Every member sees it; each control follows its
 * role rule (README "Team settings tab"): auto-convert, history limit, file-message push,
 * transfer, and exit or delete.
 */
export function TeamSettingsTab({ team, onLeft }: { team: TeamRecord; onLeft: () => void }) {
  const { t } = useTranslation('teams');
  const language = useLanguage();
  const settings = useSettings();
  const me = useCurrentUser();
  const { message } = App.useApp();
  const { attempt, success } = useTeamMessages();
  const update = useUpdateTeam(team.id);
  const historyLimit = useSetHistoryLimit(team.id);
  const push = useSetImPush(team.id);
  const remove = useDeleteTeam();
  const exit = useExitTeam();
  const members = useMemberMutations(team.id);
  const leaveRedirect = useLeaveRedirect();
  const [dialog, setDialog] = useState<Dialog>(null);
  const role = team.self_member.team_role;
  const converting = team.auto_convert_state === 2;

  const setConvert = async (on: boolean) => {
    if (await attempt(() => update.mutateAsync({ auto_convert_state: on ? 1 : 0 }), 'modifySuccess'))
      setDialog(null);
  };

  // spec 000 §8: a 403 with a msg shows that msg, anything else the network error.
  const togglePush = async (on: boolean) => {
    try {
      await push.mutateAsync(on);
      success('modifySuccess');
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      const msg = error instanceof ApiError && error.status === 403 ? error.body?.msg : undefined;
      void message.error(msg || lookupErrorMessage({}, language));
    }
  };

  const saveHistoryLimit = async (value: string) => {
    try {
      await historyLimit.mutateAsync(value);
      success('modifySuccess');
    } catch (error) {
      // spec 000 §8: 40000003 shows for 3 seconds with the global maximum filled in.
      void message.error(errorMessage(error, language), HISTORY_LIMIT_ERROR_TOAST_MS / 1000);
      throw error;
    }
  };

  const transfer = async (member: TeamMember) => {
    if (
      await attempt(
        () => members.setRole.mutateAsync({ userId: member.id, role: TEAM_ROLE.owner }),
        'modifySuccess',
      )
    ) {
      setDialog(null);
    }
  };

  const deleteTeam = async () => {
    leaveRedirect(team.id);
    if (await attempt(() => remove.mutateAsync(team.id), 'deleteTeamSuccess')) {
      setDialog(null);
      onLeft();
    }
  };

  const exitTeam = async () => {
    leaveRedirect(team.id);
    if (await attempt(() => exit.mutateAsync({ gid: team.id, userId: me.id }), 'exitTeamSuccess')) {
      setDialog(null);
      onLeft();
    }
  };

  // Those a department brings in leave with it (the server answers cant_remove_member).
  const mayExit = canExitTeam(role, team.type) && !team.self_member.in_dept;
  const mayDelete = canDeleteTeam(role, team.type);

  return (
    <div className="cirrus-team-settings">
      {securityDocsConvert(settings) && (
        <SettingRow
          title={t('settings.autoConvert')}
          hint={
            <>
              {t('settings.autoConvertHint')}
              {converting && (
                <Tag color="processing" className="cirrus-setting-tag">
                  {t('settings.converting')}
                </Tag>
              )}
            </>
          }
        >
          <Switch
            checked={team.auto_convert_state > 0}
            disabled={!canToggleAutoConvert(role)}
            loading={update.isPending}
            aria-label={t('settings.autoConvert')}
            // spec 000 §4: on -> off at once; off -> on after the confirmation.
            onChange={(on) => (on ? setDialog('enableConvert') : void setConvert(false))}
          />
        </SettingRow>
      )}
      <SettingRow
        title={t('settings.historyLimit')}
        hint={t('settings.historyLimitHint', { max: team.history_limit_max })}
      >
        <InlineEdit
          label={t('settings.historyLimit')}
          value={String(team.history_limit)}
          editable={canEditHistoryLimit(role)}
          validate={(v) => {
            const key = validateHistoryLimit(v, team.history_limit_max);
            return key && errorText(key, language, { max: team.history_limit_max });
          }}
          onSave={saveHistoryLimit}
          testId="team-history-limit"
        />
      </SettingRow>
      <SettingRow title={t('settings.push')} hint={t('settings.pushHint')}>
        <Switch
          checked={team.im_push}
          loading={push.isPending}
          aria-label={t('settings.push')}
          // Owner and admin change it (the server answers 403 to anyone else, spec 000 §8); the
          // others see the current value, read-only like the history limit above.
          disabled={!canTogglePush(role)}
          onChange={(on) => void togglePush(on)}
        />
      </SettingRow>
      {role === TEAM_ROLE.owner && (
        <SettingRow title={t('settings.transfer')} hint={t('settings.transferHint')}>
          <Button onClick={() => setDialog('transfer')}>{t('settings.transferButton')}</Button>
        </SettingRow>
      )}
      {mayDelete && <LeavingRow action="delete" onClick={() => setDialog('delete')} />}
      {mayExit && <LeavingRow action="exit" onClick={() => setDialog('exit')} />}

      <ConfirmDialog
        open={dialog === 'enableConvert'}
        title={t('settings.enableTitle')}
        okText={t('settings.enable')}
        loading={update.isPending}
        onOk={() => void setConvert(true)}
        onCancel={() => setDialog(null)}
      >
        {t('settings.enableText')}
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === 'exit'}
        title={t('settings.exitTitle', { name: team.name })}
        okText={t('settings.exit')}
        danger
        loading={exit.isPending}
        onOk={() => void exitTeam()}
        onCancel={() => setDialog(null)}
      >
        {t('settings.exitText')}
      </ConfirmDialog>
      <DeleteTeamDialog
        name={team.name}
        open={dialog === 'delete'}
        loading={remove.isPending}
        onDelete={() => void deleteTeam()}
        onClose={() => setDialog(null)}
      />
      {dialog === 'transfer' && (
        <TransferOwnerDialog
          team={team}
          open
          loading={members.setRole.isPending}
          onTransfer={(m) => void transfer(m)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
