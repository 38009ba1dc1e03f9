// W3: many small files into one folder, 8 at a time.
import { smallBody } from '../lib/data.mjs';
import { pool } from '../lib/http.mjs';
import { eachTarget, indexingTargets, measureRow, passAtLeast, ratio, target } from '../lib/measure.mjs';
import { fmt } from '../lib/stats.mjs';

export const id = 'W3';
const AT_ONCE = 8;

export async function run(ctx) {
  const count = ctx.sizes.smallFiles;
  let errors = 0;
  let capped = 0;
  const made = [];
  const results = await eachTarget(
    ctx.targets,
    ctx.runs,
    async (t, run, dir) => {
      const started = performance.now();
      // A run is capped in time so that a slow server cannot take the whole budget; the rate is
      // then that of the files it did take.
      const { errors: failed, done } = await pool(
        count,
        AT_ONCE,
        (i) => t.put(dir, `small-${String(i).padStart(5, '0')}.bin`, smallBody(`w3-${t.name}-${run}-${i}`)),
        { stopAt: started + ctx.sizes.runCapSeconds * 1000 },
      );
      const seconds = (performance.now() - started) / 1000;
      if (done < count) capped++;
      if (failed.length) {
        errors += failed.length;
        ctx.log(`  W3 ${t.name}: ${failed.length} failed, first: ${failed[0].message}`);
      }
      return (done - failed.length) / seconds;
    },
    {
      until: ctx.until,
      // A fresh folder per run, made before the clock starts. The folders are removed only once
      // every run is over: ext4 skips the inodes freed in the last minute when it allocates one,
      // reading each of them first, so a run right after the removal of 10,000 files makes its
      // own files several times slower (rclone here: 1,100-2,400 files/s instead of 5,500-6,300,
      // its time a file mostly in the kernel's `recently_deleted` and `find_inode_bit`). Our
      // server keeps small files in its database, so only the references paid for it.
      before: async (t, run) => {
        const dir = await t.mkdir(`w3-run-${run}`);
        made.push([t, dir]);
        return dir;
      },
    },
  );
  for (const [t, dir] of made) if (t.remove) await t.remove(dir);
  const row = measureRow(
    id,
    `${fmt(count)} files of 4 KiB into one folder, ${AT_ONCE} at a time`,
    'files/s',
    results,
  );
  const ours = row.servers.cirrus.median;
  return {
    rows: [row],
    notes: capped
      ? [
          `W3: ${capped} run(s) reached the ${ctx.sizes.runCapSeconds} s cap before ${fmt(count)} files; their rate counts the files done.`,
        ]
      : [],
    targets: [
      target(
        id,
        'files/s >= 1.0 x rclone',
        ratio(row, 'cirrus', 'rclone'),
        passAtLeast(ratio(row, 'cirrus', 'rclone'), 1),
      ),
      target(id, '>= 500 files/s', `${fmt(ours)} files/s`, passAtLeast(ours, 500)),
      target(id, 'no failed uploads', `${errors} failed`, errors === 0),
      ...indexingTargets(id, row),
    ],
  };
}
