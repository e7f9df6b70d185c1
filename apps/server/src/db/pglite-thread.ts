/**
 * The embedded database in a worker thread (decision 030), seen from the server's thread with the part of
 * PGlite's interface that drizzle's PGlite driver, the migrator, the outbox's LISTEN and the tests' template
 * dump use: query, exec, transaction, listen, dumpDataDir, close.
 */

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DatabaseBusyError } from '../shared/errors';
import { EMBEDDED_MEMORY_DEFAULTS, type EmbeddedMemory, QUEUE_MAX_BYTES_DEFAULT } from './pglite-memory';
import { type OpenRequest, type Reply, type Request, reviveError } from './pglite-thread-protocol';
import { pgliteWasmModule } from './pglite-wasm';

/** What the server uses of an embedded database, in this thread or in a worker. */
export interface EmbeddedClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none'): Promise<File | Blob>;
  close(): Promise<void>;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; bytes: number };

/**
 * About what a value costs while it waits: its copy in the message (structured clone) and the caller's
 * own. Strings count two bytes a character (V8 keeps non-Latin-1 text so), with a small overhead per value.
 */
const sizeOf = (value: unknown): number => {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return 16 + value.byteLength;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + sizeOf(item), 16);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).reduce((sum, [key, item]) => sum + sizeOf(key) + sizeOf(item), 16);
  }
  return 8;
};
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Type oids whose parser the caller set: the worker returns their text unchanged (see the protocol). */
const textTypesOf = (options?: QueryOptions) => {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  return Object.keys(parsers).map(Number);
};

export class PGliteThread implements EmbeddedClient {
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private closed = false;
  /** Bytes of the statements sent and not answered yet (see sizeOf). */
  private queuedBytes = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly queueMaxBytes: number,
  ) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`the database thread stopped (exit code ${code})`)));
  }

  static async start({
    queueMaxBytes = QUEUE_MAX_BYTES_DEFAULT,
    ...options
  }: Omit<OpenRequest, 'memory' | 'initOnly'> & {
    memory?: EmbeddedMemory;
    /** Bound of the statements waiting for the thread; past it a statement is refused (DatabaseBusyError). */
    queueMaxBytes?: number;
  }): Promise<PGliteThread> {
    const request = { ...options, memory: options.memory ?? EMBEDDED_MEMORY_DEFAULTS };
    // A first start creates the cluster (initdb) in a thread of its own that then ends: PGlite runs initdb
    // in a second WebAssembly instance and a temporary database beside the real one, and in the serving
    // thread their memories stayed resident after start (about 500 MB). Only one database lives on.
    if (request.dataDir && !existsSync(join(request.dataDir, 'PG_VERSION'))) {
      const init = await PGliteThread.spawn({
        dataDir: request.dataDir,
        memory: request.memory,
        initOnly: true,
      });
      await init.terminate();
    }
    const wasmModule = await pgliteWasmModule();
    return new PGliteThread(
      await PGliteThread.spawn({ ...request, ...(wasmModule ? { wasmModule } : {}) }),
      queueMaxBytes,
    );
  }

  /** Starts a database thread and waits until it has opened the database. */
  private static async spawn(request: OpenRequest): Promise<Worker> {
    // Beside this module: src/db/ from the sources, dist/ (the worker's compiled bundle) from the build.
    const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), {
      workerData: request,
      transferList: request.template ? [request.template] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'openFailed') reject(reviveError(reply.error));
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return worker;
  }

  private receive(reply: Reply) {
    if (reply.kind === 'notify') {
      for (const callback of this.listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    if (reply.kind !== 'result' && reply.kind !== 'error') return;
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    this.queuedBytes -= waiting.bytes;
    if (reply.kind === 'result') waiting.resolve(reply.value);
    else waiting.reject(reviveError(reply.error));
  }

  private failAll(error: Error) {
    this.closed = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.queuedBytes = 0;
  }

  /** `sent`: called once the request is on its way (not refused), before anything else is sent. */
  private call<T>(request: DistributiveOmit<Request, 'id'>, sent?: () => void): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    // Only statements count and can be refused: ending a transaction, closing and the rest always go
    // through, so a refused statement still lets its transaction roll back. One statement alone is never
    // refused (its text is in memory anyway), so the bound holds up to one statement over it.
    // Statements of a transaction already open are never refused: it holds the database until it ends.
    const bytes =
      request.op === 'query'
        ? sizeOf(request.sql) + sizeOf(request.params)
        : request.op === 'exec'
          ? sizeOf(request.sql)
          : 0;
    const opened = 'txId' in request && request.txId !== undefined && !('begin' in request && request.begin);
    if (!opened && bytes > 0 && this.queuedBytes > 0 && this.queuedBytes + bytes > this.queueMaxBytes) {
      return Promise.reject(new DatabaseBusyError(this.queuedBytes, this.queueMaxBytes));
    }
    sent?.();
    const id = this.nextId++;
    this.queuedBytes += bytes;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, bytes });
      this.worker.postMessage({ ...request, id } as Request);
    });
  }

  private queryIn<T>(
    tx: { id: number; began: boolean } | undefined,
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ) {
    const textTypes = textTypesOf(options);
    return this.call<Results<T>>(
      {
        op: 'query',
        sql,
        ...this.inTransaction(tx),
        ...(params ? { params } : {}),
        ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
        ...(textTypes ? { textTypes } : {}),
      },
      () => this.began(tx),
    );
  }

  /** The transaction fields of a statement: the first one of a transaction opens it (see the protocol). */
  private inTransaction(tx: { id: number; began: boolean } | undefined): { txId?: number; begin?: true } {
    if (!tx) return {};
    return tx.began ? { txId: tx.id } : { txId: tx.id, begin: true };
  }

  /** Marks a transaction open once its first statement is sent (a refused one leaves nothing to end). */
  private began(tx: { id: number; began: boolean } | undefined) {
    if (tx) tx.began = true;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.queryIn<T>(undefined, sql, params, options);
  }

  exec(sql: string) {
    return this.call<Array<Results>>({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    // Opened by its first statement, not by a message of its own; one that never ran a statement has nothing to end.
    const state = { id: this.nextId++, began: false };
    let closed = false;
    const end = async (commit: boolean) => {
      closed = true;
      if (state.began) await this.call({ op: 'end', txId: state.id, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.queryIn<R>(state, sql, params, options),
      sql: () => {
        throw new Error('tagged-template queries are not available through the database thread');
      },
      exec: (sql: string) =>
        this.call<Array<Results>>({ op: 'exec', ...this.inTransaction(state), sql }, () => this.began(state)),
      rollback: () => end(false),
      listen: () => {
        throw new Error('listen inside a transaction is not supported');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (!closed) await end(false).catch(() => {});
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void) {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.call({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(callback);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.call({ op: 'unlisten', channel });
    };
  }

  /** Bytes of the WebAssembly memory the database runs in. */
  wasmMemoryBytes() {
    return this.call<number>({ op: 'memory' });
  }

  async dumpDataDir() {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]);
  }

  /**
   * For /metrics: statements sent and not answered yet (running or queued in the thread) and their bytes,
   * and the thread's busy time so far in milliseconds (its event loop's active time, read without asking
   * the thread).
   */
  load() {
    return {
      queued: this.pending.size,
      queuedBytes: this.queuedBytes,
      busyMs: this.worker.performance.eventLoopUtilization().active,
    };
  }

  async close() {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => {});
    this.closed = true;
    await this.worker.terminate();
  }
}
