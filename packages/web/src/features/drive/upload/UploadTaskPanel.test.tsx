import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
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

function renderPanel(tasks: UploadTask[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(driveKeys.mySpace(), { id: 1 });
  client.setQueryData(driveKeys.uploadsSpace(), { id: 2 });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UploadTaskPanel tasks={tasks} manager={new UploadManager()} collapsed onCollapse={() => {}} />
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
