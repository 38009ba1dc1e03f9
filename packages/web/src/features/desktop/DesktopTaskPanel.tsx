import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DESKTOP_CLIENT_LAUNCH_URL,
  type DesktopTask,
  desktopErrorOf,
  errorText,
  formatSize,
  isTaskActive,
  isTaskCancelable,
  taskKindOf,
} from '@cirrus/shared';
import { Button, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { TaskButton, TaskRowFrame } from '../drive/upload/TaskRowFrame';
import { useSettings } from '../settings/queries';
import { type DesktopTasks, type DesktopTasksSnapshot, tasksKindOf } from './desktop-tasks';
import { useDesktopFailure } from './useDesktopFailure';
import '../drive/drive.css';
import './desktop.css';

/** The panel's title and summary, by what its list holds. */
const HEADINGS = {
  upload: { title: 'desktop.tasks.title', summary: 'desktop.tasks.summary' },
  download: { title: 'desktop.tasks.downloadsTitle', summary: 'desktop.tasks.downloadsSummary' },
  mixed: { title: 'desktop.tasks.transfersTitle', summary: 'desktop.tasks.transfersSummary' },
} as const;

/** One task of the client (spec 002 §3 "Desktop task": fname, state, percent, fileSize, errortype). */
function TaskRow({ task, tasks }: { task: DesktopTask; tasks: DesktopTasks }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const fail = useDesktopFailure();
  const settings = useSettings();
  const download = taskKindOf(task) === 'download';
  // spec 001 §8 "Download error map": the client's code, else the download failed.
  const error =
    task.state === 'failed'
      ? (({ key, params }) => errorText(key, language, params))(
          desktopErrorOf(
            task.errortype,
            download ? 'downloadFailed' : 'clientUploadFailed',
            settings.secdoc_convert_max_mb,
          ),
        )
      : undefined;
  // A download's own words where they differ from an upload's.
  const state = t(
    download && task.state === 'running'
      ? 'desktop.tasks.downloadRunning'
      : download && task.state === 'done'
        ? 'desktop.tasks.downloadDone'
        : `desktop.tasks.${task.state}`,
  );
  const detail =
    error ??
    (isTaskActive(task)
      ? `${state} · ${t('desktop.tasks.progress', { percent: task.percent, size: formatSize(task.fileSize) })}`
      : `${state} · ${formatSize(task.fileSize)}`);
  return (
    <TaskRowFrame
      name={task.fname}
      status={task.state === 'canceled' ? 'cancelled' : task.state}
      progress={
        isTaskActive(task)
          ? {
              percent: task.percent,
              label: t(download ? 'desktop.tasks.downloadProgress' : 'desktop.tasks.taskProgress', {
                name: task.fname,
              }),
              active: task.state === 'running',
            }
          : undefined
      }
      detail={detail}
      danger={Boolean(error)}
      actions={
        <>
          {task.state === 'done' && <CheckCircleFilled className="cirrus-upload-done" aria-label={state} />}
          {task.state === 'canceled' && <CloseCircleFilled className="cirrus-upload-cancelled" aria-hidden />}
          {(task.state === 'failed' || task.state === 'canceled') && (
            <TaskButton
              title={t('desktop.tasks.retry')}
              label={t('desktop.tasks.retryOf', { name: task.fname })}
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => tasks.retry(task.id).catch(fail)}
            />
          )}
          {isTaskCancelable(task) && (
            <TaskButton
              title={t('desktop.tasks.cancel')}
              label={t('desktop.tasks.cancelOf', { name: task.fname })}
              icon={<CloseOutlined aria-hidden />}
              onClick={() => tasks.cancel(task.id).catch(fail)}
            />
          )}
        </>
      }
    />
  );
}

/**
 * The desktop client's uploads and downloads started from this page, bottom right like the
 * browser's own upload panel: each task's progress, an upload's cancel (POST
 * /v1/files/upload/cancel) and retry (POST /v1/tasks/work). Loaded only once there is a task
 * (DesktopTasksMount).
 */
export function DesktopTaskPanel({
  snapshot,
  tasks,
}: {
  snapshot: DesktopTasksSnapshot;
  tasks: DesktopTasks;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const fail = useDesktopFailure();
  const list = snapshot.tasks;
  const headings = HEADINGS[tasksKindOf(list)];
  const done = list.filter((task) => task.state === 'done').length;
  const failed = list.filter((task) => task.state === 'failed').length;
  const running = list.some(isTaskActive);
  const cancelable = list.some(isTaskCancelable);
  const percent = list.length
    ? Math.floor(
        list.reduce((sum, task) => sum + (task.state === 'done' ? 100 : task.percent), 0) / list.length,
      )
    : 0;
  return (
    <section className="cirrus-upload-panel cirrus-desktop-panel" aria-label={t(headings.title)}>
      <header className="cirrus-upload-head">
        <div className="cirrus-upload-title">
          <Typography.Text strong>{t(headings.summary, { done, total: list.length })}</Typography.Text>
          {failed > 0 && (
            <Typography.Text type="danger" className="cirrus-upload-failed">
              {t('drive.upload.failed', { count: failed })}
            </Typography.Text>
          )}
        </div>
        <div className="cirrus-upload-head-actions">
          {cancelable && (
            <Button type="text" size="small" onClick={() => tasks.cancel().catch(fail)}>
              {t('drive.upload.cancelAll')}
            </Button>
          )}
          {!running && (
            <TaskButton
              title={t('drive.upload.close')}
              icon={<CloseOutlined aria-hidden />}
              onClick={() => tasks.clearFinished()}
            />
          )}
        </div>
      </header>
      {running && (
        <Progress
          aria-label={t('desktop.tasks.totalProgress')}
          percent={percent}
          size="small"
          showInfo={false}
          className="cirrus-upload-total"
        />
      )}
      {snapshot.lost && (
        <div className="cirrus-desktop-lost" role="alert">
          <Typography.Text type="danger">
            {errorText(snapshot.lost.key, language, snapshot.lost.params)}
          </Typography.Text>
          <div className="cirrus-desktop-lost-actions">
            {snapshot.lost.key === 'connectClientFailed' && (
              <Button type="link" size="small" className="cirrus-toast-link" href={DESKTOP_CLIENT_LAUNCH_URL}>
                {t('desktop.launch')}
              </Button>
            )}
            <Button type="link" size="small" className="cirrus-toast-link" onClick={() => tasks.resume()}>
              {t('common.retry')}
            </Button>
          </div>
        </div>
      )}
      <div className="cirrus-desktop-list">
        {list.map((task) => (
          <TaskRow key={task.id} task={task} tasks={tasks} />
        ))}
      </div>
    </section>
  );
}
