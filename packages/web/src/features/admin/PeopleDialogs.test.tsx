import { MODAL_CANCEL_GUARD_MS } from '@cirrus/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { json, renderInApp, stubApi } from '../profile/test-utils';
import { UserFormDialog } from './PeopleDialogs';

afterEach(() => vi.unstubAllGlobals());

const RULE = '2–32 letters, digits, dot, dash or underscore; not only digits';

function openNewPerson() {
  const calls = stubApi({});
  renderInApp(<UserFormDialog open deptOptions={[]} onClose={() => {}} onCreated={() => {}} />);
  const dialog = screen.getByRole('dialog');
  return { calls, dialog };
}

/** The texts under a field: its red message(s) and its grey hint. */
function under(dialog: HTMLElement, label: string) {
  const item = within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return {
    errors: [...item.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent),
    extra: item.querySelector('.ant-form-item-extra')?.textContent ?? null,
    required: item.querySelector('.ant-form-item-required') !== null,
  };
}

// antd validates in steps; on a busy machine the messages take longer than waitFor's 1 s to settle.
const SETTLED = { timeout: 5_000 };

test('an empty new person: one message per field, and both required fields are marked', async () => {
  const { calls, dialog } = openNewPerson();
  expect(under(dialog, 'Account')).toMatchObject({ extra: RULE, required: true });
  expect(under(dialog, 'Name').required).toBe(true);
  await new Promise((r) => setTimeout(r, MODAL_CANCEL_GUARD_MS));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(under(dialog, 'Account').errors).toEqual(['Required']), SETTLED);
  expect(under(dialog, 'Account').extra).toBeNull();
  await waitFor(() => expect(under(dialog, 'Name').errors).toEqual(['Required']), SETTLED);
  expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

  // A wrong account: the rule once, in red, and no grey copy of it.
  fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: '12345' } });
  await waitFor(() => expect(under(dialog, 'Account').errors).toEqual([RULE]), SETTLED);
  expect(under(dialog, 'Account').extra).toBeNull();
  expect(within(dialog).getAllByText(RULE)).toHaveLength(1);

  // Fixed: the message goes and the hint is back.
  fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: 'new.person' } });
  await waitFor(() => expect(under(dialog, 'Account').errors).toEqual([]), SETTLED);
  await waitFor(() => expect(under(dialog, 'Account').extra).toBe(RULE), SETTLED);
}, 20_000); // antd's form is slow to render in jsdom on a busy machine

test('a personal space typed as a number and a unit is sent in bytes', async () => {
  const calls = stubApi({ 'POST /admin/v1/users': () => json(201, { user: {}, temporary_password: 'x' }) });
  renderInApp(<UserFormDialog open deptOptions={[]} onClose={() => {}} onCreated={() => {}} />);
  const dialog = screen.getByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: 'new.person' } });
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'New Person' } });
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Personal space' }), {
    target: { value: '500' },
  });
  // GB at first; MB picked.
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Personal space unit' }));
  const mb = document.querySelector('.ant-select-item-option[title="MB"]');
  if (!mb) throw new Error('no MB option');
  fireEvent.click(mb);
  await new Promise((r) => setTimeout(r, MODAL_CANCEL_GUARD_MS));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ quota: 500 * 1024 ** 2 }),
  );
}, 20_000);
