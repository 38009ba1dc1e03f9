import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { driveKeys } from '../queries';
import { UploadTaskPanel } from './UploadTaskPanel';
import { UploadManager } from './upload-manager';
import { newTask, transition, type UploadEvent, type UploadTask } from './upload-queue';

let ids = 0;
const queued = (name: string, size: number) =>
  newTask({ id: `u${++ids}`, name, size, relativeDir: '', gid: 1, folderId: 0 });
const sent = (task: UploadTask, ...events: UploadEvent[]) => events.reduce(transition, task);
const uploaded = (name: string, size: number) =>
  sent(
    queued(name, size),
    { type: 'start' },
    { type: 'began', offset: 0 },
    { type: 'complete', fileId: ids },
  );

function renderPanel(tasks: UploadTask[], { collapsed = true } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(driveKeys.mySpace(), { id: 1 });
  client.setQueryData(driveKeys.uploadsSpace(), { id: 2 });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UploadTaskPanel
          tasks={tasks}
          manager={new UploadManager()}
          collapsed={collapsed}
          onCollapse={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the upload panel’s overall progress', () => {
  test('is complete when every upload has finished, the only one that succeeded being empty', () => {
    // A name the server refuses fails before anything is sent; the empty file is uploaded.
    renderPanel([uploaded('empty.txt', 0), queued('bad:name.txt', 2000)]);
    expect(screen.getByText('1 of 2 uploaded')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  test('counts the bytes of the uploads still running', () => {
    const running = sent(queued('big.bin', 1000), { type: 'start' }, { type: 'began', offset: 250 });
    renderPanel([uploaded('empty.txt', 0), running]);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });
});

describe('the upload panel’s button for all', () => {
  test('offers to retry uploads refused for a full space, and to resume paused ones', () => {
    const started = sent(queued('big.bin', 4000), { type: 'start' });
    const full = sent(started, { type: 'fail', status: 403, body: { result: 'groupSpaceFull' } });
    renderPanel([uploaded('small.txt', 10), full]);
    expect(screen.getByRole('button', { name: 'Retry all' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resume all' })).toBeNull();
    cleanup();
    renderPanel([full, sent(queued('later.bin', 4000), { type: 'pause' })]);
    expect(screen.getByRole('button', { name: 'Resume all' })).toBeTruthy();
  });
});

describe('a row of the upload panel', () => {
  // The list draws only the rows in view; jsdom lays nothing out, so the list is given a height.
  const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  });
  afterAll(() => {
    if (height) Object.defineProperty(Element.prototype, 'clientHeight', height);
  });

  test('of an upload cancelled while it ran says cancelled, without its progress', () => {
    const running = sent(queued('big.bin', 4000), { type: 'start' }, { type: 'began', offset: 1000 });
    renderPanel([sent(running, { type: 'cancel' })], { collapsed: false });
    expect(screen.getByText('Cancelled · 3.91 KB')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test("of a running upload has a bar named for its file, beside the panel's total", () => {
    const running = sent(queued('big.bin', 1000), { type: 'start' }, { type: 'began', offset: 250 });
    renderPanel([uploaded('small.txt', 1000), running], { collapsed: false });
    const own = screen.getByRole('progressbar', { name: 'Upload progress of big.bin' });
    expect(own.getAttribute('aria-valuenow')).toBe('25');
    const total = screen.getByRole('progressbar', { name: 'Total upload progress' });
    expect(total.getAttribute('aria-valuenow')).toBe('62');
  });

  test('of a file from a folder upload shows the folder it went into, not the one uploaded into', () => {
    const file = newTask({
      id: 'u-dir',
      name: 'c.txt',
      size: 2,
      relativeDir: 'Trip/Day 1',
      gid: 7,
      folderId: 0,
    });
    const saved = { type: 'complete', fileId: 12, parentId: 11 } as const;
    renderPanel([sent(file, { type: 'start' }, { type: 'began', offset: 0 }, saved)], { collapsed: false });
    const link = screen.getByRole('link', { name: 'Show in folder' });
    expect(link.getAttribute('href')).toBe('/pcview/drive/group/7/11');
  });
});
