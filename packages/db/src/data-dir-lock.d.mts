/** The process that holds an embedded database's data folder (data-dir-lock.mjs). */
export interface DataDirHolder {
  pid: number;
  hostname: string;
  /** When it took the folder, ISO 8601. */
  since: string;
}

/** The lock file of `dataDir`: `<dataDir>.lock`. */
export function lockPathOf(dataDir: string): string;

/** The live process that has `dataDir` open, or null when none does. */
export function dataDirHolder(dataDir: string): DataDirHolder | null;

/** The one-line reason an open is refused while `holder` has the folder. */
export function inUseMessage(dataDir: string, holder: DataDirHolder): string;

/**
 * Takes `dataDir`'s lock for this process; returns `release()`.
 *
 * @throws Error naming the holder when another live process has the folder open.
 */
export function acquireDataDirLock(dataDir: string): () => void;
