import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processPhoto } from '@/content/studio/pipeline';
import { lowerImageThreadPriority } from '@/content/studio/thread-priority.server';
import { makeTestJpeg } from '../fixtures/studio-images';

/** The photo queue's libvips threads run at nice 10 so that the event loop serving pages wins the CPU (Linux). */

function libvipsThreadNices(): number[] {
  return fs
    .readdirSync('/proc/self/task')
    .filter((t) => fs.readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim() === 'libvips worker')
    .map((t) => {
      const stat = fs.readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
      // Fields after "(comm) ": state is the 3rd field of stat, nice the 19th.
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
}

describe.runIf(process.platform === 'linux')('libvips thread priority', () => {
  it('the hook lowers libvips worker threads to nice 10 while a photo is processed; the variants are still made', async () => {
    sharp.concurrency(1);
    const steps: number[] = [];
    const out = await processPhoto(await makeTestJpeg({ width: 2000, height: 1400, seed: 90 }), { onStep: () => steps.push(lowerImageThreadPriority()) });
    expect(out.variants).toHaveLength(12);
    // The threads were found and lowered during processing (libvips starts them with the first operation)…
    expect(steps.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // …each once: a pooled thread is not touched again (a thread the pool started for the last operation may be new).
    lowerImageThreadPriority();
    const nices = libvipsThreadNices();
    expect(nices.length).toBeGreaterThan(0);
    expect(nices).toEqual(nices.map(() => 10));
    expect(lowerImageThreadPriority()).toBe(0);
  }, 60_000);
});
