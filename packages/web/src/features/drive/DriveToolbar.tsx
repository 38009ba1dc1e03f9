import {
  AppstoreOutlined,
  CloseOutlined,
  DownOutlined,
  EyeOutlined,
  FolderAddOutlined,
  MoreOutlined,
  ReloadOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { FileRecord } from '@cirrus/shared';
import { Button, type MenuProps, Space, Tag, Typography } from 'antd';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip';
import { MenuDropdown } from '../../components/MenuDropdown';
import { ACTION_ICONS, actionItems, consumeMenuKey, newItems } from './drive-menus';
import { actionsFor, type FileAction } from './file-actions';
import { DRIVE_PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import type { DriveView } from './view-mode';

interface DriveToolbarProps {
  selected: readonly FileRecord[];
  canUpload: boolean;
  /** The Upload menu's entries (drive-menus uploadItems, and the desktop client's where it runs). */
  uploadMenu: NonNullable<MenuProps['items']>;
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
  view: DriveView;
  onView: (view: DriveView) => void;
}

/** Above the list: Upload and New, or, with a selection, what can be done with it. */
export function DriveToolbar(props: DriveToolbarProps) {
  const { selected, canUpload, canCreate, total, refreshing } = props;
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery(DRIVE_PHONE_QUERY);
  const actions = actionsFor(selected);
  const barRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  // One line: a toolbar that grew on selecting would move the list under the pointer between the
  // two clicks of a double click. The selection takes the first form that fits the line
  // (SELECTION_FORMS); a phone's width has room for no buttons: they are one menu there.
  const measured = useSelectionForm(
    barRef,
    actionsRef,
    selected.length > 0 && !phone ? `${i18n.language}:${selected.length}:${actions.join()}:${total}` : null,
  );
  const form = phone ? PHONE_FORM : measured;
  return (
    <div ref={barRef} className="cirrus-toolbar">
      {selected.length > 0 ? (
        <div ref={actionsRef} className="cirrus-toolbar-actions">
          <Space size={8}>
            <SelectionCount count={selected.length} onClear={props.onClearSelection} />
            {form.menu ? (
              <SelectionMenu actions={actions} onAction={props.onAction} />
            ) : (
              actions.map((action) => {
                const label = t(`drive.actions.${action}`);
                return (
                  <HoverTooltip key={action} title={form.labels ? undefined : label}>
                    <Button
                      icon={ACTION_ICONS[action]}
                      danger={action === 'delete'}
                      aria-label={form.labels ? undefined : label}
                      onClick={() => props.onAction(action)}
                    >
                      {form.labels ? label : null}
                    </Button>
                  </HoverTooltip>
                );
              })
            )}
          </Space>
        </div>
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
            <MenuDropdown menu={{ items: props.uploadMenu, onClick: ({ key }) => props.onUpload(key) }}>
              <Button type="primary" icon={<UploadOutlined aria-hidden />}>
                {t('drive.actions.upload')} <DownOutlined aria-hidden />
              </Button>
            </MenuDropdown>
          )}
          {canCreate && (
            <MenuDropdown
              menu={{
                items: newItems(t),
                onClick: (info) => {
                  consumeMenuKey(info);
                  props.onNew(info.key);
                },
              }}
            >
              <Button icon={<FolderAddOutlined aria-hidden />}>
                {t('drive.actions.new')} <DownOutlined aria-hidden />
              </Button>
            </MenuDropdown>
          )}
        </Space>
      )}
      <div className="cirrus-toolbar-right">
        {total !== undefined && (selected.length === 0 || form.count) && (
          <Typography.Text type="secondary">{t('drive.list.count', { count: total })}</Typography.Text>
        )}
        <ViewSwitch view={props.view} onView={props.onView} phone={phone} />
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
 * The forms the selection's actions can take on the toolbar's line, roomiest first: the labelled
 * buttons and the folder's item count; the labelled buttons alone (the selection's own count
 * stays); the buttons' icons (each label in a tooltip) and the item count; the icons alone; at
 * last one menu, a phone's form. Only where even the menu does not fit does the line scroll.
 */
const SELECTION_FORMS = [
  { labels: true, count: true, menu: false },
  { labels: true, count: false, menu: false },
  { labels: false, count: true, menu: false },
  { labels: false, count: false, menu: false },
  { labels: false, count: true, menu: true },
] as const;
type SelectionForm = (typeof SELECTION_FORMS)[number];
const PHONE_FORM = SELECTION_FORMS[SELECTION_FORMS.length - 1];

/**
 * The first of SELECTION_FORMS that fits the width of `bar`, measured before the browser paints.
 * Each form shown is measured for the width of the whole line it needs: the actions' content and
 * what the rest of the line takes beside them (its padding, the item count if shown, refresh).
 * The needs are kept, so that a wider line goes back to a roomier form without trying it again.
 * `content` names what is shown (null: no selection); new content is measured anew, from the
 * first form. Watched: the actions' width (the window) and their content's (a late font).
 */
function useSelectionForm(
  barRef: RefObject<HTMLElement | null>,
  actionsRef: RefObject<HTMLElement | null>,
  content: string | null,
): SelectionForm {
  const [shown, setShown] = useState({ content, form: 0 });
  const form = shown.content === content ? shown.form : 0;
  const needs = useRef<{ content: string | null; widths: number[] }>({ content: null, widths: [] });
  useLayoutEffect(() => {
    const bar = barRef.current;
    const actions = actionsRef.current;
    if (content === null || !bar || !actions) return;
    if (needs.current.content !== content) needs.current = { content, widths: [] };
    const { widths } = needs.current;
    const check = (set: (next: { content: string; form: number }) => void) => {
      const room = bar.clientWidth;
      const own = actions.firstElementChild?.getBoundingClientRect().width ?? 0;
      widths[form] = room - actions.clientWidth + Math.ceil(own);
      // Forms are tried one after the other, so every one before the furthest tried is measured.
      let next = widths.findIndex((need) => need <= room);
      if (next === -1) next = Math.min(form + 1, SELECTION_FORMS.length - 1);
      if (next !== form) set({ content, form: next });
    };
    check(setShown);
    // From the observer, rendered at once: the bar is not painted overflowing for a frame first.
    const observer = new ResizeObserver(() => check((next) => flushSync(() => setShown(next))));
    observer.observe(actions);
    if (actions.firstElementChild) observer.observe(actions.firstElementChild);
    return () => observer.disconnect();
  }, [barRef, actionsRef, content, form]);
  return SELECTION_FORMS[form];
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

/** The selection's actions in one menu: a phone's, and a line too narrow for their icons. */
function SelectionMenu({
  actions,
  onAction,
}: {
  actions: readonly FileAction[];
  onAction: (action: FileAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <MenuDropdown
      menu={{
        items: actionItems(actions, t),
        onClick: (info) => {
          consumeMenuKey(info);
          onAction(info.key as FileAction);
        },
      }}
    >
      <Button icon={<MoreOutlined aria-hidden />}>
        {t('drive.toolbar.actions')} <DownOutlined aria-hidden />
      </Button>
    </MenuDropdown>
  );
}

const VIEWS: { view: DriveView; icon: ReactNode }[] = [
  { view: 'list', icon: <UnorderedListOutlined aria-hidden /> },
  { view: 'grid', icon: <AppstoreOutlined aria-hidden /> },
];

/**
 * List or grid: two buttons, the one shown pressed (the choice is kept by the caller). A phone's
 * line has room for one: the grid's, pressed while the grid shows.
 */
function ViewSwitch({
  view,
  onView,
  phone,
}: {
  view: DriveView;
  onView: (view: DriveView) => void;
  phone: boolean;
}) {
  const { t } = useTranslation();
  const options = phone ? VIEWS.filter((option) => option.view === 'grid') : VIEWS;
  return (
    <fieldset aria-label={t('drive.view.label')} className="cirrus-view-switch">
      {options.map((option) => {
        const pressed = view === option.view;
        return (
          <HoverTooltip key={option.view} title={t(`drive.view.${option.view}`)}>
            <Button
              type="text"
              icon={option.icon}
              aria-label={t(`drive.view.${option.view}`)}
              aria-pressed={pressed}
              className={pressed ? 'is-active' : undefined}
              onClick={() => onView(phone && pressed ? 'list' : option.view)}
            />
          </HoverTooltip>
        );
      })}
    </fieldset>
  );
}
