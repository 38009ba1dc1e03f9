// W1: one large file uploaded through our upload transaction (tus) vs a plain PUT to the references.
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

export const id = 'W1';

export async function run(ctx) {
  const size = ctx.sizes.large;
  const MiB = size / 2 ** 20;
  const dirs = new Map();
  for (const t of ctx.targets) dirs.set(t.name, await t.mkdir('w1'));
  const newest = new Map();
  const results = await eachTarget(
    ctx.targets,
    ctx.runs,
    async (t, run) => {
      const started = performance.now();
      const file = await t.put(dirs.get(t.name), `large-${run}.bin`, largeBody(`w1-${t.name}-${run}`, size));
      const seconds = (performance.now() - started) / 1000;
      newest.set(t.name, file);
      return MiB / seconds;
    },
    {
      until: ctx.until,
      dropCaches: true,
      // The references keep only their newest file (disk space). Ours keeps its blobs until the
      // blob collector runs, as in production.
      before: async (t) => {
        if (t.remove && newest.has(t.name)) await t.remove(newest.get(t.name));
      },
    },
  );
  // The newest file of each target is what W2 downloads.
  ctx.state.largeFiles = newest;
  const row = measureRow(id, `upload one ${fmt(MiB)} MiB file`, 'MiB/s', results);
  const rss = row.servers.cirrus.rss;
  return {
    rows: [row],
    targets: [
      target(
        id,
        'upload >= 0.8 x nginx',
        ratio(row, 'cirrus', 'nginx'),
        passAtLeast(ratio(row, 'cirrus', 'nginx'), 0.8),
      ),
      target(
        id,
        'upload >= 1.0 x rclone',
        ratio(row, 'cirrus', 'rclone'),
        passAtLeast(ratio(row, 'cirrus', 'rclone'), 1),
      ),
      target(id, 'server RSS < 200 MB', `${fmt(rss)} MB`, passBelow(rss, 200)),
      ...indexingTargets(id, row),
    ],
  };
}
