import { MODAL_CANCEL_GUARD_MS } from '@cirrus/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GuardedModal } from './GuardedModal';

function renderModal(open = true) {
  const onCancel = vi.fn();
  const view = render(
    <GuardedModal open={open} onCancel={onCancel} title="Dialog">
      content
    </GuardedModal>,
  );
  const rerender = (nextOpen: boolean) =>
    view.rerender(
      <GuardedModal open={nextOpen} onCancel={onCancel} title="Dialog">
        content
      </GuardedModal>,
    );
  return { onCancel, rerender };
}

const pressCancel = () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('GuardedModal (spec 000 §2: a cancel within 500 ms of opening is ignored)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('ignores the Cancel button right after opening', () => {
    const { onCancel } = renderModal();
    pressCancel();
    wait(MODAL_CANCEL_GUARD_MS - 1);
    pressCancel();
    expect(onCancel).not.toHaveBeenCalled();
  });

  test('passes a cancel on once the guard time has passed', () => {
    const { onCancel } = renderModal();
    wait(MODAL_CANCEL_GUARD_MS);
    pressCancel();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  test('guards the close button and the Esc key the same way', () => {
    const { onCancel } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();

    wait(MODAL_CANCEL_GUARD_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  test('starts the guard again each time the dialog opens', () => {
    const { onCancel, rerender } = renderModal(false);
    wait(5000);
    rerender(true);
    pressCancel();
    expect(onCancel).not.toHaveBeenCalled();
    wait(MODAL_CANCEL_GUARD_MS);
    pressCancel();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
