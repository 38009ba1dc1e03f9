import {
  CopyOutlined,
  HistoryOutlined,
  LinkOutlined,
  SettingOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import {
  displayedLinkPermission,
  formatDateTime,
  LINK_CLOSED_DIALOG_DELAY_MS,
  type LinkPermission,
  type LinkRange,
  messageText,
  type ShareLink,
} from '@cirrus/shared';
import { Alert, Button, Flex, Input, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { GuardedModal } from '../../components/GuardedModal';
import { useNotify } from '../../components/useNotify';
import { useLanguage } from '../../i18n';
import { useCurrentUser } from '../auth/queries';
import { useIdentity } from '../profile/queries';
import { useSettings } from '../settings/queries';
import { AccessLogDialog } from './AccessLogDialog';
import { AdvancedSettingsDialog } from './AdvancedSettingsDialog';
import { AssignUserDialog } from './AssignUserDialog';
import { copyText } from './copy';
import { createBody, type LinkDraft, linkDraft, type ShareTarget } from './link-draft';
import { linkAddress, remainingOf, shareText } from './link-text';
import { MemberChips } from './MemberChips';
import { assignedText } from './MemberSummary';
import { useCreateLink, useShareLink, useUpdateLink } from './queries';
import { ShareMembersDialog } from './ShareMembersDialog';
import './share.css';

export type { ShareTarget } from './link-draft';

interface SharePanelProps {
  file: ShareTarget;
  open: boolean;
  onClose: () => void;
}

type SubDialog = 'settings' | 'members' | 'assign' | 'log';

/** The status line (spec 002 §2): expiry, remaining downloads, access code on or off. */
function StatusLine({ link }: { link: ShareLink }) {
  const { t } = useTranslation();
  const remain = remainingOf(link.download_remain);
  const expiry =
    link.status === 'expired'
      ? t('share.status.expired')
      : link.expire_time === 0
        ? t('share.status.neverExpires')
        : t('share.status.expiresAt', { time: formatDateTime(link.expire_time) });
  return (
    <Flex wrap gap={6} className="cirrus-share-status" role="status" aria-label={t('share.status.label')}>
      <Tag color={link.status === 'expired' ? 'red' : 'default'}>{expiry}</Tag>
      {link.permission !== 'read' && (
        <Tag color={remain === 0 ? 'red' : 'default'}>
          {remain === 'unlimited'
            ? t('share.status.unlimitedDownloads')
            : t('share.status.downloadsLeft', { count: remain })}
        </Tag>
      )}
      <Tag>{link.has_chkcode ? t('share.status.codeOn') : t('share.status.codeOff')}</Tag>
    </Flex>
  );
}

/** The panel of an open link (spec 002 §2 "Share panel"). */
function OpenLink({
  file,
  link,
  onSub,
}: {
  file: ShareTarget;
  link: ShareLink;
  onSub: (sub: SubDialog) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const update = useUpdateLink(file.fileid);
  const editor = link.abilities.is_editor;
  const address = linkAddress(window.location.origin, link.url);

  const change = (body: { ranges?: LinkRange; permission?: LinkPermission }) => {
    update.mutate(
      { sid: link.sid, body: { ...body, version: link.version } },
      {
        onSuccess: (changed) => {
          notify.success(messageText('permissionChangeSuccess', language));
          // Choosing "user" with nobody named yet opens the assignment at once.
          if (
            body.ranges === 'user' &&
            changed.permission_total.user + changed.permission_total.department === 0
          )
            onSub('assign');
        },
        onError: (error) => notify.error(error),
      },
    );
  };

  const copy = async () => {
    const text = shareText(address, link.chkcode, t('share.panel.codeLabel'));
    if (await copyText(text, messageText('copyFailedTip', language)))
      notify.success(messageText('copySuccess', language));
  };

  const named = link.permission_total.user + link.permission_total.department;
  return (
    <div className="cirrus-share-panel">
      <ShareSelect
        kind="range"
        value={link.ranges}
        options={link.abilities.range_options}
        disabled={!editor || update.isPending}
        onChange={(ranges) => ranges !== link.ranges && change({ ranges })}
      />
      {editor && (
        <ShareSelect
          kind="permission"
          value={displayedLinkPermission(link.permission, link.file.isCoDoc)}
          options={link.abilities.link_permission_options}
          disabled={update.isPending}
          onChange={(permission) => permission !== link.permission && change({ permission })}
        />
      )}
      <Space.Compact block className="cirrus-share-address">
        <Input
          readOnly
          value={address}
          aria-label={t('share.panel.address')}
          prefix={<LinkOutlined aria-hidden />}
        />
        <Button type="primary" icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          {t('share.panel.copy')}
        </Button>
      </Space.Compact>
      {link.has_chkcode && (
        <Typography.Text className="cirrus-share-code">
          {t('share.panel.codeLabel')}:{' '}
          {link.chkcode ? (
            <Typography.Text strong copyable={{ text: link.chkcode }} data-testid="share-chkcode">
              {link.chkcode}
            </Typography.Text>
          ) : (
            t('share.panel.codeHidden')
          )}
        </Typography.Text>
      )}
      <StatusLine link={link} />
      {link.ranges === 'user' && (editor || link.abilities.can_add_users) && (
        <button type="button" className="cirrus-share-entry" onClick={() => onSub('assign')}>
          <UserAddOutlined aria-hidden />
          <span>
            {named === 0
              ? t('share.panel.assignPrompt')
              : assignedText(t, link.permission_total.user, link.permission_total.department)}
          </span>
        </button>
      )}
      {named > 0 && (
        <MemberChips
          members={(link.link_members ?? []).filter((m) => m.permission !== 'owner')}
          total={named}
        />
      )}
      {!editor && (
        <Typography.Text type="secondary" className="cirrus-share-creator">
          {t('share.panel.sharedBy', { name: link.creator.name })}
        </Typography.Text>
      )}
      <Flex wrap gap={8} className="cirrus-share-actions">
        <Button icon={<TeamOutlined aria-hidden />} onClick={() => onSub('members')}>
          {t('share.panel.members')}
        </Button>
        {editor && (
          <Button icon={<HistoryOutlined aria-hidden />} onClick={() => onSub('log')}>
            {t('share.panel.accessLog')}
          </Button>
        )}
        {editor && (
          <Button icon={<SettingOutlined aria-hidden />} onClick={() => onSub('settings')}>
            {t('share.panel.otherSettings')}
          </Button>
        )}
      </Flex>
    </div>
  );
}

/**
 * The panel of a file without a link: what the link would be (range and permission with their
 * defaults, an editor's to choose) and "Create link"; nothing is shared until that is pressed. A
 * user who may not create one reads why instead.
 */
function NewLink({
  file,
  onCreated,
  onExists,
}: {
  file: ShareTarget;
  onCreated: (link: ShareLink) => void;
  /** Someone made the link meanwhile (the list was older than that): load it. */
  onExists: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const settings = useSettings();
  const user = useCurrentUser();
  const identity = useIdentity(settings.allow_real_name);
  const create = useCreateLink(file.fileid);
  const draft = linkDraft({
    settings,
    verified: identity.data?.verified === true,
    user,
    access: file.access,
  });
  const [chosen, setChosen] = useState<Pick<LinkDraft, 'ranges' | 'permission'>>();

  if (typeof draft === 'string')
    return (
      <Result
        status="info"
        className="cirrus-share-new"
        title={t(file.access?.folder ? 'share.create.folderNotShared' : 'share.create.notShared')}
        subTitle={t(`share.create.blocked.${draft}`)}
      />
    );

  const ranges = chosen?.ranges ?? draft.ranges;
  const permission = chosen?.permission ?? draft.permission;
  const submit = () =>
    create.mutate(createBody(draft, { ranges, permission }), {
      onSuccess: (link) => {
        notify.success(t('share.create.done'));
        onCreated(link);
      },
      onError: (error) => {
        notify.error(error);
        if (error instanceof ApiError && error.result === 'lightLinkExist') onExists();
      },
    });

  return (
    <div className="cirrus-share-panel cirrus-share-new">
      <Typography.Paragraph type="secondary" className="cirrus-share-new-intro">
        {t(file.access?.folder ? 'share.create.folderIntro' : 'share.create.intro')}
      </Typography.Paragraph>
      <ShareSelect
        kind="range"
        value={ranges}
        options={draft.rangeOptions}
        disabled={!draft.editor || create.isPending}
        onChange={(next) => setChosen({ ranges: next, permission })}
      />
      {draft.editor && (
        <ShareSelect
          kind="permission"
          value={permission}
          options={draft.permissionOptions}
          disabled={create.isPending}
          onChange={(next) => setChosen({ ranges, permission: next })}
        />
      )}
      {!draft.editor && <Typography.Text type="secondary">{t('share.create.defaultsOnly')}</Typography.Text>}
      <Flex className="cirrus-share-new-actions">
        <Button
          type="primary"
          icon={<LinkOutlined aria-hidden />}
          loading={create.isPending}
          onClick={submit}
        >
          {t('share.create.button')}
        </Button>
      </Flex>
    </div>
  );
}

/**
 * The share panel (spec 002 §2, §4): loads the file's link, or, when it has none, shows the link
 * to be with "Create link" (nothing is created by opening it); a cancelled link shows the cancelled
 * notice with reopen for editors.
 */
export function SharePanel({ file, open, onClose }: SharePanelProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const query = useShareLink(file.fileid, open);
  const create = useCreateLink(file.fileid);
  const [sub, setSub] = useState<SubDialog>();
  const link = query.data;
  const errorKey = query.error instanceof ApiError ? query.error.result : undefined;

  // spec 002 §8: linkClosed shows its message and the dialog closes after 1.5 s; other errors close it at once.
  useEffect(() => {
    if (!open || !query.error) return;
    notify.error(query.error, errorKey === 'linkClosed' ? { length: 'short' } : undefined);
    if (errorKey !== 'linkClosed') return onClose();
    const timer = setTimeout(onClose, LINK_CLOSED_DIALOG_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, query.error, errorKey, notify, onClose]);

  const reopen = () =>
    create.mutate(
      {},
      {
        onSuccess: () => notify.success(messageText('openLinkSuccess', language)),
        onError: (error) => notify.error(error),
      },
    );

  // A new link restricted to chosen people asks for them at once, as choosing that range does.
  const created = (fresh: ShareLink) => {
    if (fresh.ranges === 'user' && fresh.permission_total.user + fresh.permission_total.department === 0)
      setSub('assign');
  };

  let body: React.ReactNode;
  if (link === null) body = <NewLink file={file} onCreated={created} onExists={() => void query.refetch()} />;
  else if (!link || create.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (link.status === 'close')
    body = (
      <Result
        status="info"
        title={messageText('linkCancelled', language)}
        subTitle={messageText('linkCancelledTip', language)}
        extra={
          link.abilities.is_editor ? (
            <Button type="primary" loading={create.isPending} onClick={reopen}>
              {t('share.panel.reopen')}
            </Button>
          ) : (
            <Typography.Text type="secondary">
              {t('share.panel.sharedBy', { name: link.creator.name })}
            </Typography.Text>
          )
        }
      />
    );
  else body = <OpenLink file={file} link={link} onSub={setSub} />;

  return (
    <>
      <GuardedModal
        open={open}
        title={t('share.panel.title', { name: file.fname })}
        onCancel={onClose}
        footer={null}
        width={560}
      >
        {link?.status === 'expired' && (
          <Alert
            type="warning"
            showIcon
            className="cirrus-share-alert"
            title={t('share.panel.expiredAlert')}
          />
        )}
        {body}
      </GuardedModal>
      {link && link.status !== 'close' && (
        <>
          <AdvancedSettingsDialog
            key={`settings-${link.version}-${link.download_remain}-${sub === 'settings'}`}
            open={sub === 'settings'}
            fileid={file.fileid}
            link={link}
            onClose={() => setSub(undefined)}
            onCancelled={() => setSub(undefined)}
          />
          <ShareMembersDialog
            open={sub === 'members'}
            fileid={file.fileid}
            link={link}
            onClose={() => setSub(undefined)}
          />
          <AssignUserDialog
            open={sub === 'assign'}
            fileid={file.fileid}
            link={link}
            onClose={() => setSub(undefined)}
          />
          <AccessLogDialog open={sub === 'log'} sid={link.sid} onClose={() => setSub(undefined)} />
        </>
      )}
    </>
  );
}

type ShareSelectProps =
  | { kind: 'range'; value: LinkRange; options: readonly LinkRange[]; onChange: (value: LinkRange) => void }
  | {
      kind: 'permission';
      value: LinkPermission;
      options: readonly LinkPermission[];
      onChange: (value: LinkPermission) => void;
    };

/** The link's range or permission, a labelled select (the open link's panel and the link to be). */
function ShareSelect({ disabled, ...field }: ShareSelectProps & { disabled: boolean }) {
  const { t } = useTranslation();
  const labelId = `share-${field.kind}-label`;
  const labelOf = (value: string) =>
    field.kind === 'range'
      ? t(`share.range.${value as LinkRange}`)
      : t(`share.permission.${value as LinkPermission}`);
  const options = (field.options as readonly string[]).map((value) => ({ value, label: labelOf(value) }));
  return (
    <div className="cirrus-share-field">
      <Typography.Text type="secondary" id={labelId}>
        {t(`share.panel.${field.kind}`)}
      </Typography.Text>
      <Select
        aria-labelledby={labelId}
        value={field.value}
        options={options}
        disabled={disabled}
        onChange={(value: string) => (field.onChange as (value: string) => void)(value)}
        popupMatchSelectWidth={false}
      />
    </div>
  );
}
