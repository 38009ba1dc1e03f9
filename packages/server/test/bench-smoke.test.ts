import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const WORKLOADS = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8'];

/** Runs the harness as `npm run bench` would, with BENCH_QUICK=1; answers its exit code and output. */
function runBench(out: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench/run.mjs'], {
      cwd: ROOT,
      // Without apt (not root, not Debian), the references are skipped and our side still runs.
      env: { ...process.env, BENCH_QUICK: '1', BENCH_RUNS: '1', BENCH_OUT: out },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

// Issue 11: the harness itself must not rot. This runs it on tiny sizes and checks that it still
// produces a results table with every workload; it asserts no time (the machine may be busy).
describe('npm run bench (BENCH_QUICK=1)', () => {
  test('measures every workload and writes the results table', { timeout: 20 * 60_000 }, async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bench-smoke-')), 'RESULTS.md');
    try {
      const { code, output } = await runBench(out);
      expect(code, output.slice(-4000)).toBe(0);
      const results = fs.readFileSync(out, 'utf8');
      const lines = results.split('\n');
      for (const id of WORKLOADS)
        expect(
          lines.some((l) => l.startsWith(`| ${id} |`)),
          `${id} in the table`,
        ).toBe(true);
      // The host's own speed at the start and the end, to read the ratios of one run beside another's.
      expect(results).toMatch(
        /^Host speed \(at the start \/ at the end of the run\): SHA-256 and SHA-1 .* [\d,.]+ \/ [\d,.]+ MiB\/s; .* [\d,.]+ \/ [\d,.]+ requests\/s; .* p50 [\d,.]+ \/ [\d,.]+ ms\.$/m,
      );
      // Our own workloads ran (W5 runs the search module's script, which its owner keeps).
      const failed = lines.filter((l) => l.includes('| failed:') && !l.startsWith('| W5 |'));
      expect(failed).toEqual([]);
      // Each target line says PASS, MISS or n/a (a reference or a browser missing).
      const verdicts = lines.filter((l) => /^\| W\d \|.*\| (PASS|MISS|n\/a) \|$/.test(l));
      expect(verdicts.length).toBeGreaterThanOrEqual(WORKLOADS.length);
    } finally {
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    }
  });
});
