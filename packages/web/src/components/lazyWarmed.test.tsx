import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { FocusedInput } from './FocusedInput';
import { lazyWarmed, warmLazyParts } from './lazyWarmed';

/** A dialog's field, as a part whose code comes late renders it. */
function NameField() {
  const [name, setName] = useState('');
  return <FocusedInput aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />;
}

const idle = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));

describe('lazyWarmed (a typed dialog whose code comes once the first screen is up)', () => {
  test('fetches the code when warmed, once, and renders from it at once, with no second fetch', async () => {
    const load = vi.fn(async () => ({ default: () => <p>warmed part</p> }));
    const Part = lazyWarmed(load);
    expect(load).not.toHaveBeenCalled();
    warmLazyParts();
    await idle();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    // At once, with no fallback between: keys typed into a dialog as it opens are not lost.
    expect(screen.getByText('warmed part')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a part declared after the warm-up is fetched at once; a failed fetch is tried again', async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return { default: () => <p>second try</p> };
    });
    const Part = lazyWarmed(load);
    await idle();
    expect(load).toHaveBeenCalledTimes(1);
    fail = false;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    expect(await screen.findByText('second try')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('keys typed while its code is still coming land in its field once it shows', async () => {
    let arrive: (part: { default: typeof NameField }) => void = () => {};
    const Part = lazyWarmed(
      () => new Promise<{ default: typeof NameField }>((resolve) => (arrive = resolve)),
    );
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    render(<Part />);
    // typed at the button that opened it: kept, and a space does not press the button again
    for (const key of 'ab c') expect(fireEvent.keyDown(opener, { key })).toBe(false);
    // a shortcut is left alone
    expect(fireEvent.keyDown(opener, { key: 'a', ctrlKey: true })).toBe(true);
    await act(async () => arrive({ default: NameField }));
    const field = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await act(() => Promise.resolve());
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('ab c');
    // what is typed after goes where it goes: nothing more is held
    expect(fireEvent.keyDown(opener, { key: 'x' })).toBe(true);
    opener.remove();
  });
});
