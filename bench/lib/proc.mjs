// CPU and memory of a process and its children, read from /proc (Linux only; elsewhere the
// figures are reported as unknown rather than guessed).
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux we run on). */
const TICKS_PER_SECOND = 100;

function read(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The process and everything below it. */
export function processTree(pid) {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    const tasks = fs.existsSync(`/proc/${all[i]}/task`) ? fs.readdirSync(`/proc/${all[i]}/task`) : [];
    for (const tid of tasks) {
      const children = read(`/proc/${all[i]}/task/${tid}/children`);
      if (!children) continue;
      for (const child of children.trim().split(/\s+/).filter(Boolean)) all.push(Number(child));
    }
  }
  return all;
}

/** utime + stime in ticks (all threads of the process). */
function cpuTicks(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  // The command name may hold spaces and parentheses: fields are counted after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function statusKiB(pid, key) {
  const status = read(`/proc/${pid}/status`);
  const match = status?.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'));
  return match ? Number(match[1]) : 0;
}

/** Resets the peak RSS (VmHWM) of a process so a workload sees its own peak (Linux >= 4.0). */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export const procAvailable = fs.existsSync('/proc/self/stat');

/**
 * Watches a process tree from now until stop(): CPU % of one core (100 = one core busy all the
 * time), the resident memory at the start and its peak in MiB (the tree's summed RSS, sampled
 * every `everyMs`, and the kernel-kept peak since the start).
 */
export function watch(pid, { everyMs = 50 } = {}) {
  if (!procAvailable || !pid)
    return { stop: () => ({ cpuPercent: Number.NaN, peakRssMiB: Number.NaN, startRssMiB: Number.NaN }) };
  const startTree = processTree(pid);
  const reset = startTree.every(resetPeak);
  const start = performance.now();
  const ticksAtStart = new Map(startTree.map((p) => [p, cpuTicks(p)]));
  let peakKiB = 0;
  const sample = () => {
    let sum = 0;
    for (const p of processTree(pid)) sum += statusKiB(p, 'VmRSS');
    peakKiB = Math.max(peakKiB, sum);
  };
  sample();
  const startKiB = peakKiB;
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      const wallSeconds = (performance.now() - start) / 1000;
      const tree = processTree(pid);
      let ticks = 0;
      for (const p of tree) ticks += cpuTicks(p) - (ticksAtStart.get(p) ?? 0);
      // The kernel's own peak catches spikes between two samples.
      if (reset)
        peakKiB = Math.max(
          peakKiB,
          tree.reduce((sum, p) => sum + statusKiB(p, 'VmHWM'), 0),
        );
      return {
        cpuPercent: (ticks / TICKS_PER_SECOND / wallSeconds) * 100,
        peakRssMiB: peakKiB / 1024,
        startRssMiB: startKiB / 1024,
      };
    },
  };
}

/** The machine, for the results: cores, CPU model, memory, the disk under `dir`, the kernel. */
export function machine(dir) {
  const cpuinfo = read('/proc/cpuinfo') ?? '';
  const model = cpuinfo.match(/^model name\s*:\s*(.*)$/m)?.[1] ?? 'unknown';
  const memKiB = Number((read('/proc/meminfo') ?? '').match(/^MemTotal:\s+(\d+)/m)?.[1] ?? 0);
  const load = (read('/proc/loadavg') ?? '').split(' ').slice(0, 3).join(' ');
  let disk = 'unknown';
  try {
    const dev = fs.statSync(dir).dev;
    const major = Math.floor(dev / 256);
    const minor = dev % 256;
    const name = fs.realpathSync(`/sys/dev/block/${major}:${minor}`).split('/').pop();
    const base = fs.existsSync(`/sys/block/${name}`) ? name : name.replace(/p?\d+$/, '');
    const rotational = read(`/sys/block/${base}/queue/rotational`)?.trim();
    const sectors = Number(read(`/sys/block/${base}/size`) ?? 0);
    disk = `${name} (${(sectors * 512) / 1024 ** 3} GiB, ${rotational === '1' ? 'rotational flag set (virtual disk?)' : 'non-rotational'})`;
  } catch {
    // Overlay and network file systems have no block device to describe.
  }
  const statfs = fs.statfsSync?.(dir);
  const fsType = statfs ? `fs type 0x${statfs.type.toString(16)}` : '';
  return {
    cores: (read('/proc/cpuinfo') ?? '').match(/^processor\s*:/gm)?.length ?? 0,
    model,
    memGiB: memKiB / 1024 ** 2,
    disk,
    fsType,
    load,
  };
}
