/**
 * The archive's container: plain POSIX tar (ustar), so an unencrypted backup (.tar.gz) opens with `tar tzf`.
 * Only what a backup needs: regular files with short names, written and read as streams.
 */
import { createHash } from 'node:crypto';
import type { Writable } from 'node:stream';
import { BackupRefusal } from './backup-refusal';

const BLOCK = 512;

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

const header = (name: string, size: number, mtime: Date) => {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  block.write(octal(size, 12), 124, 'latin1');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'latin1');
  block.write('        ', 148, 'latin1');
  block.write('0', 156, 'latin1');
  block.write('ustar\0', 257, 'latin1');
  block.write('00', 263, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
};

/** Writes with backpressure: resolves when the stream takes more. */
const writeTo = (out: Writable, chunk: Buffer) =>
  new Promise<void>((resolve, reject) => {
    if (out.destroyed) return reject(new Error('archive stream closed'));
    out.write(chunk, (error) => (error ? reject(error) : resolve()));
  });

export class TarWriter {
  constructor(private readonly out: Writable) {}

  /** One entry of `size` bytes from `body`; answers the entry's SHA-256 (hex). Size mismatch is an error. */
  async add(name: string, size: number, body: AsyncIterable<Buffer> | Buffer): Promise<string> {
    await writeTo(this.out, header(name, size, new Date()));
    const hash = createHash('sha256');
    let written = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`${name}: more bytes than announced`);
      hash.update(chunk);
      await writeTo(this.out, chunk);
    }
    if (written !== size) throw new Error(`${name}: ${written} bytes instead of ${size}`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await writeTo(this.out, Buffer.alloc(padding));
    return hash.digest('hex');
  }

  async finish() {
    await writeTo(this.out, Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) =>
      this.out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it to the end (or call skip) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

const damaged = (detail: string) => new BackupRefusal('damaged', detail);

/** Pulls exact byte counts out of a stream of chunks. */
class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number) {
    while (this.buffer.length < n) {
      const next = await this.source.next();
      if (next.done) return false;
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, next.value]) : next.value;
    }
    return true;
  }

  async exact(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) return null;
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  async *stream(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (!this.buffer.length && !(await this.fill(1))) throw damaged('文件不完整');
      const take = this.buffer.subarray(0, Math.min(left, this.buffer.length));
      this.buffer = this.buffer.subarray(take.length);
      left -= take.length;
      yield take;
    }
  }

  async rest(): Promise<number> {
    let extra = this.buffer.length;
    for (;;) {
      const next = await this.source.next();
      if (next.done) return extra;
      extra += next.value.length;
    }
  }
}

const readOctal = (block: Buffer, offset: number, width: number) => {
  const text = block
    .toString('latin1', offset, offset + width)
    .replace(/\0.*$/s, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw damaged('目录项无效');
  return Number.parseInt(text, 8);
};

/** The entries of a tar stream in order; a missing end, a bad header checksum or trailing garbage is 'damaged'. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const block = await reader.exact(BLOCK);
    if (!block) throw damaged('文件不完整（缺少结尾）');
    if (block.every((b) => b === 0)) {
      const second = await reader.exact(BLOCK);
      if (!second?.every((b) => b === 0)) throw damaged('结尾无效');
      // gzip pads nothing, so anything after the end marker is not ours (beyond zero padding of tar tools).
      if ((await reader.rest()) % BLOCK !== 0) throw damaged('结尾之后还有数据');
      return;
    }
    const stored = readOctal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (sum !== stored) throw damaged('目录项校验失败');
    const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = readOctal(block, 124, 12);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    const body = reader.stream(size);
    let finished = false;
    const wrapped = (async function* () {
      yield* body;
      finished = true;
    })();
    yield { name, size, body: wrapped };
    if (!finished) for await (const _ of wrapped);
    if (padding && !(await reader.exact(padding))) throw damaged('文件不完整');
  }
}
