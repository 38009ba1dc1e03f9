// W7: 16 uploads of 100 MiB at once.
import { largeBody } from '../lib/data.mjs';
import {
  eachTarget,
  indexingTargets,
  measureRow,
  passAtLeast,
  passBelow,
  ratio,
  target,
} from '../lib/measure.mjs';
import { fmt } from '../lib/stats.mjs';

export const id = 'W7';
const AT_ONCE = 16;

export async function run(ctx) {
  const size = ctx.sizes.medium;
  let errors = 0;
  const results = await eachTarget(
    ctx.targets,
    ctx.runs,
    async (t, run, dir) => {
      const started = performance.now();
      const settled = await Promise.allSettled(
        Array.from({ length: AT_ONCE }, (_, i) =>
          t.put(dir, `medium-${i}.bin`, largeBody(`w7-${t.name}-${run}-${i}`, size)),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      const failed = settled.filter((s) => s.status === 'rejected');
      if (failed.length) {
        errors += failed.length;
        ctx.log(`  W7 ${t.name}: ${failed.length} failed, first: ${failed[0].reason?.message}`);
      }
      return ((AT_ONCE - failed.length) * size) / 2 ** 20 / seconds;
    },
    {
      until: ctx.until,
      dropCaches: true,
      before: (t, run) => t.mkdir(`w7-run-${run}`),
      after: async (t, _run, dir) => {
        if (t.remove) await t.remove(dir);
      },
    },
  );
  const row = measureRow(
    id,
    `${AT_ONCE} concurrent uploads of ${fmt(size / 2 ** 20)} MiB, aggregate`,
    'MiB/s',
    results,
  );
  const rss = row.servers.cirrus.rss;
  return {
    rows: [row],
    targets: [
      target(id, 'zero errors', `${errors} errors`, errors === 0),
      target(
        id,
        'aggregate >= 0.7 x nginx',
        ratio(row, 'cirrus', 'nginx'),
        passAtLeast(ratio(row, 'cirrus', 'nginx'), 0.7),
      ),
      target(id, 'server RSS < 300 MB', `${fmt(rss)} MB`, passBelow(rss, 300)),
      ...indexingTargets(id, row),
    ],
  };
}
