import { fireEvent, render, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { expect, test, vi } from 'vitest';
import { InlineEdit } from './InlineEdit';

function renderInDialog(multiline = false) {
  const onCancel = vi.fn();
  const onSave = vi.fn(() => Promise.resolve());
  render(
    <Modal open title="Team details" onCancel={onCancel} footer={null}>
      <InlineEdit label="Team name" value="Design" editable multiline={multiline} onSave={onSave} />
    </Modal>,
  );
  return { onCancel, onSave };
}

test.each([false, true])(
  'Esc cancels the edit only, not the dialog around it (multiline %s)',
  (multiline) => {
    const { onCancel, onSave } = renderInDialog(multiline);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Team name' }));
    const input = screen.getByRole('textbox', { name: 'Team name' });
    fireEvent.change(input, { target: { value: 'Something else' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Team name' })).toBeNull();
    expect(screen.getByText('Design')).toBeTruthy();
    expect(onCancel).not.toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  },
);

test('Esc outside an edit still closes the dialog', () => {
  const { onCancel } = renderInDialog();
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  expect(onCancel).toHaveBeenCalledTimes(1);
});
