import { errorText } from '@cirrus/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { json, renderInApp, stubApi } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function okButton() {
  return within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' });
}

async function fillAll(old = 'Old-Pass-1', next = 'New-Pass-22') {
  fill('Current password', old);
  fill('New password', next);
  fill('Confirm new password', next);
  await waitFor(() => expect(okButton().hasAttribute('disabled')).toBe(false));
}

test('OK is disabled until all three are filled and none shows an error', async () => {
  stubApi({});
  renderInApp(<ChangePasswordDialog open onClose={() => {}} />);
  expect(okButton().hasAttribute('disabled')).toBe(true);
  fill('Current password', 'Old-Pass-1');
  fill('New password', 'weak');
  fill('Confirm new password', 'weak');
  expect(await screen.findByText('Use 8 to 16 characters.')).toBeTruthy();
  expect(okButton().hasAttribute('disabled')).toBe(true);
  fill('New password', 'New-Pass-22');
  fill('Confirm new password', 'New-Pass-23');
  expect(await screen.findByText(errorText('confirmPassword', 'en'))).toBeTruthy();
  expect(okButton().hasAttribute('disabled')).toBe(true);
  fill('Confirm new password', 'New-Pass-22');
  await waitFor(() => expect(okButton().hasAttribute('disabled')).toBe(false));
});

test('wrongPassword clears the old field and shows the error', async () => {
  const calls = stubApi({
    'PUT /p/user/me/password': () => json(400, { result: 'wrongPassword', msg: 'x' }),
  });
  renderInApp(<ChangePasswordDialog open onClose={() => {}} />);
  await fillAll();
  fireEvent.click(okButton());
  expect(await screen.findByText(errorText('wrongPassword', 'en'))).toBeTruthy();
  expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('New-Pass-22');
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
    old_password: 'Old-Pass-1',
    new_password: 'New-Pass-22',
  });
});

test('PasswordWeak clears the new and confirm fields', async () => {
  stubApi({ 'PUT /p/user/me/password': () => json(400, { result: 'PasswordWeak', msg: 'x' }) });
  renderInApp(<ChangePasswordDialog open onClose={() => {}} />);
  await fillAll();
  fireEvent.click(okButton());
  expect(await screen.findByText(errorText('PasswordWeak', 'en'))).toBeTruthy();
  expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  expect((screen.getByLabelText('Confirm new password') as HTMLInputElement).value).toBe('');
  expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('Old-Pass-1');
});

test('success closes the dialog and says so', async () => {
  stubApi({ 'PUT /p/user/me/password': () => json(204) });
  const onClose = vi.fn();
  renderInApp(<ChangePasswordDialog open onClose={onClose} />);
  await fillAll();
  fireEvent.click(okButton());
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(await screen.findByText('Password changed')).toBeTruthy();
});

test('a private deployment checks its own rule and shows its tip', async () => {
  stubApi({});
  renderInApp(<ChangePasswordDialog open onClose={() => {}} />, {
    settings: {
      IS_PRIVATIZATION: true,
      private_password_rule: { length_lowerbound: 10, length_upperbound: 30, type: ['digit', 'symbol'] },
    },
  });
  const tip = 'The password must be 10–30 characters long and must contain digits and symbols.';
  expect(screen.getAllByText(tip).length).toBeGreaterThan(0);
  fill('New password', 'abcdefghij1');
  await waitFor(() => expect(screen.getAllByText(tip).length).toBe(2));
});
