import type { ChatFile, ChatMessage, Conversation } from '@cirrus/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { paths } from '../../app/paths';
import { json, makeSelf, renderInApp, stubApi } from '../profile/test-utils';
import { ChatFileCard } from './ChatFileCard';
import { MessagesPage } from './MessagesPage';

afterEach(() => vi.unstubAllGlobals());

const plan: ChatFile = { fileid: 77, name: 'plan.docx', size: 1536, groupid: 12, parentid: 5, more: 0 };

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function renderCard(file: ChatFile) {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <Routes>
        <Route path="/start" element={<ChatFileCard file={file} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

test('a file message shows the type icon, name and size, and opens the file’s preview', () => {
  const { container } = renderCard(plan);
  const card = screen.getByRole('link', { name: 'Open plan.docx' });
  expect(card.textContent).toContain('plan.docx');
  expect(card.textContent).toContain('1.50 KB');
  expect(container.querySelector('.cirrus-file-icon')).toBeTruthy();
  fireEvent.click(card);
  expect(screen.getByLabelText('where').textContent).toBe('/p/77');
});

test('a batch says how many more came and opens the folder the first went to', () => {
  renderCard({ ...plan, more: 199 });
  const card = screen.getByRole('link', { name: 'Open the folder of plan.docx' });
  expect(card.textContent).toContain('and 199 more files');
  fireEvent.click(card);
  expect(screen.getByLabelText('where').textContent).toBe(`${paths.drive}/group/12/5`);
});

test('the conversation list tells of a file message, and the thread shows its card', async () => {
  const me = makeSelf();
  const message: ChatMessage = {
    id: 3,
    sender: { id: 40, nick_name: 'Wang Fang', avatar: '' },
    body: '',
    created_at: 1_700_000_000,
    file: plan,
  };
  const team: Conversation = {
    type: 3,
    id: 12,
    group_type: 3,
    name: 'Design',
    avatar: '',
    last: message,
    unread: 1,
  };
  const batch: Conversation = {
    ...team,
    id: 13,
    name: 'Ops',
    last: { ...message, file: { ...plan, more: 2 } },
  };
  stubApi({
    'GET /api/v3/yun_msg/conversations': () => json(200, { conversations: [team, batch], unread: 1 }),
  });
  renderInApp(<MessagesPage />, { self: me });
  expect(await screen.findByText('Wang Fang: Shared a file: plan.docx')).toBeTruthy();
  expect(screen.getByText('Wang Fang: Shared plan.docx and 2 more files')).toBeTruthy();
});
