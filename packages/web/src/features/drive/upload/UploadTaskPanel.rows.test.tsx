import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { UploadTaskPanel } from './UploadTaskPanel';
import { UploadManager } from './upload-manager';
import { newTask, transition, type UploadTask } from './upload-queue';

// Every row draws its file's icon once: the icons drawn count the rows drawn.
const drawn = vi.hoisted(() => ({ rows: [] as string[] }));
vi.mock('../../../components/FileTypeIcon', () => ({
  FileTypeIcon: ({ file }: { file: { extname: string } }) => {
    drawn.rows.push(file.extname);
    return null;
  },
}));

// The list draws only the rows in view; jsdom lays nothing out, so the list is given a height.
const height = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 400 });
});
afterAll(() => {
  if (height) Object.defineProperty(Element.prototype, 'clientHeight', height);
});

test('an event about one upload redraws its row only, not every row in view', () => {
  const tasks: UploadTask[] = ['a', 'b', 'c', 'd'].map((ext, i) =>
    transition(
      newTask({ id: `u${i}`, name: `file.${ext}`, size: 100, relativeDir: '', gid: 1, folderId: 0 }),
      {
        type: 'start',
      },
    ),
  );
  const manager = new UploadManager();
  const client = new QueryClient();
  const panel = (list: UploadTask[]) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UploadTaskPanel tasks={list} manager={manager} collapsed={false} onCollapse={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(panel(tasks));
  expect(new Set(drawn.rows)).toEqual(new Set(['a', 'b', 'c', 'd']));

  // as the manager does: a new list in which only the task the event was about is a new object
  drawn.rows = [];
  rerender(
    panel(tasks.map((task) => (task.id === 'u2' ? transition(task, { type: 'began', offset: 50 }) : task))),
  );
  expect(drawn.rows).toEqual(['c']);
});
