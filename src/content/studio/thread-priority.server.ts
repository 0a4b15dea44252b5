import 'server-only';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the CPU priority (nice 10) of this process's libvips worker threads, where nearly all of a photo's
 * processing time is spent (measured: ~90 % of the CPU ticks of one photo), so that on a busy box the event loop
 * serving pages wins the CPU over the photo queue. Linux only (per-thread nice through /proc/self/task); elsewhere,
 * or when the threads cannot be read, it does nothing. libvips keeps its worker threads in a pool, so a thread
 * lowered once stays lowered; calling this again only lowers threads that are new.
 */
const NICE = 10;
const lowered = new Set<number>();

export function lowerImageThreadPriority(): number {
  if (process.platform !== 'linux') return 0;
  let tasks: string[];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let changed = 0;
  for (const task of tasks) {
    const tid = Number(task);
    if (lowered.has(tid)) continue;
    try {
      if (fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() !== 'libvips worker') continue;
      if (os.getPriority(tid) < NICE) os.setPriority(tid, NICE);
      lowered.add(tid);
      changed++;
    } catch {
      /* the thread ended meanwhile, or the system refuses: nothing to do */
    }
  }
  return changed;
}
