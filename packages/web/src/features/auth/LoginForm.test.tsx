import { DEFAULT_SETTINGS, errorText } from '@cirrus/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { LoginForm } from './LoginForm';

let logins: unknown[];
let loginAnswer: () => Response;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  logins = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const { pathname } = new URL(input);
      if (pathname === '/portal/v1/companies/encrypted_settings') {
        return json(200, { settings: { ...DEFAULT_SETTINGS, account_suffix: '@example.com' } });
      }
      if (pathname === '/p/login') {
        logins.push(JSON.parse(String(init.body)));
        return loginAnswer();
      }
      return json(404, { result: 'notFound', msg: '' });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function logIn(account: string, password: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
  await screen.findByText('@example.com'); // the suffix addon, once the settings are in
  fireEvent.change(screen.getByPlaceholderText('Email, phone or user name'), { target: { value: account } });
  fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

test.each([
  ['li.wei', 'li.wei@example.com'],
  ['li.wei@other.example', 'li.wei@other.example'],
  ['13800000000', '13800000000'],
])('account %s is sent as %s (account suffix, spec 000 §6)', async (typed, sent) => {
  loginAnswer = () => json(400, { result: 'wrongPassword', msg: '' });
  await logIn(typed, 'secret');
  await waitFor(() => expect(logins).toEqual([{ account: sent, password: 'secret' }]));
});

test('a wrong password shows the catalogue text', async () => {
  loginAnswer = () => json(400, { result: 'wrongPassword', msg: 'x' });
  await logIn('li.wei', 'secret');
  expect(await screen.findByText(errorText('wrongPassword', 'en'))).toBeTruthy();
});

test('throttled: the catalogue text, and the button waits out retry_after', async () => {
  loginAnswer = () => json(429, { result: 'apiRateLimitExceede', msg: 'x', debug: { retry_after: 30 } });
  await logIn('li.wei', 'secret');
  expect(await screen.findByText(errorText('apiRateLimitExceede', 'en'))).toBeTruthy();
  const button = await screen.findByRole('button', { name: /Try again in (30|29) s/ });
  expect(button.hasAttribute('disabled')).toBe(true);
});

test('a must-change answer shows the change step; the new password is saved with the token, then login goes on', async () => {
  const sent: { path: string; body: unknown }[] = [];
  let loginCount = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const { pathname } = new URL(input);
      if (pathname === '/portal/v1/companies/encrypted_settings') {
        return json(200, { settings: { ...DEFAULT_SETTINGS, allow_signup: true } });
      }
      sent.push({ path: pathname, body: JSON.parse(String(init.body)) });
      if (pathname === '/p/login') {
        loginCount++;
        return loginCount === 1
          ? json(200, { must_change_password: true, token: 'tok', reason: 'temporary', expires_in: 1800 })
          : json(200, { user: { id: 1 }, csrf_token: 'c' });
      }
      if (pathname === '/p/user/password') return new Response(null, { status: 204 });
      return json(404, { result: 'notFound', msg: '' });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntdApp>
        <MemoryRouter>
          <LoginForm />
        </MemoryRouter>
      </AntdApp>
    </QueryClientProvider>,
  );
  expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/cts/forgot');
  fireEvent.change(screen.getByPlaceholderText('Email, phone or user name'), { target: { value: 'li.wei' } });
  fireEvent.change(screen.getByPlaceholderText('Password'), { target: { value: 'Temp-Pass-1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText(/temporary password/)).toBeTruthy();
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Mine-Now-2026' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Mine-Now-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
  await waitFor(() => expect(loginCount).toBe(2));
  expect(sent).toEqual([
    { path: '/p/login', body: { account: 'li.wei', password: 'Temp-Pass-1234' } },
    {
      path: '/p/user/password',
      body: { token: 'tok', old_password: 'Temp-Pass-1234', new_password: 'Mine-Now-2026' },
    },
    { path: '/p/login', body: { account: 'li.wei', password: 'Mine-Now-2026' } },
  ]);
});
