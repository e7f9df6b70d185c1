/**
 * PGlite keeps its files in one folder that only one process may open; a second process would
 * corrupt it. A pid file turns that mistake into a clear start-up error (run PostgreSQL for many instances).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export class DataDirLockedError extends Error {}

export const acquireDataDirLock = (dataDir: string): (() => void) => {
  const file = join(dataDir, 'yuexun.pid');
  try {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `embedded database ${dataDir} is already used by process ${holder}; set DATABASE_URL to run several instances`,
      );
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
};
