import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { lazyWarmed, warmLazyParts } from './lazyWarmed';

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
});
