import { describe, expect, test } from 'vitest';
import {
  isActive,
  isFinalFailure,
  newTask,
  overallPercent,
  smoothSpeed,
  summarize,
  tasksToStart,
  transition,
  type UploadEvent,
  type UploadStatus,
  type UploadTask,
} from './upload-queue';

const task = (over: Partial<UploadTask> = {}): UploadTask => ({
  ...newTask({ id: 'u1', name: 'a.txt', size: 100, relativeDir: '', gid: 1, folderId: 0 }),
  ...over,
});

const run = (start: UploadTask, ...events: UploadEvent[]) => events.reduce(transition, start);

describe('names the server refuses (spec 001 §5) fail before anything is sent, for good', () => {
  const made = (name: string, relativeDir = '') =>
    newTask({ id: 'u1', name, size: 1, relativeDir, gid: 1, folderId: 0 });

  test.each([
    ['.gitignore', '', 'illegalDotFname'],
    ['x.txt', 'proj/.cfg', 'illegalDotFname'],
    ['x.txt', 'proj/.cfg/deeper', 'illegalDotFname'],
    ['a|b.txt', 'proj', 'illegalFname'],
  ])('%s in "%s": %s', (name, dir, key) => {
    const task = made(name, dir);
    expect(task).toMatchObject({
      status: 'interrupted',
      interruption: { kind: 'failed', status: 400, body: { result: key }, final: true },
    });
    expect(isFinalFailure(task)).toBe(true);
    expect(run(task, { type: 'retry' }, { type: 'resume' }, { type: 'start' })).toBe(task);
    expect(tasksToStart([task], 3)).toEqual([]);
    expect(summarize([task]).failed).toBe(1);
  });

  test('ordinary names in ordinary folders are queued', () => {
    expect(made('readme.txt', 'proj/docs').status).toBe('in_queue');
    expect(made('notes.', 'a.b').status).toBe('in_queue');
  });
});

describe('the upload queue states (spec 001 §3: in_queue, prepare, in_progress, interrupted, complete)', () => {
  test('the happy path', () => {
    const done = run(
      task(),
      { type: 'start' },
      { type: 'began', offset: 0 },
      { type: 'progress', uploaded: 40, speed: 10 },
      { type: 'complete', fileId: 9 },
    );
    expect(done).toMatchObject({ status: 'complete', uploaded: 100, fileId: 9, speed: 0 });
  });

  test('a resumed transaction begins at the server offset', () => {
    expect(run(task(), { type: 'start' }, { type: 'began', offset: 64 }).uploaded).toBe(64);
  });

  test.each<[UploadStatus]>([['in_queue'], ['prepare'], ['in_progress']])(
    'pause from %s, then resume queues it again',
    (status) => {
      const paused = transition(task({ status }), { type: 'pause' });
      expect(paused).toMatchObject({ status: 'interrupted', interruption: { kind: 'paused' } });
      expect(transition(paused, { type: 'retry' })).toBe(paused); // retry is for failures
      expect(transition(paused, { type: 'resume' })).toMatchObject({
        status: 'in_queue',
        interruption: undefined,
      });
    },
  );

  test('a failure keeps the error for the panel; retry queues it again', () => {
    const failed = run(
      task(),
      { type: 'start' },
      { type: 'fail', status: 403, body: { result: 'groupSpaceFull' } },
    );
    expect(failed).toMatchObject({
      status: 'interrupted',
      interruption: { kind: 'failed', status: 403, body: { result: 'groupSpaceFull' } },
    });
    expect(transition(failed, { type: 'resume' })).toBe(failed); // resume is for pauses
    expect(transition(failed, { type: 'retry' }).status).toBe('in_queue');
  });

  test('an upload that made a new version of a file keeps the version, for the panel to say so', () => {
    const done = run(
      task(),
      { type: 'start' },
      { type: 'began', offset: 0 },
      { type: 'complete', fileId: 9, version: 3 },
    );
    expect(done).toMatchObject({ status: 'complete', fileId: 9, version: 3 });
  });

  test('a file refused for what it is (too large) is not tried again', () => {
    const failed = run(
      task(),
      { type: 'start' },
      { type: 'fail', status: 413, body: { result: 'fileTooLarge' } },
    );
    expect(transition(failed, { type: 'retry' })).toBe(failed);
  });

  test('cancel marks any unfinished task for good; a complete one stays complete', () => {
    const cancelled = transition(task({ status: 'in_progress' }), { type: 'cancel' });
    expect(cancelled.cancelled).toBe(true);
    for (const event of [{ type: 'start' }, { type: 'resume' }, { type: 'retry' }] as UploadEvent[]) {
      expect(transition(cancelled, event)).toBe(cancelled);
    }
    const complete = task({ status: 'complete' });
    expect(transition(complete, { type: 'cancel' })).toBe(complete);
  });

  test('events that do not fit the state are ignored (late progress after a pause)', () => {
    const paused = run(task(), { type: 'start' }, { type: 'began', offset: 0 }, { type: 'pause' });
    expect(transition(paused, { type: 'progress', uploaded: 90, speed: 5 })).toBe(paused);
    expect(transition(paused, { type: 'complete', fileId: 1 })).toBe(paused);
    expect(transition(task(), { type: 'began', offset: 0 }).status).toBe('in_queue');
  });

  test('only finished tasks can be hidden', () => {
    expect(transition(task(), { type: 'hide' }).hidden).toBe(false);
    expect(transition(task({ status: 'complete' }), { type: 'hide' }).hidden).toBe(true);
    expect(transition(task({ cancelled: true }), { type: 'hide' }).hidden).toBe(true);
  });

  test('progress never passes the size', () => {
    const going = run(task(), { type: 'start' }, { type: 'began', offset: 0 });
    expect(transition(going, { type: 'progress', uploaded: 500, speed: 1 }).uploaded).toBe(100);
  });
});

