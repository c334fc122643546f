/**
 * CPU time and peak memory of processes, and CPU time of the machine, read from Linux's /proc: what
 * each process of a scale-out bench used over a phase, so where throughput stops growing (PostgreSQL,
 * the cores) shows.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** The command name and user+system CPU seconds of one process, or undefined once it is gone. */
function processStat(pid: number): { name: string; seconds: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The name sits in parentheses and may hold spaces; the fields after it are space-separated.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name and state.
  return { name: text.slice(text.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS };
}

/** CPU seconds of the given processes, one by one. */
export function cpuOf(pids: number[]): number[] {
  return pids.map((pid) => processStat(pid)?.seconds ?? 0);
}

/** CPU seconds of every process named `name` (all PostgreSQL backends: `postgres`), by pid. */
export function cpuOfNamed(name: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat?.name === name) byPid.set(Number(entry), stat.seconds);
  }
  return byPid;
}

/**
 * CPU seconds the processes of two `cpuOfNamed` samples used between them: a backend that ended
 * meanwhile is left out (its time is gone with it), one that began counts whole.
 */
export function usedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Seconds the machine's cores spent busy (not idle, not waiting for I/O), summed over cores. */
export function machineBusy(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the cores' free time.
  const [user, nice, system, , , irq, softirq, steal] = ticks as number[];
  return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS;
}

/** The most resident memory the process has had (VmHWM), in MiB; 0 once it is gone. */
export function peakResidentMib(pid: number): number {
  try {
    const kib = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kib ?? 0) / 1024;
  } catch {
    return 0;
  }
}
