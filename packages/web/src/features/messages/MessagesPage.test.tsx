import { CHAT_MESSAGE_MAX, DEFAULT_SETTINGS } from '@cirrus/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { authKeys } from '../auth/queries';
import { briefOf, json, makeSelf, renderInApp, stubApi } from '../profile/test-utils';
import { settingsKeys } from '../settings/queries';
import { MessagesPage } from './MessagesPage';

afterEach(() => vi.unstubAllGlobals());

test.each([
  [true, 'Choose a team or a person on the left, or send a message from someone’s profile.'],
  [false, 'Choose a team or a person on the left.'],
])('with chat allowed %s, the hint points only where there is a way in', async (allowChat, hint) => {
  stubApi({ 'GET /api/v3/yun_msg/conversations': () => json(200, { conversations: [] }) });
  renderInApp(<MessagesPage />, { settings: { allow_chat: allowChat } });
  expect(await screen.findByText(hint)).toBeTruthy();
});

test('a message longer than the limit is kept whole, counted, and not sent', async () => {
  const other = makeSelf({ id: 40, userid: 40, nick_name: 'Wang Fang' });
  const calls = stubApi({
    'GET /api/v3/yun_msg/conversations': () => json(200, { conversations: [] }),
    'GET /api/v3/yun_msg/conversation/4/40/messages': () => json(200, { messages: [], more: false }),
    'GET /u/v1/companies/self/users/40/brief': () => json(200, briefOf(other)),
    'POST /im/check-online': () => json(200, { list: [] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.self(), makeSelf());
  client.setQueryData(settingsKeys.all, { settings: DEFAULT_SETTINGS });
  render(
    <QueryClientProvider client={client}>
      <AntdApp>
        <MemoryRouter initialEntries={['/message/private/40']}>
          <Routes>
            <Route path="/message/private/:userId" element={<MessagesPage />} />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
  const box = await screen.findByRole('textbox', { name: 'Write a message' });
  fireEvent.change(box, { target: { value: 'x'.repeat(6000) } });
  expect((box as HTMLTextAreaElement).value).toHaveLength(6000);
  expect(screen.getByText(`6000 / ${CHAT_MESSAGE_MAX}`)).toBeTruthy();
  expect((await screen.findByRole('alert')).textContent).toMatch(/2000|2,000/);
  fireEvent.click(screen.getByRole('button', { name: /Send/ }));
  await waitFor(() => expect((box as HTMLTextAreaElement).value).toHaveLength(6000));
  expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/messages'))).toBe(false);
});
