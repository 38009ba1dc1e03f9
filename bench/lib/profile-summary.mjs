// Summarises a V8 .cpuprofile (BENCH_CPU_PROF=1): the functions with the most self time and the
// most total time, for RESULTS.md's findings. node bench/lib/profile-summary.mjs <file> [top]
import fs from 'node:fs';
import path from 'node:path';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg) || 25;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++)
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const label = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${path.basename(f.url)}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};
const selfBy = new Map();
const totalBy = new Map();
for (const [id, t] of self) {
  const key = label(nodes.get(id));
  selfBy.set(key, (selfBy.get(key) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = label(nodes.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    totalBy.set(k, (totalBy.get(k) ?? 0) + t);
  }
}
const show = (map, title) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((t / total) * 100).toFixed(1).padStart(6)}%  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show(selfBy, 'self time');
show(totalBy, 'total time (inclusive)');
