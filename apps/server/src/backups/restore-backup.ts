/**
 * Restores an archive into an empty database and file store (decision 045), in two passes over the file:
 *  1. check: read it all (decrypting, checking every entry's SHA-256 against the manifest) and check the
 *     target is empty and at the archive's schema. Any refusal here changes nothing.
 *  2. apply: migrate the empty target, then load every table and sequence in ONE transaction and write the
 *     files; the transaction commits last. Interrupted anywhere, the database is left empty (rolled back) and
 *     the files already written are byte-identical to the archive's, which the next run accepts: run it again.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database, Db } from '../db/client';
import { runMigrations } from '../db/migrate';
import { forEachEntry } from './archive-stream';
import type { TarEntry } from './archive-tar';
import { BackupRefusal } from './backup-refusal';
import {
  countRows,
  insertRows,
  listTables,
  restoreSequences,
  type SequenceState,
  type TableInfo,
  tablesWithRows,
} from './database-dump';
import {
  archiveHead,
  fileEntry,
  HEAD_ENTRY,
  MANIFEST_ENTRY,
  type Manifest,
  manifest as manifestSchema,
  SEQUENCES_ENTRY,
  tableOfEntry,
} from './manifest';
import { codeMigration } from './versions';
import type { BackupBlobs } from './write-backup';

const damaged = (detail: string) => new BackupRefusal('damaged', detail);

const readAll = async (body: AsyncIterable<Buffer>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
};

const sha256Of = async (body: AsyncIterable<Buffer>) => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
};

const parseJson = <T>(bytes: Buffer, parse: (v: unknown) => T, what: string): T => {
  try {
    return parse(JSON.parse(bytes.toString('utf8')));
  } catch {
    throw damaged(`${what}无效`);
  }
};

/** Pass 1: the whole archive read and checked; answers its manifest. */
export const verifyArchive = async (file: string, passphrase: string | undefined): Promise<Manifest> => {
  const sums = new Map<string, { sha256: string; size: number }>();
  const rowsOf = new Map<string, number>();
  let found: Manifest | null = null;
  let first = true;
  await forEachEntry(file, passphrase, async (entry: TarEntry) => {
    if (found) throw damaged('清单之后还有内容');
    if (first) {
      first = false;
      if (entry.name !== HEAD_ENTRY) throw damaged('缺少 backup.json');
      parseJson(await readAll(entry.body), (v) => archiveHead.parse(v), 'backup.json ');
      return;
    }
    if (entry.name === MANIFEST_ENTRY) {
      found = parseJson(await readAll(entry.body), (v) => manifestSchema.parse(v), '清单 ');
      return;
    }
    const table = tableOfEntry(entry.name);
    if (table) {
      const bytes = await readAll(entry.body);
      let lines = 0;
      for (const byte of bytes) if (byte === 10) lines++;
      rowsOf.set(table, (rowsOf.get(table) ?? 0) + lines);
      sums.set(entry.name, { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
      return;
    }
    sums.set(entry.name, await sha256Of(entry.body));
  });
  const manifest = found as Manifest | null;
  if (!manifest) throw damaged('缺少清单 manifest.json');
  for (const [name, sha256] of Object.entries(manifest.entries))
    if (sums.get(name)?.sha256 !== sha256) throw damaged(`${name} 校验和不符`);
  for (const f of manifest.files) {
    const got = sums.get(fileEntry(f.uuid));
    if (got?.sha256 !== f.sha256 || got.size !== f.size) throw damaged(`文件 ${f.uuid} 校验和不符`);
  }
  for (const t of manifest.tables)
    if ((rowsOf.get(t.name) ?? 0) !== t.rows) throw damaged(`表 ${t.name} 的行数与清单不符`);
  const listed = new Set([...Object.keys(manifest.entries), ...manifest.files.map((f) => fileEntry(f.uuid))]);
  for (const name of sums.keys()) if (!listed.has(name)) throw damaged(`清单未列出 ${name}`);
  return manifest;
};

/** Files of the archive already in the store with the same bytes (an earlier, interrupted run wrote them). */
const checkStore = async (blobs: BackupBlobs, manifest: Manifest) => {
  const present = new Set<string>();
  for (const f of manifest.files) {
    if (!(await blobs.exists(f.uuid))) continue;
    const body = await blobs.get(f.uuid);
    const got = body ? await sha256Of(body) : null;
    if (got?.sha256 !== f.sha256) throw new BackupRefusal('not-empty', `文件存储中已有不同的文件 ${f.uuid}`);
    present.add(f.uuid);
  }
  return present;
};

export interface RestoredBackup {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
}

export const restoreBackup = async (options: {
  database: Database;
  blobs: BackupBlobs;
  file: string;
  passphrase?: string | undefined;
}): Promise<RestoredBackup> => {
  const { database, blobs, file, passphrase } = options;
  const manifest = await verifyArchive(file, passphrase);
  if (manifest.schemaMigration !== codeMigration())
    throw new BackupRefusal('schema-mismatch', `备份 ${manifest.schemaMigration}，本程序 ${codeMigration()}`);
  const filled = await tablesWithRows(database.db);
  if (filled.length)
    throw new BackupRefusal(
      'not-empty',
      `数据库中已有数据：${filled.slice(0, 5).join('、')}${filled.length > 5 ? '…' : ''}`,
    );
  const present = await checkStore(blobs, manifest);

  await runMigrations(database);
  await database.db.transaction(async (tx) => {
    const tables = new Map((await listTables(tx)).map((t) => [t.name, t]));
    for (const t of manifest.tables)
      if (!tables.has(t.name)) throw new BackupRefusal('schema-mismatch', `缺少表 ${t.name}`);
    const held: { table: TableInfo; rows: string[] } = {
      table: { name: '', columns: [], selfReferencing: false },
      rows: [],
    };
    const flushHeld = async () => {
      await insertRows(tx, held.table, held.rows);
      held.rows = [];
    };
    await forEachEntry(file, passphrase, async (entry) => {
      const tableName = tableOfEntry(entry.name);
      if (tableName) {
        const bytes = await readAll(entry.body);
        if (createHash('sha256').update(bytes).digest('hex') !== manifest.entries[entry.name])
          throw damaged(`${entry.name} 校验和不符`);
        const table = tables.get(tableName);
        if (!table) throw new BackupRefusal('schema-mismatch', `缺少表 ${tableName}`);
        if (held.table.name !== tableName) await flushHeld();
        held.table = table;
        const lines = bytes.toString('utf8').split('\n').slice(0, -1);
        // A table that refers to itself goes in one statement (foreign keys are checked at its end).
        if (table.selfReferencing) held.rows.push(...lines);
        else
          for (let i = 0; i < lines.length; i += 1000) await insertRows(tx, table, lines.slice(i, i + 1000));
        return;
      }
      await flushHeld();
      if (entry.name === SEQUENCES_ENTRY) {
        const bytes = await readAll(entry.body);
        if (createHash('sha256').update(bytes).digest('hex') !== manifest.entries[entry.name])
          throw damaged(`${entry.name} 校验和不符`);
        await restoreSequences(tx, JSON.parse(bytes.toString('utf8')) as SequenceState[]);
        return;
      }
      const uuid = entry.name.startsWith('files/') ? entry.name.slice(6) : null;
      const expected = uuid ? manifest.files.find((f) => f.uuid === uuid) : undefined;
      if (!uuid || !expected || present.has(uuid)) {
        for await (const _ of entry.body);
        return;
      }
      const hash = createHash('sha256');
      await blobs.put(
        uuid,
        Readable.from(
          (async function* () {
            for await (const chunk of entry.body) {
              hash.update(chunk);
              yield chunk;
            }
          })(),
        ),
      );
      if (hash.digest('hex') !== expected.sha256) throw damaged(`文件 ${uuid} 校验和不符`);
    });
    await flushHeld();
    for (const t of manifest.tables) {
      const n = await countRows(tx as Db, t.name);
      if (n !== t.rows) throw damaged(`表 ${t.name} 恢复了 ${n} 行，清单为 ${t.rows} 行`);
    }
  });
  return {
    manifest,
    tables: manifest.tables.length,
    rows: manifest.tables.reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.length,
  };
};
