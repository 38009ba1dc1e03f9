import { errorText } from '@cirrus/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { briefOf, json, makeSelf, renderInApp, stubApi } from './test-utils';
import { UserCard } from './UserCard';

afterEach(() => vi.unstubAllGlobals());

/** Enter as a keyboard sends it: down, then up (antd's input waits for the key to come up before the next). */
function pressEnter(element: HTMLElement) {
  fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', charCode: 13 });
  fireEvent.keyUp(element, { key: 'Enter', code: 'Enter', charCode: 13 });
}

const self = makeSelf();

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET /u/v1/companies/self/users/${self.id}/brief`]: () => json(200, briefOf(self)),
    'GET /api/v3/spaces': () => json(200, { total: 10 * 1024 ** 3, used: 1024 ** 3 }),
    ...extra,
  });
}

async function editPhone(value: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Phone' }));
  const input = screen.getByRole('textbox', { name: 'Phone' });
  fireEvent.change(input, { target: { value } });
  pressEnter(input);
  return input;
}

test('the phone is checked by the shared rule first, then a code goes to it and binds it', async () => {
  const calls = api({
    'POST /p/bind/code': () =>
      json(200, { type: 'phone', value: '13912345678', expires_in: 600, resend_in: 60 }),
    'PATCH /v1/users/self': () => json(200, { ...self, phone_number: '13912345678' }),
  });
  renderInApp(<UserCard userId={self.id} />, { self });
  await editPhone('12345');
  expect(await screen.findByText('A phone number must be 11 to 20 characters long.')).toBeTruthy();
  expect(calls.some((c) => c.path === '/p/bind/code')).toBe(false);

  const input = screen.getByRole('textbox', { name: 'Phone' });
  fireEvent.change(input, { target: { value: '13912345678' } });
  pressEnter(input);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(/We sent a verification code to 13912345678/)).toBeTruthy();
  fireEvent.change(within(dialog).getByLabelText('Verification code'), { target: { value: '123456' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      phone_number: '13912345678',
      code: '123456',
    }),
  );
});

test('a server error stays under the field', async () => {
  api({ 'POST /p/bind/code': () => json(409, { result: 'PhoneAlreadyInUsed', msg: 'x' }) });
  renderInApp(<UserCard userId={self.id} />, { self });
  await editPhone('13912345678');
  expect(await screen.findByText(errorText('PhoneAlreadyInUsed', 'en'))).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Phone' })).toBeTruthy();
});

test('an unchanged value is not saved; Esc cancels', async () => {
  const calls = api();
  renderInApp(<UserCard userId={self.id} />, { self });
  const input = await editPhone(self.phone_number);
  await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone' })).toBeNull());
  expect(input).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Edit Address' }));
  const address = screen.getByRole('textbox', { name: 'Address' });
  fireEvent.change(address, { target: { value: 'Somewhere' } });
  fireEvent.keyDown(address, { key: 'Escape' });
  expect(screen.queryByRole('textbox', { name: 'Address' })).toBeNull();
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
});

test('the address saves on Enter and the profile reloads', async () => {
  const calls = api({ 'PATCH /v1/users/self': () => json(200, { ...self, address: 'Room 1' }) });
  renderInApp(<UserCard userId={self.id} />, { self });
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Address' }));
  const address = screen.getByRole('textbox', { name: 'Address' });
  fireEvent.change(address, { target: { value: 'a/b' } });
  pressEnter(address);
  expect(await screen.findByText(errorText('address_err', 'en'))).toBeTruthy();
  fireEvent.change(address, { target: { value: ' Room 1 ' } });
  pressEnter(address);
  await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ address: 'Room 1' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.path === `/u/v1/companies/self/users/${self.id}/brief`).length).toBe(2),
  );
});

test("another user's card: no edit, a favourite star; a missing user shows unknown user", async () => {
  const other = makeSelf({ id: 40, userid: 40, nick_name: 'Wang Fang' });
  const calls = stubApi({
    'GET /u/v1/companies/self/users/40/brief': () => json(200, briefOf(other)),
    'GET /api/v3/spaces': () => json(200, { total: 0, used: 0 }),
    'POST /v1/users/self/favorites/4': () => json(201, { type: 4, entity_id: 40, created_at: 1 }),
    'GET /u/v1/companies/self/users/41/brief': () => json(404, { result: 'userNotExist', msg: 'x' }),
  });
  const { unmount } = renderInApp(<UserCard userId={40} />, { self });
  expect(await screen.findByText('Wang Fang')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  expect(screen.queryByRole('button', { name: /Change password/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Add to favourites' }));
  await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ entity_id: 40 }));
  unmount();

  renderInApp(<UserCard userId={41} />, { self });
  expect(await screen.findByText('Unknown user')).toBeTruthy();
  expect(screen.getByText(errorText('userNotExist', 'en'))).toBeTruthy();
});

test('no change-password button for a synced account or with an external logout address', async () => {
  const synced = { ...self, source: 'sync' as const };
  stubApi({
    [`GET /u/v1/companies/self/users/${self.id}/brief`]: () => json(200, briefOf(synced)),
    'GET /api/v3/spaces': () => json(200, { total: 0, used: 0 }),
  });
  const first = renderInApp(<UserCard userId={self.id} />, { self: synced });
  expect(await screen.findByText(/Synced from the company directory/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Change password/ })).toBeNull();
  first.unmount();
  vi.unstubAllGlobals();
  api();
  renderInApp(<UserCard userId={self.id} />, {
    self,
    settings: { logout_url: 'https://sso.example.com/logout' },
  });
  expect(await screen.findByText('Engineer')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Change password/ })).toBeNull();
});

test("the viewer's cloud space shows on their own card only, never on someone else's", async () => {
  const other = makeSelf({ id: 40, userid: 40, nick_name: 'Wang Fang' });
  const calls = stubApi({
    [`GET /u/v1/companies/self/users/${self.id}/brief`]: () => json(200, briefOf(self)),
    'GET /u/v1/companies/self/users/40/brief': () => json(200, briefOf(other)),
    'GET /api/v3/spaces': () => json(200, { total: 10 * 1024 ** 3, used: 1024 ** 3 }),
  });
  const mine = renderInApp(<UserCard userId={self.id} />, { self });
  expect(await screen.findByText('My cloud space')).toBeTruthy();
  expect(screen.getByText(/1.00 GB of 10.00 GB used/)).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Cloud space used' }).getAttribute('aria-valuenow')).toBe(
    '10',
  );
  mine.unmount();
  calls.length = 0;

  renderInApp(<UserCard userId={40} />, { self });
  expect(await screen.findByText('Wang Fang')).toBeTruthy();
  expect(screen.queryByText('My cloud space')).toBeNull();
  expect(screen.queryByText(/of 10.00 GB/)).toBeNull();
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(calls.some((c) => c.path === '/api/v3/spaces')).toBe(false);
});
