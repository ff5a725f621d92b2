// Who has an embedded database's data folder open (docs/backups.md#one-process-per-data-folder).
// PGlite opens a folder another process already has open without a word, and two engines
// writing one folder destroy it; so every opener (the server's PGlite worker, `pnpm backup`
// and `pnpm restore`) takes `<dataDir>.lock` first and gives it back when it closes.
//
// Plain JavaScript: the PGlite worker thread imports it, and a worker gets no TypeScript loader.
//
// The lock file holds {pid, hostname, bootId, startTicks, since}. A holder counts as gone when
// it ran on this machine and its process no longer exists: another boot, no such pid, or the
// pid now names a process that started at another time (a container restarted as pid 1
// again). A holder on another machine (a folder shared over the network) always counts as
// there: this machine cannot look.
import { readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** How long an unreadable lock file is taken as being written by its holder, in ms. */
const HALF_WRITTEN_MS = 10_000;

/** Linux's id of this boot, or null elsewhere. */
function bootId() {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** When process `pid` started, in clock ticks since boot (Linux's /proc/<pid>/stat), or null. */
function startTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** The lock file of `dataDir`. */
export function lockPathOf(dataDir) {
  return `${dataDir.replace(/\/+$/, '')}.lock`;
}

/**
 * The process that has `dataDir` open: `{pid, hostname, since}`, or null when none does
 * (no lock file, or its holder is gone).
 */
export function dataDirHolder(dataDir) {
  const path = lockPathOf(dataDir);
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  let holder;
  try {
    holder = JSON.parse(text);
  } catch {
    // A holder writes its file right after creating it; an unreadable one that old is debris.
    const age = Date.now() - statSync(path).mtimeMs;
    return age < HALF_WRITTEN_MS ? { pid: 0, hostname: hostname(), since: 'now' } : null;
  }
  return holderAlive(holder) ? holder : null;
}

function holderAlive(holder) {
  if (holder.hostname !== hostname()) return true;
  const boot = bootId();
  if (boot && holder.bootId && holder.bootId !== boot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if (error.code === 'ESRCH') return false;
  }
  const ticks = startTicks(holder.pid);
  return !(ticks && holder.startTicks && ticks !== holder.startTicks);
}

/** The one-line reason an open is refused while `holder` has the folder. */
export function inUseMessage(dataDir, holder) {
  return (
    `the data folder ${dataDir} is in use by process ${holder.pid} on ${holder.hostname} ` +
    `since ${holder.since} (a Kith server, backup or restore): stop it first, ` +
    `or if no such process runs, delete ${lockPathOf(dataDir)}`
  );
}

/**
 * Takes `dataDir`'s lock for this process; returns `release()`, which gives it back (and is
 * safe to call twice).
 *
 * @throws Error with `inUseMessage` when another live process holds it.
 */
export function acquireDataDirLock(dataDir) {
  const path = lockPathOf(dataDir);
  const mine = JSON.stringify({
    pid: process.pid,
    hostname: hostname(),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
    since: new Date().toISOString(),
  });
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(path, mine, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST' || attempt > 0) {
        const holder = error.code === 'EEXIST' ? dataDirHolder(dataDir) : null;
        if (holder) throw new Error(inUseMessage(dataDir, holder));
        throw error;
      }
      const holder = dataDirHolder(dataDir);
      if (holder) throw new Error(inUseMessage(dataDir, holder));
      // The holder is gone (a crash or a kill): its file is removed and the create tried once
      // more. Two openers racing here, both just after a crash, is the one case left open.
      try {
        unlinkSync(path);
      } catch (gone) {
        if (gone.code !== 'ENOENT') throw gone;
      }
    }
  }
  let held = true;
  return function release() {
    if (!held) return;
    held = false;
    try {
      if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
    } catch {
      // Already gone: nothing to give back.
    }
  };
}
