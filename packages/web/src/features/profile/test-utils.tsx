import {
  DEFAULT_SETTINGS,
  type FileRecord,
  type SelfUser,
  type Settings,
  type UserBrief,
} from '@cirrus/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { authKeys } from '../auth/queries';
import { settingsKeys } from '../settings/queries';

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function makeSelf(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 12,
    userid: 12,
    unique_name: 'li.wei',
    nick_name: 'Li Wei',
    email: 'li.wei@example.com',
    phone_number: '13800000000',
    address: '',
    sex: 0,
    avatar: '',
    pinyin: 'liwei',
    source: 'local',
    vip_level: 0,
    role: [],
    is_company_admin: false,
    must_change_password: false,
    companyid: 1,
    company: { companyid: 1, adminid: 1, name: 'Example Co.' },
    company_member: { employee_id: 'E12', title: 'Engineer', ext_phone_number: '', main_dept_id: 3 },
    depts: [{ id: 3, display_name: 'Web', display_path_name: 'Example Co./R&D/Web', path_name: '1/2/3' }],
    ...overrides,
  };
}

/** A file as the drive's lists answer it: a picture in a team space unless told otherwise. */
export function makeFile(overrides: Partial<FileRecord> = {}): FileRecord {
  const fileid = overrides.fileid ?? overrides.id ?? 31;
  const fname = overrides.fname ?? 'photo.png';
  return {
    fileid,
    id: fileid,
    fname,
    name: fname,
    extname: fname.includes('.') ? (fname.split('.').pop() ?? '') : '',
    ftype: 'file',
    fsize: 120_000,
    size: 120_000,
    fver: 1,
    fsha: 'c'.repeat(40),
    mtime: 1_700_000_000,
    ctime: 1_700_000_000,
    groupid: 40,
    teamid: 40,
    parentid: 0,
    path: `/${fname}`,
    file_src: 'Design',
    file_src_type: 'group',
    openType: null,
    isCoDoc: false,
    labels: [],
    user_acl: 4095,
    user_role: 'member',
    creator: { id: 12, name: 'Li Wei' },
    modifier: { id: 12, name: 'Li Wei' },
    secret_label: 0,
    secure_guid: '',
    safeFile: false,
    link: null,
    ...overrides,
  };
}

export function briefOf(user: SelfUser, isFavorite = false): UserBrief {
  const {
    role: _r,
    is_company_admin: _a,
    must_change_password: _m,
    companyid: _c,
    company: _co,
    vip_level: _v,
    ...rest
  } = user;
  return { ...rest, is_favorite: isFavorite };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch with a handler per "METHOD /path"; unknown calls answer 404. Answers the calls made,
 * so a test can check what was sent.
 */
export function stubApi(handlers: Record<string, (body: unknown) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const { pathname } = new URL(input);
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ method, path: pathname, body });
      const handler = handlers[`${method} ${pathname}`];
      return handler ? handler(body) : json(404, { result: 'notFound', msg: '' });
    }),
  );
  return calls;
}

/** Renders inside the app's providers with a logged-in user and settings already known. */
export function renderInApp(
  ui: ReactNode,
  { self = makeSelf(), settings = {} }: { self?: SelfUser; settings?: Partial<Settings> } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.self(), self);
  client.setQueryData(settingsKeys.all, { settings: { ...DEFAULT_SETTINGS, ...settings } });
  return render(
    <QueryClientProvider client={client}>
      <AntdApp>
        <MemoryRouter>{ui}</MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
}
