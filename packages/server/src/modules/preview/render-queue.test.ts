import { describe, expect, test } from 'vitest';
import { createRenderQueue } from './render-queue.ts';

/** A task that ends when told to, counting how many run at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('render queue', () => {
  test('one run per key: callers of a pending key share its result', async () => {
    const queue = createRenderQueue(2);
    const g = gate();
    let runs = 0;
    const task = async () => {
      runs++;
      await g.opened;
      return 'picture';
    };
    const answers = Promise.all([
      queue.run('a:thumb', task),
      queue.run('a:thumb', task),
      queue.run('a:thumb', task),
    ]);
    await tick();
    g.open();
    expect(await answers).toEqual(['picture', 'picture', 'picture']);
    expect(runs).toBe(1);
    // Done, the key is free again (the caller keeps the result elsewhere).
    await queue.run('a:thumb', task);
    expect(runs).toBe(2);
  });

  test('a failure reaches every caller of the run, and the next call runs again', async () => {
    const queue = createRenderQueue(1);
    const fail = async () => {
      throw new Error('invalidFile');
    };
    const [one, two] = await Promise.allSettled([queue.run('k', fail), queue.run('k', fail)]);
    expect(one.status).toBe('rejected');
    expect(two.status).toBe('rejected');
    expect(await queue.run('k', async () => 'ok')).toBe('ok');
  });

  test.each([1, 2, 4])('at most %i run at once; the others wait their turn in order', async (limit) => {
    const queue = createRenderQueue(limit);
    const gates = Array.from({ length: 10 }, gate);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const all = gates.map((g, i) =>
      queue.run(`file${i}`, async () => {
        order.push(i);
        running++;
        most = Math.max(most, running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await tick();
    expect(running).toBe(limit);
    expect(queue.stats()).toMatchObject({ active: limit, waiting: 10 - limit });
    for (const g of gates) {
      g.open();
      await tick();
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(limit);
    expect(queue.stats()).toMatchObject({ started: 10, peak: limit, active: 0, waiting: 0 });
  });
});
