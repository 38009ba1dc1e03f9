import { errorText, type FileRecord, MODAL_CANCEL_GUARD_MS, NAME_MAX } from '@cirrus/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { describe, expect, test, vi } from 'vitest';
import { NameDialog, type NameMode, nameState } from './NameDialog';

const file = (fname: string, ftype: FileRecord['ftype'] = 'file') => ({ id: 7, fname, ftype }) as FileRecord;
const rename = (fname: string, ftype?: FileRecord['ftype']): NameMode => ({
  kind: 'rename',
  file: file(fname, ftype),
});

describe('nameState: the rule behind the dialog button (spec 001 §5)', () => {
  test.each([
    ['report', false, true, 'an unchanged name'],
    ['  report ', false, true, 'the same name with spaces around it'],
    ['report 2', true, false, 'a new name'],
    ['', false, false, 'an empty name'],
    ['a/b', false, false, 'an illegal character'],
    ['.hidden', false, false, 'a leading dot'],
  ])('renaming report.docx to "%s" -> enabled %s (unchanged %s): %s', (input, enabled, unchanged) => {
    const state = nameState(rename('report.docx'), input);
    expect(state.canSubmit).toBe(enabled);
    expect(state.unchanged).toBe(unchanged);
  });

  test('the saved name is trimmed and keeps the extension', () => {
    expect(nameState(rename('report.docx'), '  plan ').fullName).toBe('plan.docx');
    expect(nameState({ kind: 'file', ext: 'xlsx' }, 'budget').fullName).toBe('budget.xlsx');
    expect(nameState(rename('Photos', 'folder'), 'Pictures').fullName).toBe('Pictures');
  });

  test('a name typed with its extension does not get it twice', () => {
    expect(nameState(rename('notes.txt'), 'meeting-notes.txt').fullName).toBe('meeting-notes.txt');
    expect(nameState(rename('notes.txt'), 'meeting-notes.TXT').fullName).toBe('meeting-notes.TXT');
    expect(nameState({ kind: 'file', ext: 'docx' }, 'plan.docx').fullName).toBe('plan.docx');
    // the whole original name typed again is no change
    expect(nameState(rename('notes.txt'), 'notes.txt').unchanged).toBe(true);
    // the suffix's length rule applies to the name without the extension typed
    expect(nameState(rename('notes.txt'), `${'x'.repeat(NAME_MAX - 4)}.txt`).error).toBeUndefined();
  });

  test.each([
    ['empty', '', 'fileNameEmpty'],
    ['a colon', 'a:b', 'illegalFname'],
    ['a leading dot', '.env', 'illegalDotFname'],
    // spec 001 §5: 249 less the extension and its dot, so the saved name has at most 249
    ['245 characters', 'x'.repeat(NAME_MAX - 4), 'fileNameLengthExceed'],
    ['244 characters', 'x'.repeat(NAME_MAX - 5), undefined],
  ])('a new docx named with %s gives %s', (_what, input, key) => {
    expect(nameState({ kind: 'file', ext: 'docx' }, input).error).toBe(key);
  });

  test('a folder may use the whole 249 characters', () => {
    expect(nameState({ kind: 'folder' }, 'x'.repeat(NAME_MAX)).error).toBeUndefined();
    expect(nameState({ kind: 'folder' }, 'x'.repeat(NAME_MAX + 1)).error).toBe('fileNameLengthExceed');
  });
});

function renderDialog(mode: NameMode) {
  const onSubmit = vi.fn(async () => undefined);
  const onClose = vi.fn();
  render(
    <AntdApp>
      <NameDialog open mode={mode} onSubmit={onSubmit} onClose={onClose} />
    </AntdApp>,
  );
  const input = screen.getByLabelText('Name') as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Rename' });
  return { input, button, onSubmit, onClose };
}

describe('the rename dialog', () => {
  test('takes keys at once: its name is focused and selected once the dialog has set up', async () => {
    const { input } = renderDialog(rename('report.docx'));
    // The focus waits for the dialog's own effects (its focus trap): a microtask.
    await act(async () => {});
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'report'.length]);
  });

  test('shows the base name with the extension as a suffix, and starts disabled', () => {
    const { input, button } = renderDialog(rename('report.docx'));
    expect(input.value).toBe('report');
    expect(screen.getByText('.docx')).toBeTruthy();
    expect(button).toHaveProperty('disabled', true);
  });

  test('enables Rename once the trimmed name differs, and checks each keystroke', async () => {
    const { input, button, onSubmit } = renderDialog(rename('report.docx'));
    fireEvent.change(input, { target: { value: 'report ' } });
    expect(button).toHaveProperty('disabled', true);

    fireEvent.change(input, { target: { value: 'rep|ort' } });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText(errorText('illegalFname', 'en'))).toBeTruthy();

    fireEvent.change(input, { target: { value: ' final ' } });
    expect(button).toHaveProperty('disabled', false);
    await act(async () => fireEvent.click(button));
    expect(onSubmit).toHaveBeenCalledWith('final.docx');
  });

  test('Enter with the unchanged name just closes', async () => {
    vi.useFakeTimers();
    try {
      const { input, onSubmit, onClose } = renderDialog(rename('report.docx'));
      act(() => vi.advanceTimersByTime(MODAL_CANCEL_GUARD_MS));
      await act(async () => fireEvent.submit(input.closest('form') as HTMLFormElement));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a refusal from the server shows under the input', async () => {
    const { input, button, onSubmit } = renderDialog(rename('report.docx'));
    onSubmit.mockRejectedValueOnce(new Error('boom'));
    fireEvent.change(input, { target: { value: 'other' } });
    await act(async () => fireEvent.click(button));
    expect(screen.getByText(errorText('serverException', 'en'))).toBeTruthy();
  });
});
