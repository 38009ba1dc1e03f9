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

  test('a render still waiting when its only asker goes away does not run', async () => {
    const queue = createRenderQueue(1);
    const busy = gate();
    const first = queue.run('a:thumb', () => busy.opened.then(() => 'a'));
    const left = new AbortController();
    let ran = false;
    const gone = queue.run(
      'b:thumb',
      async () => {
        ran = true;
        return 'b';
      },
      left.signal,
    );
    await tick();
    expect(queue.stats()).toMatchObject({ active: 1, waiting: 1 });

    left.abort();
    await expect(gone).rejects.toMatchObject({ name: 'AbortError' });
    expect(queue.stats()).toMatchObject({ waiting: 0, dropped: 1 });
    busy.open();
    expect(await first).toBe('a');
    await tick();
    expect(ran).toBe(false);
    expect(queue.stats()).toMatchObject({ started: 1, active: 0, waiting: 0 });
    // Asked again later, it is made.
    expect(await queue.run('b:thumb', async () => 'b again')).toBe('b again');
  });

  test('a waiting render runs while anyone who asked for it is still there', async () => {
    const queue = createRenderQueue(1);
    const busy = gate();
    const first = queue.run('a:thumb', () => busy.opened.then(() => 'a'));
    let runs = 0;
    const task = async () => {
      runs++;
      return 'b';
    };
    const [one, two, three] = [new AbortController(), new AbortController(), new AbortController()];
    const left = queue.run('b:thumb', task, one.signal);
    const stays = queue.run('b:thumb', task, two.signal);
    const patient = queue.run('c:thumb', task);
    const alsoLeft = queue.run('c:thumb', task, three.signal);
    one.abort();
    three.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    await expect(alsoLeft).rejects.toMatchObject({ name: 'AbortError' });
    busy.open();
    expect(await Promise.all([first, stays, patient])).toEqual(['a', 'b', 'b']);
    expect(runs).toBe(2);
    expect(queue.stats()).toMatchObject({ started: 3, dropped: 0 });
  });

  test('a render that has started finishes when its asker goes (its picture is kept for the next)', async () => {
    const queue = createRenderQueue(1);
    const g = gate();
    let finished = false;
    const left = new AbortController();
    const gone = queue.run(
      'a:thumb',
      async () => {
        await g.opened;
        finished = true;
        return 'a';
      },
      left.signal,
    );
    await tick();
    left.abort();
    await expect(gone).rejects.toMatchObject({ name: 'AbortError' });
    g.open();
    await tick();
    expect(finished).toBe(true);
    expect(queue.stats()).toMatchObject({ started: 1, active: 0, dropped: 0 });
    // An asker already gone is not queued at all.
    await expect(queue.run('b:thumb', async () => 'b', left.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(queue.stats()).toMatchObject({ started: 1, waiting: 0 });
  });
});
