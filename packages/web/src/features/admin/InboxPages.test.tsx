import type { OutboxItem } from '@cirrus/shared';
import { screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { json, renderInApp, stubApi } from '../profile/test-utils';
import { OutboxPage } from './InboxPages';

afterEach(() => vi.unstubAllGlobals());

const message: OutboxItem = {
  id: 1,
  channel: 'mail',
  recipient: 'li.wei@example.com',
  subject: 'Your verification code',
  body: 'The code is 123456.',
  kind: 'bind_code',
  state: 'stored',
  error: '',
  created_at: 1_700_000_000,
  sent_at: null,
};

test("the outbox's expand column has a header a screen reader reads: what the rows expand to", async () => {
  stubApi({ 'GET /admin/v1/outbox': () => json(200, { messages: [message], more: false }) });
  renderInApp(<OutboxPage />);
  await screen.findByText('li.wei@example.com');
  const headers = screen.getAllByRole('columnheader');
  expect(headers.map((header) => header.textContent)).toEqual([
    'Message',
    'Time',
    'Channel',
    'Recipient',
    'Subject',
    'Kind',
    'State',
  ]);
  // Heard, not seen: the rows' expand buttons say what the column is.
  expect(screen.getByRole('columnheader', { name: 'Message' }).firstElementChild?.className).toBe(
    'cirrus-visually-hidden',
  );
});
