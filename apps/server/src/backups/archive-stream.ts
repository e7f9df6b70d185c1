/**
 * Reading an archive from disk: unencrypted (gzip) or encrypted (archive-crypto), then its tar entries. Every
 * way a file can be cut short or altered ends in BackupRefusal 'damaged' (or 'wrong-passphrase').
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { decryptStream, ENCRYPTED_MAGIC } from './archive-crypto';
import { readTar, type TarEntry } from './archive-tar';
import { BackupRefusal } from './backup-refusal';

/** Is the archive encrypted? Refuses what is neither of our two forms. */
export const archiveKind = async (file: string): Promise<'plain' | 'encrypted'> => {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch {
    throw new BackupRefusal('damaged', `找不到或无法读取文件 ${file}`);
  }
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    if (bytesRead === 8 && head.equals(ENCRYPTED_MAGIC)) return 'encrypted';
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'plain';
    throw new BackupRefusal('damaged', '不是悦讯备份文件');
  } finally {
    await handle.close();
  }
};

/** Calls onEntry for each entry in order; it must read the entry's body to the end. */
export const forEachEntry = async (
  file: string,
  passphrase: string | undefined,
  onEntry: (entry: TarEntry) => Promise<void>,
) => {
  const kind = await archiveKind(file);
  if (kind === 'encrypted' && !passphrase) throw new BackupRefusal('passphrase-missing');
  let ownError: unknown = null;
  const consume = async (source: AsyncIterable<Buffer>) => {
    for await (const entry of readTar(source)) {
      try {
        await onEntry(entry);
      } catch (error) {
        ownError = error;
        throw error;
      }
    }
  };
  try {
    if (kind === 'encrypted' && passphrase)
      await pipeline(createReadStream(file), decryptStream(passphrase), createGunzip(), consume);
    else await pipeline(createReadStream(file), createGunzip(), consume);
  } catch (error) {
    if (error === ownError || error instanceof BackupRefusal) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    // zlib's own checks (CRC, length, an unexpected end) and a stream cut off: the file is damaged.
    if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw new BackupRefusal('damaged', (error as Error).message);
    throw error;
  }
};
