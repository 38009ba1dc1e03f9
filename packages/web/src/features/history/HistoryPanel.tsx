import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import {
  type FileRecord,
  formatRelativeTime,
  formatSize,
  HISTORY_LOG_MAX,
  type HistoryRecord,
  hasPermission,
  messageText,
  toMillis,
} from '@cirrus/shared';
import { Button, Drawer, Empty, Input, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyApi } from '../../api/history';
import { errorMessage } from '../../api/http';
import { GuardedModal } from '../../components/GuardedModal';
import { HoverTooltip } from '../../components/HoverTooltip';
import { UserAvatar } from '../../components/UserAvatar';
import { useNotify } from '../../components/useNotify';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { startDownload } from '../drive/download';
import { useDeleteVersion, useHistories, useModifiers, useRecoverVersion, useSetRemark } from './queries';
import './history.css';

export type HistoryFile = Pick<FileRecord, 'id' | 'groupid' | 'fname' | 'user_acl'>;

/** A small icon button of a version: its tooltip says what it does, its label to which version. */
function VersionButton({
  title,
  label,
  icon,
  danger,
  loading,
  onClick,
}: {
  title: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onClick: () => void;
}) {
  return (
    <HoverTooltip title={title}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        loading={loading}
        onClick={onClick}
      />
    </HoverTooltip>
  );
}

/** The remark of a version: shown, and edited in place (Enter or leaving the field saves, Esc cancels). */
function Remark({
  version,
  file,
  editable,
}: {
  version: HistoryRecord;
  file: HistoryFile;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const setRemark = useSetRemark(file.groupid, file.id);
  const [draft, setDraft] = useState<string>();

  // The server takes HISTORY_LOG_MAX characters (UTF-16, as the counter counts them).
  const tooLong = draft !== undefined && draft.trim().length > HISTORY_LOG_MAX;

  const save = () => {
    if (draft === undefined) return;
    const log = draft.trim();
    if (log.length > HISTORY_LOG_MAX) {
      // Nothing is cut: the remark stays open, its counter red, until it is shortened or Esc.
      notify.warning(t('history.remarkTooLong', { max: HISTORY_LOG_MAX }));
      return;
    }
    setDraft(undefined);
    if (log === version.log) return;
    setRemark.mutate({ hid: version.id, log }, { onError: (error) => notify.error(error) });
  };

  if (draft !== undefined) {
    return (
      <Input
        size="small"
        autoFocus
        value={draft}
        count={{ show: true, max: HISTORY_LOG_MAX }}
        status={tooLong ? 'error' : undefined}
        placeholder={t('history.remarkPlaceholder')}
        aria-label={t('history.remark')}
        onChange={(event) => setDraft(event.target.value)}
        onPressEnter={save}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            setDraft(undefined);
          }
        }}
      />
    );
  }
  return (
    <span className="cirrus-history-remark">
      <Typography.Text type={version.log ? undefined : 'secondary'} italic={!version.log}>
        {version.log || t('history.noRemark')}
      </Typography.Text>
      {editable && (
        <VersionButton
          title={t('history.editRemark')}
          label={t('history.editRemarkOf', { ver: version.ver })}
          icon={<EditOutlined aria-hidden />}
          loading={setRemark.isPending}
          onClick={() => setDraft(version.log)}
        />
      )}
    </span>
  );
}

type Confirm = { kind: 'recover' | 'delete'; version: HistoryRecord };

/**
 * A file's history versions (spec 001 §7 "History"; issue 4 "a history panel for a file"): newest
 * first with modifier, time, size and remark; preview or download any version, recover an older
 * one (it becomes a new current version), delete one, edit a remark, and filter by modifier.
 */