describe('three at a time', () => {
  const many = (statuses: UploadStatus[]) => statuses.map((status, i) => task({ id: `u${i}`, status }));

  test('starts queued tasks in order while slots are free', () => {
    const tasks = many(['in_progress', 'in_queue', 'in_queue', 'in_queue']);
    expect(tasksToStart(tasks, 3).map((t) => t.id)).toEqual(['u1', 'u2']);
  });

  test('paused, failed, cancelled and complete tasks do not hold a slot', () => {
    const tasks = [
      ...many(['interrupted', 'complete', 'in_queue']),
      task({ id: 'x', status: 'in_progress', cancelled: true }),
    ];
    expect(tasks.filter(isActive)).toHaveLength(0);
    expect(tasksToStart(tasks, 3).map((t) => t.id)).toEqual(['u2']);
  });

  test('no free slot, nothing starts', () => {
    expect(tasksToStart(many(['prepare', 'in_progress', 'in_progress', 'in_queue']), 3)).toEqual([]);
  });
});

test('summary counts live tasks', () => {
  const tasks = [
    task({ id: 'a', status: 'complete', uploaded: 100 }),
    task({ id: 'b', status: 'in_progress', uploaded: 30 }),
    task({ id: 'c', status: 'interrupted', interruption: { kind: 'failed', status: 0, body: null } }),
    task({ id: 'd', cancelled: true, uploaded: 50 }),
  ];
  expect(summarize(tasks)).toEqual({
    total: 3,
    done: 1,
    cancelled: 1,
    active: 1,
    failed: 1,
  });
});

describe('overall progress: bytes of the uploads that succeeded or may still run, complete when none is left', () => {
  const failed = {
    status: 'interrupted',
    interruption: { kind: 'failed', status: 400, body: null },
  } as const;
  test.each([
    ['one running', [task({ status: 'in_progress', uploaded: 30 })], 30],
    [
      'one done, one running',
      [task({ status: 'complete', uploaded: 100 }), task({ status: 'in_progress', uploaded: 50 })],
      75,
    ],
    ['an empty file done, one failed', [task({ size: 0, status: 'complete' }), task(failed)], 100],
    [
      'an empty file done, one cancelled',
      [task({ size: 0, status: 'complete' }), task({ cancelled: true })],
      100,
    ],
    ['an empty file done, another queued', [task({ size: 0, status: 'complete' }), task({ size: 0 })], 50],
    [
      'an empty file done, one running',
      [task({ size: 0, status: 'complete' }), task({ status: 'in_progress', uploaded: 25 })],
      25,
    ],
    ['all failed', [task(failed)], 100],
    [
      'one failed, one paused half way',
      [task(failed), task({ status: 'interrupted', interruption: { kind: 'paused' }, uploaded: 50 })],
      50,
    ],
  ] as const)('%s: %i%%', (_what, tasks, percent) => {
    expect(overallPercent(tasks)).toBe(percent);
  });
});

test('speed is smoothed over reports', () => {
  expect(smoothSpeed(0, 1000, 1000)).toBe(1000);
  expect(smoothSpeed(1000, 2000, 1000)).toBeCloseTo(1300);
  expect(smoothSpeed(500, 100, 0)).toBe(500);
});
