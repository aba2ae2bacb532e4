/**
 * CPU time this process has used, split between its main thread and all its other threads, read from
 * Linux's per-thread accounting (/proc/self/task/<tid>/stat). The local stack runs in one process: the
 * stand-ins, the edge and the gateway on the main thread, each function's execution environments on
 * worker threads (with V8's and libuv's helper threads beside them). CPU time, unlike throughput, does
 * not change much when other work shares the machine, so it is the steadier figure of where time goes.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadCpu {
  /** Milliseconds of CPU on the main thread. */
  main: number;
  /** Milliseconds of CPU on every other thread (threads that ended before the read are not counted). */
  others: number;
}

/** Clock ticks per second of /proc's CPU figures (USER_HZ, 100 on Linux's usual builds). */
const TICKS_PER_SECOND = 100;

/** utime + stime of one thread, in milliseconds. */
function threadMs(stat: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** This process's CPU time by thread, or undefined where /proc does not exist. */
export function threadCpuMs(): ThreadCpu | undefined {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const cpu: ThreadCpu = { main: 0, others: 0 };
  for (const tid of tids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    if (Number(tid) === process.pid) cpu.main += threadMs(stat);
    else cpu.others += threadMs(stat);
  }
  return cpu;
}
