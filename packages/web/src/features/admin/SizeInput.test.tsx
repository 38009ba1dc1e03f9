import { GIB } from '@cirrus/shared';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { renderInApp } from '../profile/test-utils';
import { SizeInput } from './SizeInput';

/** The field as a page holds it: bytes in, bytes out. */
function Holder({ initial, onBytes }: { initial: number | null; onBytes: (bytes: number | null) => void }) {
  const [bytes, setBytes] = useState(initial);
  return (
    <>
      <SizeInput
        aria-label="max_file_size"
        value={bytes}
        onChange={(b) => {
          setBytes(b);
          onBytes(b);
        }}
      />
      <button type="button" onClick={() => setBytes(104857600)}>
        Use the default
      </button>
    </>
  );
}

/** Opens the unit picker and clicks a unit (antd's options are the items with a title). */
function pickUnit(unit: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'max_file_size unit' }));
  const option = document.querySelector(`.ant-select-item-option[title="${unit}"]`);
  if (!option) throw new Error(`no ${unit} option`);
  fireEvent.click(option);
}

test('bytes show in their unit; a number and a unit typed go back in bytes', () => {
  const onBytes = vi.fn();
  renderInApp(<Holder initial={104857600} onBytes={onBytes} />);
  const amount = screen.getByRole('spinbutton', { name: 'max_file_size' });
  expect(amount).toHaveProperty('value', '100');
  expect(screen.getByTitle('MB')).toBeTruthy();

  fireEvent.change(amount, { target: { value: '2' } });
  expect(onBytes).toHaveBeenLastCalledWith(2 * 1024 ** 2);
  pickUnit('GB');
  expect(onBytes).toHaveBeenLastCalledWith(2 * GIB);
  // The unit picked stays while the amount changes (2048 GB is not turned into 2 TB under the cursor).
  fireEvent.change(amount, { target: { value: '2048' } });
  expect(onBytes).toHaveBeenLastCalledWith(2048 * GIB);
  expect(amount).toHaveProperty('value', '2048');

  fireEvent.change(amount, { target: { value: '' } });
  expect(onBytes).toHaveBeenLastCalledWith(null);
});

test('a value set from outside (the default again) shows in its own unit', () => {
  renderInApp(<Holder initial={3 * 1024 ** 4} onBytes={() => {}} />);
  const amount = screen.getByRole('spinbutton', { name: 'max_file_size' });
  expect(amount).toHaveProperty('value', '3');
  expect(screen.getByTitle('TB')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Use the default' }));
  expect(amount).toHaveProperty('value', '100');
  expect(screen.getByTitle('MB')).toBeTruthy();
});
