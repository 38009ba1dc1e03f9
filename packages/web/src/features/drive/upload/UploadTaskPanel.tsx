import {
  CaretRightOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  FolderOpenOutlined,
  PauseOutlined,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { formatSize, lookupErrorMessage } from '@cirrus/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, Progress, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HoverTooltip } from '../../../components/HoverTooltip';
import { useLanguage } from '../../../i18n';
import { drivePath, locationOfFolder } from '../location';
import { useMySpace, useUploadsSpace } from '../queries';
import { TaskButton, TaskRowFrame } from './TaskRowFrame';
import type { UploadManager } from './upload-manager';
import {
  isActive,
  isFailed,
  isFinalFailure,
  isFinished,
  isPaused,
  overallPercent,
  summarize,
  type UploadTask,
} from './upload-queue';
import '../drive.css';

const ROW_HEIGHT = 64;

/** A file refused as too large says how large a file may be (the server names its limit). */
export function withLimit(message: string, body: unknown, t: TFunction<'translation'>): string {
  const answer = body as { result?: string; debug?: { limit?: unknown } } | null;
  const limit = answer?.result === 'fileTooLarge' ? answer.debug?.limit : undefined;
  return typeof limit === 'number' && limit > 0
    ? `${message} ${t('drive.upload.limit', { size: formatSize(limit) })}`
    : message;
}

function statusText(task: UploadTask, t: TFunction<'translation'>): string {
  if (task.cancelled) return t('drive.upload.cancelled');
  if (isPaused(task)) return t('drive.upload.paused');
  // A file of that name was there: the upload is its new version (the old ones are in its history).
  if (task.status === 'complete' && (task.version ?? 1) > 1)
    return t('drive.upload.completeVersion', { version: task.version });
  return t(`drive.upload.${task.status}`);
}

/**
 * One file's row. Memoised: a task that did not change keeps its object (upload-manager replaces
 * only the one an event is about), so each event redraws one row, not every row in view (200 files
 * at once were a long task of the main thread for each of their events).
 */
const TaskRow = memo(function TaskRow({ task, manager }: { task: UploadTask; manager: UploadManager }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const mine = useMySpace();
  const uploadsSpace = useUploadsSpace();
  const failed = isFailed(task);
  const percent = task.size
    ? Math.floor((task.uploaded / task.size) * 100)
    : task.status === 'complete'
      ? 100
      : 0;
  const interruption = task.interruption;
  const error =
    failed && interruption?.kind === 'failed'
      ? withLimit(
          lookupErrorMessage({ status: interruption.status, body: interruption.body }, language),
          interruption.body,
          t,
        )
      : undefined;
  // The folder the file is in: for a folder upload, the one below the target it went into.
  const folderLink = drivePath(
    locationOfFolder(
      { gid: task.gid, folderId: task.parentId ?? task.folderId },
      { mine: mine.data?.id, uploads: uploadsSpace.data?.id },
    ),
  );

  const progress = t('drive.upload.progress', {
    uploaded: formatSize(task.uploaded),
    size: formatSize(task.size),
  });
  // A cancelled upload shows no progress any more, whatever state it was cancelled in.
  const inProgress = !task.cancelled && (task.status === 'in_progress' || isPaused(task));
  let detail: string;
  if (error) detail = error;
  else if (task.cancelled) detail = `${statusText(task, t)} · ${formatSize(task.size)}`;
  else if (task.status === 'in_progress')
    detail =
      task.speed > 0
        ? `${progress} · ${t('drive.upload.speed', { speed: formatSize(task.speed) })}`
        : progress;
  else if (isPaused(task) && task.uploaded > 0) detail = `${statusText(task, t)} · ${progress}`;
  else detail = `${statusText(task, t)} · ${formatSize(task.size)}`;

  return (
    <TaskRowFrame
      name={task.name}
      title={task.relativeDir ? `${task.relativeDir}/${task.name}` : task.name}
      status={task.cancelled ? 'cancelled' : task.status}
      progress={
        inProgress
          ? {
              percent,
              label: t('drive.upload.taskProgress', { name: task.name }),
              active: !isPaused(task),
            }
          : undefined
      }
      detail={detail}
      danger={Boolean(error)}
      actions={
        <>
          {task.status === 'complete' && !task.cancelled && (
            <>
              <CheckCircleFilled className="cirrus-upload-done" aria-label={t('drive.upload.complete')} />
              <HoverTooltip title={t('drive.upload.openFolder')}>
                <Link
                  to={folderLink}
                  aria-label={t('drive.upload.openFolder')}
                  className="cirrus-upload-open"
                >
                  <FolderOpenOutlined aria-hidden />
                </Link>
              </HoverTooltip>
            </>
          )}
          {task.cancelled && <CloseCircleFilled className="cirrus-upload-cancelled" aria-hidden />}
          {(isActive(task) || (task.status === 'in_queue' && !task.cancelled)) && (
            <TaskButton
              title={t('drive.upload.pause')}
              icon={<PauseOutlined aria-hidden />}
              onClick={() => manager.pause(task.id)}
            />
          )}
          {isPaused(task) && !task.cancelled && (
            <TaskButton
              title={t('drive.upload.resume')}
              icon={<CaretRightOutlined aria-hidden />}
              onClick={() => manager.resume(task.id)}
            />
          )}
          {failed && !isFinalFailure(task) && (
            <TaskButton
              title={t('drive.upload.retry')}
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => manager.retry(task.id)}
            />
          )}
          {!isFinished(task) && (
            <TaskButton
              title={t('drive.upload.cancel')}
              icon={<CloseOutlined aria-hidden />}
              onClick={() => manager.cancel(task.id)}
            />
          )}
        </>
      }
    />
  );
});

