/**
 * `npm run backup` and `npm run restore` as the operator runs them (child processes, exit codes, Chinese
 * messages), and the two faults of issue 28: a backup killed with SIGKILL leaves no archive that looks
 * complete, and a restore interrupted half-way can be run again.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupMessages } from '@yuexun/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { emptyPostgresUrl, emptyTarget, fullFingerprint } from '../../test/backups';
import { clonePostgresDatabase, drivers, startServer } from '../../test/server';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { diskBlobStore } from '../files/disk-blob-store';
import { verifyArchive } from './restore-backup';

const cli = (name: 'backup' | 'restore') => fileURLToPath(new URL(`../${name}-cli.ts`, import.meta.url));
const PASSPHRASE = 'a long enough passphrase';

/** Starts `npm run <name> -- file` as the operator would (same entry point, a child process). */
const spawnCli = (name: 'backup' | 'restore', file: string, env: Record<string, string>) => {
  const proc = spawn(process.execPath, ['--import', 'tsx', cli(name), file], {
    cwd: fileURLToPath(new URL('../../../../', import.meta.url)),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d) => {
    output += d;
  });
  proc.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  return { proc, output: () => output, exited };
};

/** Runs a command to its end: exit code and output. */
const runToEnd = async (name: 'backup' | 'restore', file: string, env: Record<string, string>) => {
  const child = spawnCli(name, file, env);
  const code = await child.exited;
  return { code, output: child.output() };
};

describe.runIf(drivers.includes('postgres'))('backup and restore commands (PostgreSQL)', () => {
  it('back up, restore, refuse a second restore; exit codes and messages', async () => {
    const server = await startServer('postgres');
    const dir = mkdtempSync(join(tmpdir(), 'yuexun-cli-'));
    const file = join(dir, 'site.tar.gz.enc');
    const env = {
      DATABASE_URL: server.databaseUrl ?? '',
      DATA_DIR: server.app.config.dataDir,
      BACKUP_PASSPHRASE: PASSPHRASE,
    };
    // PostgreSQL is backed up while the server runs.
    const backup = await runToEnd('backup', file, env);
    await server.close();
    expect(backup.output).toMatch(/备份完成：.*（\d+ 字节，[1-9]\d* 个文件）/);
    expect(backup.code).toBe(0);

    const target = {
      DATABASE_URL: await emptyPostgresUrl(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'yuexun-dst-')),
    };
    const restore = await runToEnd('restore', file, { ...target, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restore.output).toContain('恢复完成');
    expect(restore.code).toBe(0);

    const again = await runToEnd('restore', file, { ...target, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(again.code).toBe(1);
    expect(again.output).toContain(backupMessages.refused['not-empty']);
    expect(again.output).toContain(backupMessages.nothingChanged);

    const wrong = await runToEnd('restore', file, { ...target, BACKUP_PASSPHRASE: 'another passphrase!' });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain(backupMessages.refused['wrong-passphrase']);
  }, 180_000);

  it('a backup killed with SIGKILL half-way leaves only a temporary file, which restore refuses', async () => {
    const source = await clonePostgresDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'yuexun-kill-'));
    // Another session holds the article table: the backup stops there, mid-archive, for as long as we like.
    const holder = new pg.Client({ connectionString: source });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table article in access exclusive mode');
    const child = spawnCli('backup', join(dir, 'site.tar.gz'), {
      DATABASE_URL: source,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'yuexun-src-')),
    });
    try {
      // Waits until the backup queues behind the lock (a wait event on its own connection): no timing.
      for (;;) {
        // A fresh statistics snapshot each time (the holder's transaction would keep its first one).
        await holder.query('select pg_stat_clear_snapshot()');
        const { rows } = await holder.query(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (rows[0].n > 0) break;
        if (child.proc.exitCode !== null) throw new Error(`backup ended early: ${child.output()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      child.proc.kill('SIGKILL');
      await child.exited;
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const left = readdirSync(dir);
    expect(left.length).toBe(1);
    expect(left[0]).toMatch(/^\.site\.tar\.gz\.[0-9a-f]+\.tmp$/);
    await expect(verifyArchive(join(dir, left[0] as string), undefined)).rejects.toThrow(
      backupMessages.refused.damaged,
    );
  }, 180_000);

  it('a restore interrupted after writing files and migrating runs again to the end', async () => {
    const server = await startServer('postgres');
    const source = server.databaseUrl ?? '';
    const dir = server.app.config.dataDir;
    const file = join(mkdtempSync(join(tmpdir(), 'yuexun-rerun-')), 'site.tar.gz');
    const backup = await runToEnd('backup', file, { DATABASE_URL: source, DATA_DIR: dir });
    expect(backup.code).toBe(0);
    const target = await emptyTarget('postgres');
    try {
      const manifest = await verifyArchive(file, undefined);
      // What a run killed inside its transaction leaves: the schema, no rows, some of the files written.
      await runMigrations(target.database);
      const blobs = diskBlobStore(join(target.dataDir, 'files'));
      const { Readable } = await import('node:stream');
      const sourceDb = await openDatabase({ driver: 'postgres', url: source, poolSize: 1 });
      expect(manifest.files.length).toBeGreaterThan(1);
      const half = manifest.files.slice(0, Math.ceil(manifest.files.length / 2));
      const sourceBlobs = diskBlobStore(join(dir, 'files'));
      for (const f of half) {
        const body = await sourceBlobs.get(f.uuid);
        if (body) await blobs.put(f.uuid, Readable.from(body));
      }
      const result = await runToEnd('restore', file, {
        DATABASE_URL: target.url ?? '',
        DATA_DIR: target.dataDir,
      });
      expect(result.output).toContain('恢复完成');
      expect(result.code).toBe(0);
      const skip = new Set(['outbox', 'session', 'backup_run']);
      expect(await fullFingerprint(target.database, skip)).toEqual(await fullFingerprint(sourceDb, skip));
      await sourceDb.close();
    } finally {
      await target.database.close();
      await server.close();
    }
  }, 180_000);
});
