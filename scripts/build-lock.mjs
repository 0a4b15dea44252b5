// @ts-check
// One build at a time per project folder: `npm start` builds before it starts (scripts/ensure-build.mjs), and two
// starts on one folder (a service restart and a manual start, two instances of a process manager) must never run
// `next build` into the same `.next` at once — the second one wiped the first one's output under its server
// ("Could not find a production build"). The lock is a file created exclusively (O_EXCL), holding its owner's pid;
// a start that finds it waits, then checks again whether a build is still needed. A lock whose owner died (a
// killed build) is taken over.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {{ pid: number, since: string }} Holder
 */

/** @param {string} file @returns {Holder | null} */
function readHolder(file) {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof v?.pid === 'number' && typeof v?.since === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/**
 * Waits until this process holds the lock `file`; returns the function that releases it.
 * @param {string} file
 * @param {{ pollMs?: number, onWait?: (holder: Holder | null) => void }} [options] `onWait` is called once, when
 *   the lock is found held by another live process
 * @returns {Promise<() => void>}
 */
export async function acquireBuildLock(file, options = {}) {
  const pollMs = options.pollMs ?? 250;
  let told = false;
  for (;;) {
    /** @type {Holder} */
    const me = { pid: process.pid, since: new Date().toISOString() };
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      return () => {
        const holder = readHolder(file);
        if (holder && holder.pid === me.pid && holder.since === me.since) fs.rmSync(file, { force: true });
      };
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder && !alive(holder.pid)) {
      takeOverStale(file, holder);
      continue;
    }
    // No readable holder yet: its owner is between creating and writing the file — wait like for a live one.
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    await sleep(pollMs);
  }
}

/**
 * Removes a dead owner's lock. Moved aside first and checked: if another start replaced it meanwhile, that live
 * lock is put back.
 * @param {string} file
 * @param {Holder} stale
 */
function takeOverStale(file, stale) {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // already gone: somebody else took it over
  }
  const moved = readHolder(aside);
  if (!moved || moved.pid !== stale.pid || moved.since !== stale.since) {
    try {
      fs.linkSync(aside, file);
    } catch {
      /* a newer lock is in place already */
    }
  }
  fs.rmSync(aside, { force: true });
}
