// W2: the large file of W1 downloaded whole, and random 64 KiB Range reads of it.
import { prng } from '../lib/data.mjs';
import { eachTarget, measureRow, passAtLeast, ratio, target } from '../lib/measure.mjs';
import { fmt, percentile } from '../lib/stats.mjs';

export const id = 'W2';
const RANGE = 64 * 1024;

export async function run(ctx) {
  const size = ctx.sizes.large;
  const files = ctx.state.largeFiles;
  if (!files) throw new Error('W2 needs the files of W1');
  // Indexing off changes nothing a download does.
  const targets = ctx.targets.filter((t) => t.name !== 'noindex');
  const whole = await eachTarget(
    targets,
    ctx.runs,
    async (t) => {
      const started = performance.now();
      const res = await t.get(files.get(t.name));
      const seconds = (performance.now() - started) / 1000;
      if (res.status !== 200 || res.bytes !== size)
        throw new Error(`${t.name}: download answered ${res.status}, ${res.bytes} bytes`);
      return size / 2 ** 20 / seconds;
    },
    { until: ctx.until },
  );
  // The same offsets for every server and run (seeded), one read at a time: latency, not load.
  const random = prng('w2-ranges');
  const offsets = Array.from({ length: ctx.sizes.rangeReads }, () => Math.floor(random() * (size - RANGE)));
  const ranges = await eachTarget(
    targets,
    ctx.runs,
    async (t) => {
      const file = files.get(t.name);
      const latencies = [];
      for (const start of offsets) {
        const began = performance.now();
        const res = await t.get(file, [start, start + RANGE - 1]);
        latencies.push(performance.now() - began);
        if (res.status !== 206 || res.bytes !== RANGE)
          throw new Error(`${t.name}: Range answered ${res.status}, ${res.bytes} bytes`);
      }
      return { value: percentile(latencies, 50), p99: percentile(latencies, 99) };
    },
    // Our server is JIT-compiled: its first few thousand reads are slower (the p50 of the first
    // 1,000 was about twice that of the third, here); each server first reads them once unmeasured.
    { until: ctx.until, warmup: true },
  );
  const cold = Object.entries(ranges)
    .map(([name, e]) => `${name} ${fmt(e.warmup?.value ?? e.warmup)} ms`)
    .join(', ');
  const download = measureRow(id, 'download the file', 'MiB/s', whole);
  const p50 = measureRow(id, `${offsets.length} random 64 KiB Range reads, p50`, 'ms', ranges);
  const p99 = measureRow(id, `${offsets.length} random 64 KiB Range reads, p99`, 'ms', ranges, (e) =>
    e.extra.map((x) => x.p99),
  );
  const rangeRatio = ratio(p50, 'cirrus', 'nginx');
  return {
    rows: [download, p50, p99],
    notes: [
      `W2: before the measured Range runs each server did the same ${fmt(offsets.length)} reads once, unmeasured (a warm-up); their p50 then: ${cold}.`,
    ],
    targets: [
      target(
        id,
        'download >= 0.8 x nginx',
        ratio(download, 'cirrus', 'nginx'),
        passAtLeast(ratio(download, 'cirrus', 'nginx'), 0.8),
      ),
      target(
        id,
        'Range p50 within 2 x nginx',
        rangeRatio,
        Number.isFinite(rangeRatio) ? rangeRatio <= 2 : undefined,
      ),
    ],
  };
}