function TaskList({ tasks, manager }: { tasks: readonly UploadTask[]; manager: UploadManager }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // A folder upload can queue thousands of files; only the visible rows are drawn.
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    getItemKey: (index) => tasks[index].id,
  });
  return (
    <div className="cirrus-upload-list" ref={scrollRef}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            className="cirrus-upload-slot"
            style={{ height: item.size, transform: `translateY(${item.start}px)` }}
          >
            <TaskRow task={tasks[item.index]} manager={manager} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * The upload panel (bottom right): every file with its state (spec 001 §3: in_queue, prepare,
 * in_progress, interrupted, complete, cancelled), progress, speed, pause/resume, cancel and
 * retry, and errors such as SpaceFull per file. Mounted once in the app frame, so uploads stay in
 * view while the user moves around.
 */
interface UploadTaskPanelProps {
  tasks: readonly UploadTask[];
  manager: UploadManager;
  collapsed: boolean;
  onCollapse: (collapsed: boolean) => void;
}

/** The upload panel's contents (UploadPanel): the totals, the actions on all, and the list of files. */
export function UploadTaskPanel({ tasks, manager, collapsed, onCollapse }: UploadTaskPanelProps) {
  const { t } = useTranslation();
  const summary = summarize(tasks);
  const running = tasks.some((task) => !isFinished(task) && !isFailed(task) && !isPaused(task));
  const anyPaused = tasks.some((task) => !task.cancelled && isPaused(task));
  const anyRetryable = tasks.some((task) => isFailed(task) && !isFinalFailure(task));
  const percent = overallPercent(tasks);
  const allDone = summary.done === summary.total && summary.total + summary.cancelled > 0;

  return (
    <section className="cirrus-upload-panel" aria-label={t('drive.upload.title')}>
      <header className="cirrus-upload-head">
        <div className="cirrus-upload-title">
          <Typography.Text strong>
            {allDone
              ? summary.cancelled > 0
                ? t('drive.upload.doneCancelled', { done: summary.done, cancelled: summary.cancelled })
                : t('drive.upload.allDone')
              : t('drive.upload.summary', { done: summary.done, total: summary.total })}
          </Typography.Text>
          {summary.failed > 0 && (
            <Typography.Text type="danger" className="cirrus-upload-failed">
              {t('drive.upload.failed', { count: summary.failed })}
            </Typography.Text>
          )}
        </div>
        <div className="cirrus-upload-head-actions">
          {running && (
            <Button type="text" size="small" onClick={() => manager.pauseAll()}>
              {t('drive.upload.pauseAll')}
            </Button>
          )}
          {/* One button takes up paused and failed uploads alike; named for what there is to take up. */}
          {!running && (anyPaused || anyRetryable) && (
            <Button type="text" size="small" onClick={() => manager.resumeAll()}>
              {anyPaused ? t('drive.upload.resumeAll') : t('drive.upload.retryAll')}
            </Button>
          )}
          {running && (
            <Button type="text" size="small" onClick={() => manager.cancelAll()}>
              {t('drive.upload.cancelAll')}
            </Button>
          )}
          <HoverTooltip title={collapsed ? t('drive.upload.expand') : t('drive.upload.collapse')}>
            <Button
              type="text"
              size="small"
              icon={collapsed ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
              aria-label={collapsed ? t('drive.upload.expand') : t('drive.upload.collapse')}
              aria-expanded={!collapsed}
              onClick={() => onCollapse(!collapsed)}
            />
          </HoverTooltip>
          {!running && (
            <TaskButton
              title={t('drive.upload.close')}
              icon={<CloseOutlined aria-hidden />}
              onClick={() => {
                manager.cancelAll();
                manager.clearFinished();
              }}
            />
          )}
        </div>
      </header>
      {!allDone && (
        <Progress
          aria-label={t('drive.upload.totalProgress')}
          percent={percent}
          // Finished with failures: red, as the count of them is (antd would turn a full bar green).
          status={percent === 100 && summary.failed > 0 ? 'exception' : 'normal'}
          size="small"
          showInfo={false}
          className="cirrus-upload-total"
        />
      )}
      {!collapsed && <TaskList tasks={tasks} manager={manager} />}
    </section>
  );
}
