import {
  CloseOutlined,
  DownOutlined,
  EyeOutlined,
  FolderAddOutlined,
  MoreOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { FileRecord } from '@cirrus/shared';
import { Button, Dropdown, Space, Tag, Typography } from 'antd';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip';
import { ACTION_ICONS, actionItems, newItems, uploadItems } from './drive-menus';
import { actionsFor, type FileAction } from './file-actions';
import { DRIVE_PHONE_QUERY, useMediaQuery } from './useMediaQuery';

interface DriveToolbarProps {
  selected: readonly FileRecord[];
  canUpload: boolean;
  canCreate: boolean;
  /** The folder's permissions are known and allow neither: it says so where Upload and New would be. */
  viewOnly: boolean;
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
  const phone = useMediaQuery(DRIVE_PHONE_QUERY);
  return (
    <div className="cirrus-toolbar">
      {selected.length > 0 ? (
        // One line: a toolbar that grew on selecting would move the list under the pointer between
        // the two clicks of a double click. Where the labelled buttons do not fit, they show their
        // icons only (the label in a tooltip), and only then, if need be, the line scrolls. A
        // phone's width has room for none of them: they are one menu there.
        phone ? (
          <SelectionMenu {...props} />
        ) : (
          <SelectionActions {...props} />
        )
      ) : (
        <Space wrap size={8}>
          {props.viewOnly && (
            <HoverTooltip title={t('drive.toolbar.viewOnlyText')}>
              <Tag icon={<EyeOutlined aria-hidden />} className="cirrus-toolbar-viewonly">
                {t('drive.toolbar.viewOnly')}
              </Tag>
            </HoverTooltip>
          )}
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
        <HoverTooltip title={t('drive.toolbar.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined aria-hidden spin={refreshing} />}
            aria-label={t('drive.toolbar.refresh')}
            onClick={props.onRefresh}
          />
        </HoverTooltip>
      </div>
    </div>
  );
}

/**
 * Whether the content of `ref` must go compact to fit its width, measured before the browser
 * paints: when the full content overflows, its width is kept, and the compact form stays until the
 * element is at least that wide again. `content` names what is shown: new content is measured
 * anew, in full first. Watched: the element's width (the window) and its content's (a late font).
 */
function useCompact(ref: RefObject<HTMLElement | null>, content: string): boolean {
  const [compactFor, setCompactFor] = useState<string | null>(null);
  const compact = compactFor === content;
  const fullWidth = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = (set: (value: string | null) => void) => {
      if (!compact) {
        if (el.scrollWidth > el.clientWidth) {
          fullWidth.current = el.scrollWidth;
          set(content);
        }
      } else if (fullWidth.current <= el.clientWidth) set(null);
    };
    check(setCompactFor);
    // From the observer, rendered at once: the bar is not painted overflowing for a frame first.
    const observer = new ResizeObserver(() => check((value) => flushSync(() => setCompactFor(value))));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref, content, compact]);
  return compact;
}

/** The selection's clear button and how many are selected, on either toolbar. */
function SelectionCount({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        type="text"
        icon={<CloseOutlined aria-hidden />}
        aria-label={t('drive.toolbar.clearSelection')}
        onClick={onClear}
      />
      <Typography.Text strong className="cirrus-toolbar-count">
        {t('drive.toolbar.selected', { count })}
      </Typography.Text>
    </>
  );
}

function SelectionActions(props: DriveToolbarProps) {
  const { selected } = props;
  const { t, i18n } = useTranslation();
  const actions = actionsFor(selected);
  const ref = useRef<HTMLDivElement>(null);
  const compact = useCompact(ref, `${i18n.language}:${selected.length}:${actions.join()}`);
  return (
    <div ref={ref} className="cirrus-toolbar-actions">
      <Space size={8}>
        <SelectionCount count={selected.length} onClear={props.onClearSelection} />
        {actions.map((action) => {
          const label = t(`drive.actions.${action}`);
          return (
            <HoverTooltip key={action} title={compact ? label : undefined}>
              <Button
                icon={ACTION_ICONS[action]}
                danger={action === 'delete'}
                aria-label={compact ? label : undefined}
                onClick={() => props.onAction(action)}
              >
                {compact ? null : label}
              </Button>
            </HoverTooltip>
          );
        })}
      </Space>
    </div>
  );
}

/** A phone's selection toolbar: clear, the count, and the actions in one menu. */
function SelectionMenu(props: DriveToolbarProps) {
  const { selected } = props;
  const { t } = useTranslation();
  return (
    <div className="cirrus-toolbar-actions">
      <Space size={8}>
        <SelectionCount count={selected.length} onClear={props.onClearSelection} />
        <Dropdown
          menu={{
            items: actionItems(actionsFor(selected), t),
            onClick: ({ key }) => props.onAction(key as FileAction),
          }}
          trigger={['click']}
        >
          <Button icon={<MoreOutlined aria-hidden />}>
            {t('drive.toolbar.actions')} <DownOutlined aria-hidden />
          </Button>
        </Dropdown>
      </Space>
    </div>
  );
}
