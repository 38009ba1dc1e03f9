import {
  CloseOutlined,
  DownOutlined,
  FolderAddOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { FileRecord } from '@cirrus/shared';
import { Button, Dropdown, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTION_ICONS, newItems, uploadItems } from './drive-menus';
import { actionsFor, type FileAction } from './file-actions';

interface DriveToolbarProps {
  selected: readonly FileRecord[];
  canUpload: boolean;
  canCreate: boolean;
  /** The folder's row count, once known. */
  total?: number;
  refreshing: boolean;
  onAction: (action: FileAction) => void;
  onClearSelection: () => void;
  onNew: (key: string) => void;
  onUpload: (key: string) => void;
  onRefresh: () => void;
}

/** Above the list: Upload and New, or, with a selection, what can be done with it. */
export function DriveToolbar(props: DriveToolbarProps) {
  const { selected, canUpload, canCreate, total, refreshing } = props;
  const { t } = useTranslation();
  return (
    <div className="cirrus-toolbar">
      {selected.length > 0 ? (
        // One line, scrolling when narrow: a toolbar that grew on selecting would move the list
        // under the pointer between the two clicks of a double click.
        <Space size={8} className="cirrus-toolbar-actions">
          <Button
            type="text"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('drive.toolbar.clearSelection')}
            onClick={props.onClearSelection}
          />
          <Typography.Text strong className="cirrus-toolbar-count">
            {t('drive.toolbar.selected', { count: selected.length })}
          </Typography.Text>
          {actionsFor(selected).map((action) => (
            <Button
              key={action}
              icon={ACTION_ICONS[action]}
              danger={action === 'delete'}
              onClick={() => props.onAction(action)}
            >
              {t(`drive.actions.${action}`)}
            </Button>
          ))}
        </Space>
      ) : (
        <Space wrap size={8}>
          {canUpload && (
            <Dropdown
              menu={{ items: uploadItems(t), onClick: ({ key }) => props.onUpload(key) }}
              trigger={['click']}
            >
              <Button type="primary" icon={<UploadOutlined aria-hidden />}>
                {t('drive.actions.upload')} <DownOutlined aria-hidden />
              </Button>
            </Dropdown>
          )}
          {canCreate && (
            <Dropdown
              menu={{ items: newItems(t), onClick: ({ key }) => props.onNew(key) }}
              trigger={['click']}
            >
              <Button icon={<FolderAddOutlined aria-hidden />}>
                {t('drive.actions.new')} <DownOutlined aria-hidden />
              </Button>
            </Dropdown>
          )}
        </Space>
      )}
      <div className="cirrus-toolbar-right">
        {total !== undefined && (
          <Typography.Text type="secondary">{t('drive.list.count', { count: total })}</Typography.Text>
        )}
        <Tooltip title={t('drive.toolbar.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined aria-hidden spin={refreshing} />}
            aria-label={t('drive.toolbar.refresh')}
            onClick={props.onRefresh}
          />
        </Tooltip>
      </div>
    </div>
  );
}
