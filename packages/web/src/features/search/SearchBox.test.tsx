import type { FileSearchResult, SearchFileHit } from '@cirrus/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { authKeys } from '../auth/queries';
import { json, makeFile, makeSelf } from '../profile/test-utils';
import { settingsKeys } from '../settings/queries';
import { SearchBox } from './SearchBox';
import { SearchListPage } from './SearchPages';

function hit(fileid: number, fname: string, parentid = 0): SearchFileHit {
  return {
    ...makeFile({
      fileid,
      fname,
      parentid,
      fsize: 10,
      fsha: '',
      groupid: 7,
      teamid: 7,
      file_src: 'Reports team',
    }),
    path: `/Reports/${fname}`,
    creator: { id: 1, name: 'A' },
    modifier: { id: 1, name: 'A' },
    search: { match: 'name', name_ranges: [[0, 4]], snippet: null, snippet_ranges: [] },
  };
}

const result = (files: SearchFileHit[], more: boolean): FileSearchResult => ({
  files,
  more,
  offset: 0,
  count: 5,
  result: { offset: files.length, part_offset: files.length },
});

type Handler = (url: URL, init?: RequestInit) => Promise<Response> | Response;
let handlers: Record<string, Handler>;

beforeEach(() => {
  handlers = {
    '/api/v3/groups/special': () => json(200, { id: 1, name: 'My drive', type: 'special' }),
    '/api/v3/groups/tmp': () => json(200, { id: 2, name: 'My uploads', type: 'tmp' }),
    '/api/cooper/users/self/volumes': () => json(200, { groups: [], offset: 0, limit: 50, more: false }),
    '/namesearch/api/mygroups/find': () =>
      json(200, {
        groups: [{ id: 7, name: 'Plan team', avatar: '0_0', type: 3, member_count: 4 }],
        more: false,
      }),
    '/namesearch/api/1/users/find': () => json(200, { members: [], offset: 0, limit: 5, more: false }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input);
      const handler = handlers[url.pathname];
      if (!handler) return Promise.resolve(json(404, { result: 'notFound', msg: url.pathname }));
      return Promise.resolve(handler(url, init));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderWith(element: React.ReactNode, at = '/pcview/drive', path = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.self(), makeSelf());
  client.setQueryData(settingsKeys.all, { settings: {} });
  render(
    <QueryClientProvider client={client}>
      <AntdApp>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route
              path={path}
              element={
                <>
                  {element}
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}

const type = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });

describe('the top bar search (spec 001 §2 quick search dropdowns)', { timeout: 20_000 }, () => {
  test('three rows at most per kind, view all when more, a file opens in the viewer', async () => {
    const asked: URL[] = [];
    handlers['/xfisearch/v1/me/base/search/files'] = (url) => {
      asked.push(url);
      return json(
        200,
        result(
          [1, 2, 3, 4, 5].map((n) => hit(n, `Plan ${n}.docx`, 40)),
          true,
        ),
      );
    };
    renderWith(<SearchBox />);
    type('Plan');
    const files = await screen.findByRole('region', { name: 'Files' }, { timeout: 3000 });
    await waitFor(() => expect(within(files).getAllByRole('listitem')).toHaveLength(3));
    // spec 001 §7: the dropdown asks for 5.
    expect(asked[0].searchParams.get('count')).toBe('5');
    expect(asked[0].searchParams.get('searchname')).toBe('Plan');
    expect(within(files).getByRole('button', { name: 'View all' })).toBeTruthy();
    const teams = screen.getByRole('region', { name: 'Teams' });
    expect(within(teams).getByRole('button', { name: 'Team files' })).toBeTruthy();
    expect(within(teams).queryByRole('button', { name: 'View all' })).toBeNull();
    fireEvent.click(within(files).getByText('2.docx', { exact: false }));
    expect(screen.getByTestId('where').textContent).toBe('/p/2');
  });

  test('a new keyword aborts the file request still running for the previous one', async () => {
    const signals: AbortSignal[] = [];
    handlers['/xfisearch/v1/me/base/search/files'] = (url, init) => {
      if (init?.signal) signals.push(init.signal);
      if (url.searchParams.get('searchname') === 'pla') return new Promise<Response>(() => {});
      return json(200, result([hit(9, 'plan.docx')], false));
    };
    renderWith(<SearchBox />);
    type('pla');
    await waitFor(() => expect(signals).toHaveLength(1), { timeout: 3000 });
    type('plan');
    await waitFor(() => expect(signals).toHaveLength(2), { timeout: 3000 });
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
  });

  test('the arrow keys walk the results from the box and back; Enter opens one', async () => {
    handlers['/xfisearch/v1/me/base/search/files'] = () =>
      json(200, result([hit(1, 'Plan 1.docx', 40), hit(2, 'Plan 2.docx', 40)], false));
    renderWith(<SearchBox />);
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    box.focus();
    type('Plan');
    const files = await screen.findByRole('region', { name: 'Files' }, { timeout: 3000 });
    await waitFor(() => expect(within(files).getAllByRole('listitem')).toHaveLength(2));
    const rows = within(files)
      .getAllByRole('button')
      .filter((b) => b.classList.contains('cirrus-qs-item'));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const first = document.activeElement as HTMLElement;
    expect(first.classList.contains('cirrus-qs-item')).toBe(true);
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(first);
    // The files' rows are reached too (after any teams and people).
    for (let step = 0; step < 20 && document.activeElement !== rows[1]; step++)
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.click(document.activeElement as HTMLElement);
    expect(screen.getByTestId('where').textContent).toBe('/p/2');
  });

  test('the input is cut to 30 characters; Enter opens all results', async () => {
    renderWith(<SearchBox />);
    type('x'.repeat(40));
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    expect(box.value).toHaveLength(30);
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    expect(screen.getByTestId('where').textContent).toBe(`/pcview/search/${'x'.repeat(30)}`);
  });
});

describe('the file result page', { timeout: 20_000 }, () => {
  test('a failure without an answer body shows the server-error placeholder', async () => {
    handlers['/xfisearch/v1/me/base/search/files'] = () => new Response(null, { status: 502 });
    renderWith(
      <SearchListPage kind="file" />,
      '/pcview/drive/search/file/plan',
      '/pcview/:area/search/file/:keyword?',
    );
    expect(await screen.findByText('Server error')).toBeTruthy();
    // and "server busy" for 1.5 s (spec 001 §8)
    expect(
      await screen.findByText('The server is busy. Please try again later.', { exact: false }),
    ).toBeTruthy();
  });

  test('hits with marked names and snippets; load more asks from result.offset', async () => {
    const offsets: string[] = [];
    handlers['/xfisearch/v1/me/base/search/files'] = (url) => {
      offsets.push(url.searchParams.get('offset') ?? '');
      const first = url.searchParams.get('offset') === '0';
      const page = first ? [hit(1, 'Plan A.docx')] : [hit(2, 'Plan B.docx')];
      page[0].search = {
        match: 'content',
        name_ranges: [[0, 4]],
        snippet: '…the plan for 2026…',
        snippet_ranges: [[5, 9]],
      };
      return json(200, {
        files: page,
        more: first,
        offset: 0,
        count: 50,
        result: { offset: first ? 50 : 51, part_offset: first ? 50 : 1 },
      });
    };
    renderWith(
      <SearchListPage kind="file" />,
      '/pcview/drive/search/file/plan',
      '/pcview/:area/search/file/:keyword?',
    );
    await screen.findByText('A.docx', { exact: false });
    expect([...document.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Plan', 'plan']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('B.docx', { exact: false });
    expect(offsets).toEqual(['0', '50']);
    expect(await screen.findByText('No more results')).toBeTruthy();
  });
});
