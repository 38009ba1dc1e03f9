import { DeleteOutlined } from '@ant-design/icons';
import { COMMENT_MAX, type FileRecord, formatRelativeTime, formatSize, toMillis } from '@cirrus/shared';
import { Button, Descriptions, Drawer, Empty, Input, Popconfirm, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileThumb, thumbnailUrl } from '../../components/FileThumb';
import { FileTypeIcon } from '../../components/FileTypeIcon';
import { UserAvatar } from '../../components/UserAvatar';
import { useNotify } from '../../components/useNotify';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { EventList } from './EventList';
import { useAddComment, useComments, useDeleteComment } from './queries';
import './activity.css';

function Comments({ file }: { file: FileRecord }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useNotify();
  const now = useNow();
  const list = useComments(file.id, true);
  const add = useAddComment(file.id);
  const remove = useDeleteComment(file.id);
  const [draft, setDraft] = useState('');
  const content = draft.trim();

  const send = () => {
    if (!content) return;
    add.mutate(content, {
      onSuccess: () => setDraft(''),
      onError: (error) => notify.error(error),
    });
  };

  return (
    <>
      <div className="cirrus-comment-form">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder={t('activity.comments.placeholder')}
          aria-label={t('activity.comments.label')}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={COMMENT_MAX}
          showCount
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends; Enter alone is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
          }}
        />
        <Button type="primary" disabled={!content} loading={add.isPending} onClick={send}>
          {t('activity.comments.send')}
        </Button>
      </div>
      {list.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : list.comments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.comments.empty')} />
      ) : (
        <ol className="cirrus-comments" aria-label={t('activity.comments.listLabel')}>
          {list.comments.map((comment) => (
            <li key={comment.id} className="cirrus-comment">
              <UserAvatar
                user={{ id: comment.user.id, nick_name: comment.user.name, avatar: comment.user.avatar }}
                size={28}
              />
              <div className="cirrus-comment-body">
                <div className="cirrus-comment-head">
                  <Typography.Text strong>{comment.user.name}</Typography.Text>
                  {comment.can_delete && (
                    <Popconfirm
                      title={t('activity.comments.deleteQuestion')}
                      okText={t('activity.comments.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove.mutateAsync(comment.id).catch((error: unknown) => notify.error(error))
                      }
                    >
                      <Button
                        type="text"
                        size="small"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('activity.comments.delete')}
                      />
                    </Popconfirm>
                  )}
                </div>
                <div className="cirrus-comment-content">{comment.content}</div>
                <div className="cirrus-comment-meta">
                  <span title={new Date(toMillis(comment.ctime)).toLocaleString()}>
                    {formatRelativeTime(toMillis(comment.ctime), now, language)}
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {list.hasNextPage && (
        <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('lists.loadMore')}
        </Button>
      )}
    </>
  );
}

function Details({ file, spaceName }: { file: FileRecord; spaceName: string }) {
  const { t } = useTranslation();
  const isFolder = file.ftype === 'folder';
  const when = (s: number) => new Date(toMillis(s)).toLocaleString();
  return (
    <>
      {/* A picture shows itself at the panel's width; the icon stays until, and unless, it comes. */}
      {thumbnailUrl(file) && (
        <FileThumb file={file} size="detail" box={0} iconSize={64} className="cirrus-detail-picture" />
      )}
      <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 110 } }}>
        <Descriptions.Item label={t('activity.details.location')}>
          {spaceName}
          {file.path.slice(0, file.path.lastIndexOf('/')) || ''}
        </Descriptions.Item>
        {!isFolder && (
          <Descriptions.Item label={t('drive.list.size')}>{formatSize(file.fsize)}</Descriptions.Item>
        )}
        {!isFolder && (
          <Descriptions.Item label={t('activity.details.version')}>{file.fver}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('activity.details.created')}>
          {when(file.ctime)} · {file.creator.name}
        </Descriptions.Item>
        <Descriptions.Item label={t('drive.list.mtime')}>
          {when(file.mtime)} · {file.modifier.name}
        </Descriptions.Item>
        {file.safeFile && (
          <Descriptions.Item label={t('secdoc.mark')}>{t('secdoc.detail')}</Descriptions.Item>
        )}
      </Descriptions>
    </>
  );
}

/**
 * A file's detail panel (issue 4): details, its activity (GET /api/v3/files/{id}/events, 20 a
 * page) and its comments. Everyone who may read the file may comment; the author or a manager
 * deletes a comment.
 */
export function FileDetailPanel({
  file,
  spaceName,
  open,
  onClose,
  initialTab = 'details',
}: {
  file: FileRecord | undefined;
  spaceName: string;
  open: boolean;
  onClose: () => void;
  initialTab?: 'details' | 'activity' | 'comments';
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>(initialTab);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={440}
      destroyOnHidden
      title={
        file && (
          <span className="cirrus-detail-title">
            <FileTypeIcon file={file} />
            <span className="cirrus-detail-title-name" title={file.fname}>
              {file.fname}
            </span>
          </span>
        )
      }
    >
      {file && (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'details',
              label: t('activity.details.title'),
              children: <Details file={file} spaceName={spaceName} />,
            },
            {
              key: 'activity',
              label: t('activity.fileTab'),
              children: <EventList scope={{ kind: 'file', fid: file.id }} enabled={tab === 'activity'} />,
            },
            { key: 'comments', label: t('activity.comments.title'), children: <Comments file={file} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
