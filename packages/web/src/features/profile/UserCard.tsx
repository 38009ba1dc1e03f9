import { CameraOutlined, LockOutlined, MessageOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  type ErrorKey,
  formatSize,
  type IdentityStatus,
  spacePercent,
  type UserBrief,
  validateAddress,
  validateEmail,
  validateExtPhone,
  validatePhone,
  withoutAccountSuffix,
} from '@cirrus/shared';
import { Button, Descriptions, Flex, Progress, Result, Select, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/http';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/ButtonLink';
import { HoverTooltip } from '../../components/HoverTooltip';
import { UserAvatar } from '../../components/UserAvatar';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { useSettings } from '../settings/queries';
import { AvatarCropperDialog } from './AvatarCropperDialog';
import { BindCodeDialog } from './BindCodeDialog';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { EditableField } from './EditableField';
import { errorTextOf } from './error-text';
import { IdentityDialog } from './IdentityDialog';
import {
  useIdentity,
  useMySpace,
  useRequestBindCode,
  useToggleFavorite,
  useUpdateExtPhone,
  useUpdateSelf,
  useUserBrief,
} from './queries';
import './profile.css';

type Dialog = 'avatar' | 'password' | 'identity';

const IDENTITY_COLOURS: Record<IdentityStatus, string> = {
  unverified: 'default',
  pending: 'processing',
  verified: 'success',
  rejected: 'error',
};

/**
 * The user card (spec 000 §2, §4, §6): avatar, name, favourite star, change-password button and the
 * info form. On one's own card the fields are edited in place; email and phone go through a code
 * sent to the new address. A missing user shows the error by type and "unknown user".
 */
export function UserCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const me = useCurrentUser();
  const settings = useSettings();
  const own = me.id === userId;
  const brief = useUserBrief(userId);
  // The signed-in person's own space: asked for, and shown, on their own card only.
  const space = useMySpace(own);
  const identity = useIdentity(own && settings.allow_real_name);
  const updateSelf = useUpdateSelf();
  const updateExtPhone = useUpdateExtPhone();
  const bindCode = useRequestBindCode();
  const favorite = useToggleFavorite(userId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [codeSent, setCodeSent] = useState<Parameters<typeof BindCodeDialog>[0]['sent']>(null);
  const closeDialog = () => setDialog(null);

  if (brief.isPending) return <Skeleton avatar active paragraph={{ rows: 6 }} />;
  if (brief.isError) {
    return (
      <Result
        status="warning"
        title={t('profile.unknownUser')}
        subTitle={errorMessage(brief.error, language)}
        className="cirrus-profile-missing"
      />
    );
  }
  const user: UserBrief = brief.data;
  const privatization = settings.IS_PRIVATIZATION;
  const ruleText = (check: (value: string) => ErrorKey | undefined) => (value: string) => {
    const key = check(value);
    return key ? errorTextOf(key, language, { privatization }) : undefined;
  };
  const saved = () => notify.success(t('profile.modifySuccess'));
  const notSet = <Typography.Text type="secondary">{t('common.notSet')}</Typography.Text>;

  /** Email and phone: the rule, then a code to the new address, then the code dialog. */
  const bind = (type: 'email' | 'phone') => async (value: string) => {
    const sent = await bindCode.mutateAsync({ type, value });
    setCodeSent({ ...sent, sentAt: Date.now() });
  };

  const canChangePassword = own && user.source !== 'sync' && !settings.logout_url;
  const canEditAvatar = own && !settings.unable_user_avatar_edit;
  const depts = user.depts.map((d) => d.display_path_name || d.display_name);
  const usage = space.data && spacePercent(space.data.used, space.data.total);

  const rows: { key: string; label: string; children: ReactNode }[] = [
    {
      key: 'email',
      label: t('profile.email'),
      children: (
        <EditableField
          label={t('profile.email')}
          value={user.email}
          placeholder={notSet}
          editable={own}
          maxLength={60}
          validate={ruleText(validateEmail)}
          onSave={bind('email')}
          testId="profile-email"
        />
      ),
    },
    {
      key: 'phone',
      label: t('profile.phone'),
      children: (
        <EditableField
          label={t('profile.phone')}
          value={user.phone_number}
          placeholder={notSet}
          editable={own}
          maxLength={privatization ? 40 : 20}
          validate={ruleText((v) => validatePhone(v, { privatization }))}
          onSave={bind('phone')}
          testId="profile-phone"
        />
      ),
    },
  ];
  if (user.company_member) {
    rows.push({
      key: 'ext',
      label: t('profile.extPhone'),
      children: (
        <EditableField
          label={t('profile.extPhone')}
          value={user.company_member.ext_phone_number}
          placeholder={notSet}
          editable={own}
          validate={ruleText((v) => (v === '' ? undefined : validateExtPhone(v)))}
          onSave={(v) => updateExtPhone.mutateAsync(v).then(saved)}
          testId="profile-ext"
        />
      ),
    });
  }
  rows.push({
    key: 'address',
    label: t('profile.address'),
    children: (
      <EditableField
        label={t('profile.address')}
        value={user.address}
        placeholder={notSet}
        editable={own}
        validate={ruleText(validateAddress)}
        onSave={(v) => updateSelf.mutateAsync({ address: v }).then(saved)}
        testId="profile-address"
      />
    ),
  });
  if (user.company_member) {
    rows.push({
      key: 'employee',
      label: t('profile.employeeId'),
      children: user.company_member.employee_id || notSet,
    });
  }
  rows.push({
    key: 'sex',
    label: t('profile.sex'),
    children: own ? (
      <Select
        size="small"
        variant="borderless"
        value={user.sex}
        aria-label={t('profile.sex')}
        className="cirrus-profile-sex"
        onChange={(sex) => {
          if (sex !== user.sex)
            updateSelf.mutate({ sex }, { onSuccess: saved, onError: (e) => notify.error(e) });
        }}
        options={[
          { value: 0, label: t('profile.sexOptions.unknown') },
          { value: 1, label: t('profile.sexOptions.boy') },
          { value: 2, label: t('profile.sexOptions.girl') },
        ]}
      />
    ) : (
      [t('profile.sexOptions.unknown'), t('profile.sexOptions.boy'), t('profile.sexOptions.girl')][user.sex]
    ),
  });
  if (user.company_member) {
    rows.push({ key: 'title', label: t('profile.jobTitle'), children: user.company_member.title || notSet });
  }
  rows.push({
    key: 'depts',
    label: t('profile.departments'),
    children: depts.length ? (
      <Flex vertical gap={2}>
        {depts.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </Flex>
    ) : (
      notSet
    ),
  });
  if (own && usage && space.data) {
    // spec 000 §2: the cloud space shown is the viewer's own, so it belongs on their own card
    // only; on someone else's it would read as that person's.
    rows.push({
      key: 'space',
      label: t('profile.cloudSpace'),
      children: (
        <div className="cirrus-profile-space">
          <Progress
            aria-label={t('profile.cloudSpaceUsed')}
            percent={Math.min(100, usage.percent)}
            showInfo={false}
            size="small"
            status={usage.danger ? 'exception' : 'normal'}
          />
          <Typography.Text type={usage.danger ? 'danger' : 'secondary'}>
            {t('profile.spaceUsage', {
              used: formatSize(space.data.used),
              total: formatSize(space.data.total),
              percent: usage.text,
            })}
          </Typography.Text>
        </div>
      ),
    });
  }
  if (own && identity.data?.required) {
    const state = identity.data;
    rows.push({
      key: 'identity',
      label: t('profile.realName'),
      children: (
        <Flex align="center" gap={8} wrap>
          <Tag color={IDENTITY_COLOURS[state.status]}>{t(`identity.status.${state.status}`)}</Tag>
          {state.real_name && <Typography.Text type="secondary">{state.real_name}</Typography.Text>}
          {state.status === 'rejected' && state.reason && (
            <Typography.Text type="secondary">
              {t('identity.reason', { reason: state.reason })}
            </Typography.Text>
          )}
          {(state.status === 'unverified' || state.status === 'rejected') && (
            <Button size="small" type="link" onClick={() => setDialog('identity')}>
              {t('identity.verify')}
            </Button>
          )}
        </Flex>
      ),
    });
  }

  const avatar = <UserAvatar user={user} size={72} />;
  return (
    <div className="cirrus-user-card">
      <Flex gap={16} align="center" className="cirrus-user-card-head">
        {canEditAvatar ? (
          <HoverTooltip title={t('profile.changeAvatar')}>
            <button
              type="button"
              className="cirrus-avatar-edit"
              aria-label={t('profile.changeAvatar')}
              onClick={() => setDialog('avatar')}
            >
              {avatar}
              <span className="cirrus-avatar-edit-mask">
                <CameraOutlined />
              </span>
            </button>
          </HoverTooltip>
        ) : (
          avatar
        )}
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Flex align="center" gap={6}>
            {/* Under the page's h1, or in a dialog. */}
            <Typography.Title level={2} className="cirrus-user-card-name" ellipsis>
              {user.nick_name}
            </Typography.Title>
            {!own && (
              <HoverTooltip title={user.is_favorite ? t('profile.unfavorite') : t('profile.favorite')}>
                <Button
                  type="text"
                  size="small"
                  aria-pressed={user.is_favorite}
                  aria-label={user.is_favorite ? t('profile.unfavorite') : t('profile.favorite')}
                  icon={user.is_favorite ? <StarFilled className="cirrus-star-on" /> : <StarOutlined />}
                  onClick={() => favorite.mutate(!user.is_favorite, { onError: (e) => notify.error(e) })}
                />
              </HoverTooltip>
            )}
          </Flex>
          <Typography.Text type="secondary" ellipsis>
            {withoutAccountSuffix(user.unique_name, settings.account_suffix)}
            {user.source === 'sync' && ` · ${t('profile.synced')}`}
          </Typography.Text>
          <Flex gap={8} wrap className="cirrus-user-card-actions">
            {canChangePassword && (
              <Button size="small" icon={<LockOutlined />} onClick={() => setDialog('password')}>
                {t('profile.changePassword')}
              </Button>
            )}
            {!own && settings.allow_chat && (
              <ButtonLink to={`${paths.message}/private/${user.id}`} size="small" icon={<MessageOutlined />}>
                {t('profile.sendMessage')}
              </ButtonLink>
            )}
          </Flex>
        </Flex>
      </Flex>
      <Descriptions column={1} size="small" bordered className="cirrus-user-card-facts" items={rows} />

      <AvatarCropperDialog open={dialog === 'avatar'} onClose={closeDialog} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={closeDialog} />
      <IdentityDialog open={dialog === 'identity'} onClose={closeDialog} />
      <BindCodeDialog sent={codeSent} onClose={() => setCodeSent(null)} />
    </div>
  );
}