export function HistoryPanel({
  file,
  open,
  onClose,
  onPreview,
}: {
  file: HistoryFile | undefined;
  open: boolean;
  onClose: () => void;
  /** Opens a version in the viewer. */
  onPreview: (file: HistoryFile, version: HistoryRecord) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const now = useNow();
  const [modifierIds, setModifierIds] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<Confirm>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const gid = file?.groupid ?? 0;
  const fid = file?.id ?? 0;
  const list = useHistories(gid, fid, modifierIds, open && file !== undefined);
  const modifiers = useModifiers(gid, fid, open && file !== undefined);
  const recover = useRecoverVersion(gid, fid);
  const remove = useDeleteVersion(gid, fid);
  const mask = file?.user_acl ?? 0;
  const canUpdate = hasPermission(mask, 'update');
  const canDelete = hasPermission(mask, 'delete');
  const canDownload = hasPermission(mask, 'download');

  const ask = (next: Confirm) => {
    setConfirm(next);
    setConfirmOpen(true);
  };

  const onConfirm = () => {
    if (!confirm) return;
    const done = () => setConfirmOpen(false);
    if (confirm.kind === 'recover') {
      recover.mutate(confirm.version.id, {
        onSuccess: () => {
          done();
          notify.success(messageText('recoverSuccess', language));
        },
        onError: (error) => notify.error(error),
      });
    } else {
      remove.mutate(confirm.version.id, {
        onSuccess: () => {
          done();
          notify.success(t('history.deleted'));
        },
        onError: (error) => notify.error(error),
      });
    }
  };

  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (list.isError)
    body = (
      <Result
        status="warning"
        title={t('history.loadFailed')}
        subTitle={errorMessage(list.error, language)}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  else if (list.histories.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;
  else
    body = (
      <ol className="cirrus-history-list" aria-label={t('history.listLabel')}>
        {list.histories.map((version) => (
          <li key={version.id} className="cirrus-history-item" data-version={version.ver}>
            <div className="cirrus-history-head">
              <Space size={6}>
                <Typography.Text strong>{t('history.version', { ver: version.ver })}</Typography.Text>
                {version.is_current && <Tag color="blue">{t('history.current')}</Tag>}
              </Space>
              <Space size={0}>
                <VersionButton
                  title={t('history.preview')}
                  label={t('history.previewVersion', { ver: version.ver })}
                  icon={<EyeOutlined aria-hidden />}
                  onClick={() => file && onPreview(file, version)}
                />
                {canDownload && (
                  <VersionButton
                    title={t('history.download')}
                    label={t('history.downloadVersion', { ver: version.ver })}
                    icon={<DownloadOutlined aria-hidden />}
                    onClick={() =>
                      startDownload(historyApi.downloadUrl(gid, fid, version.id), (error) =>
                        notify.error(error),
                      )
                    }
                  />
                )}
                {canUpdate && !version.is_current && (
                  <VersionButton
                    title={t('history.recover')}
                    label={t('history.recoverVersion', { ver: version.ver })}
                    icon={<UndoOutlined aria-hidden />}
                    onClick={() => ask({ kind: 'recover', version })}
                  />
                )}
                {canDelete && !version.is_current && (
                  <VersionButton
                    title={t('history.delete')}
                    label={t('history.deleteVersion', { ver: version.ver })}
                    icon={<DeleteOutlined aria-hidden />}
                    danger
                    onClick={() => ask({ kind: 'delete', version })}
                  />
                )}
              </Space>
            </div>
            <div className="cirrus-history-meta">
              <UserAvatar
                user={{
                  id: version.modifier.id,
                  nick_name: version.modifier.name,
                  avatar: version.modifier.avatar,
                }}
                size={20}
              />
              <span>{version.modifier.name}</span>
              <span aria-hidden>·</span>
              <span title={new Date(toMillis(version.ctime)).toLocaleString()}>
                {formatRelativeTime(toMillis(version.ctime), now, language)}
              </span>
              <span aria-hidden>·</span>
              <span>{formatSize(version.size)}</span>
            </div>
            <Remark version={version} file={file as HistoryFile} editable={canUpdate} />
          </li>
        ))}
      </ol>
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={440}
      title={t('history.title', { name: file?.fname ?? '' })}
      destroyOnHidden
      className="cirrus-history"
    >
      <Select
        mode="multiple"
        allowClear
        className="cirrus-history-filter"
        placeholder={t('history.filterPlaceholder')}
        aria-label={t('history.filter')}
        value={modifierIds}
        onChange={setModifierIds}
        loading={modifiers.isPending}
        options={(modifiers.data?.modifiers ?? []).map((m) => ({ value: m.id, label: m.name }))}
        optionFilterProp="label"
      />
      {body}
      {list.hasNextPage && (
        <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('lists.loadMore')}
        </Button>
      )}
      {confirm && (
        <GuardedModal
          open={confirmOpen}
          title={confirm.kind === 'recover' ? t('history.recoverTitle') : t('history.deleteTitle')}
          onCancel={() => setConfirmOpen(false)}
          onOk={onConfirm}
          okText={confirm.kind === 'recover' ? t('history.recover') : t('history.delete')}
          okButtonProps={{ danger: confirm.kind === 'delete' }}
          cancelText={t('common.cancel')}
          confirmLoading={recover.isPending || remove.isPending}
        >
          <Typography.Paragraph>
            {confirm.kind === 'recover'
              ? t('history.recoverText', { ver: confirm.version.ver })
              : t('history.deleteText', { ver: confirm.version.ver })}
          </Typography.Paragraph>
        </GuardedModal>
      )}
    </Drawer>
  );
}
