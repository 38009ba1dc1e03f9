import { LinkOutlined } from '@ant-design/icons';
import type { FileRecord } from '@cirrus/shared';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** Beside a shared item's name in the drive: it has an open link (spec 001 §3 link{sid}). */
export function SharedMark({ file }: { file: Pick<FileRecord, 'link' | 'link_members_summary'> }) {
  const { t } = useTranslation();
  if (!file.link) return null;
  const people = file.link_members_summary?.total ?? 0;
  const label = people > 0 ? t('share.mark.withPeople', { count: people }) : t('share.mark.shared');
  return (
    <Tooltip title={label}>
      <LinkOutlined className="cirrus-share-mark" aria-label={label} role="img" />
    </Tooltip>
  );
}
