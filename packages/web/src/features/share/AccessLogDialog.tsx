import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { formatDateTime } from '@cirrus/shared';
import { Button, Empty, List, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedModal } from '../../components/GuardedModal';
import { useAccessLog } from './queries';

/** The link's access log (issue 8): who opened or downloaded what, and when; for its editors. */
export function AccessLogDialog({ open, sid, onClose }: { open: boolean; sid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const log = useAccessLog(sid, open);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <GuardedModal open={open} title={t('share.log.title')} onCancel={onClose} footer={null} width={560}>
      {log.isPending ? (
        <Spin />
      ) : entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.log.empty')} />
      ) : (
        <List
          size="small"
          className="cirrus-share-log"
          aria-label={t('share.log.title')}
          dataSource={entries}
          renderItem={(entry) => (
            <List.Item>
              <List.Item.Meta
                avatar={
                  entry.action === 'download' ? <DownloadOutlined aria-hidden /> : <EyeOutlined aria-hidden />
                }
                title={t(entry.action === 'download' ? 'share.log.downloaded' : 'share.log.opened', {
                  who: entry.user ? entry.user.name : t('share.log.visitor', { ip: entry.ip }),
                  name: entry.fname,
                })}
              />
              <Typography.Text type="secondary">{formatDateTime(entry.at)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
      {log.hasNextPage && (
        <Button type="link" block loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t('share.members.more')}
        </Button>
      )}
    </GuardedModal>
  );
}
