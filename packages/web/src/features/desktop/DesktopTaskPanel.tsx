import {
  CaretRightOutlined,
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  PauseOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  DESKTOP_CLIENT_LAUNCH_URL,
  type DesktopTask,
  type DesktopTasksWorkRequest,
  desktopErrorOf,
  errorText,
  formatSize,
  isTaskActive,
  isTaskCancelable,
  taskKindOf,
  taskPhaseOf,
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

/**
 * One task of the client (spec 002 §3 "Desktop task": fname, state, percent, fileSize, errortype),
 * read by its phase (taskPhaseOf: spec 001 §3's states, an interruption paused or failed, the
 * cancelled flag): pause while it is under way, resume when paused, retry when it failed or was
 * cancelled (POST /v1/tasks/work), cancel an upload not yet over.
 */
function TaskRow({ task, tasks }: { task: DesktopTask; tasks: DesktopTasks }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const fail = useDesktopFailure();
  const settings = useSettings();
  const download = taskKindOf(task) === 'download';
  const phase = taskPhaseOf(task);
  const active = isTaskActive(task);
  // spec 001 §8 "Download error map": the client's code, else the download failed.
  const error =
    phase === 'failed'
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
    download && (phase === 'in_progress' || phase === 'complete')
      ? `desktop.tasks.download_${phase}`
      : `desktop.tasks.${phase}`,
  );
  const detail =
    error ??
    (active
      ? `${state} · ${t('desktop.tasks.progress', { percent: task.percent, size: formatSize(task.fileSize) })}`
      : `${state} · ${formatSize(task.fileSize)}`);
  const work = (kind: DesktopTasksWorkRequest['work']) => () => tasks.work(task.id, kind).catch(fail);
  return (
    <TaskRowFrame
      name={task.fname}
      status={phase}
      progress={
        active
          ? {
              percent: task.percent,
              label: t(download ? 'desktop.tasks.downloadProgress' : 'desktop.tasks.taskProgress', {
                name: task.fname,
              }),
              active: phase === 'in_progress',
            }
          : undefined
      }
      detail={detail}
      danger={Boolean(error)}
      actions={
        <>
          {phase === 'complete' && <CheckCircleFilled className="cirrus-upload-done" aria-label={state} />}
          {phase === 'cancelled' && <CloseCircleFilled className="cirrus-upload-cancelled" aria-hidden />}
          {active && phase !== 'paused' && (
            <TaskButton
              title={t('desktop.tasks.pause')}
              label={t('desktop.tasks.pauseOf', { name: task.fname })}
              icon={<PauseOutlined aria-hidden />}
              onClick={work('pause')}
            />
          )}
          {phase === 'paused' && (
            <TaskButton
              title={t('desktop.tasks.resume')}
              label={t('desktop.tasks.resumeOf', { name: task.fname })}
              icon={<CaretRightOutlined aria-hidden />}
              onClick={work('resume')}
            />
          )}
          {(phase === 'failed' || phase === 'cancelled') && (
            <TaskButton
              title={t('desktop.tasks.retry')}
              label={t('desktop.tasks.retryOf', { name: task.fname })}
              icon={<ReloadOutlined aria-hidden />}
              onClick={work('retry')}
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
 * browser's own upload panel: each task's progress, its pause, resume and retry (POST
 * /v1/tasks/work) and an upload's cancel (POST /v1/files/upload/cancel). Loaded only once there is a task
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
  const phases = list.map(taskPhaseOf);
  const done = phases.filter((phase) => phase === 'complete').length;
  const failed = phases.filter((phase) => phase === 'failed').length;
  const running = list.some(isTaskActive);
  const cancelable = list.some(isTaskCancelable);
  const percent = list.length
    ? Math.floor(
        list.reduce((sum, task, i) => sum + (phases[i] === 'complete' ? 100 : task.percent), 0) / list.length,
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
