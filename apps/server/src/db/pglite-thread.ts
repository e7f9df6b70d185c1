/**
 * The embedded database in a worker thread (decision 030), seen from the server's thread with the part of
 * PGlite's interface that drizzle's PGlite driver, the migrator, the outbox's LISTEN and the tests' template
 * dump use: query, exec, transaction, listen, dumpDataDir, close.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { EMBEDDED_MEMORY_DEFAULTS, type EmbeddedMemory } from './pglite-memory';
import { type OpenRequest, type Reply, type Request, reviveError } from './pglite-thread-protocol';

/** What the server uses of an embedded database, in this thread or in a worker. */
export interface EmbeddedClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none'): Promise<File | Blob>;
  close(): Promise<void>;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
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

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => this.receive(reply));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`the database thread stopped (exit code ${code})`)));
  }

  static async start(
    options: Omit<OpenRequest, 'memory' | 'initOnly'> & { memory?: EmbeddedMemory },
  ): Promise<PGliteThread> {
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
    return new PGliteThread(await PGliteThread.spawn(request));
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
    if (reply.kind === 'result') waiting.resolve(reply.value);
    else waiting.reject(reviveError(reply.error));
  }

  private failAll(error: Error) {
    this.closed = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private call<T>(request: DistributiveOmit<Request, 'id'>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
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
    return this.call<Results<T>>({
      op: 'query',
      sql,
      ...this.inTransaction(tx),
      ...(params ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(textTypes ? { textTypes } : {}),
    });
  }

  /** The transaction fields of a statement: the first one of a transaction opens it (see the protocol). */
  private inTransaction(tx: { id: number; began: boolean } | undefined): { txId?: number; begin?: true } {
    if (!tx) return {};
    if (tx.began) return { txId: tx.id };
    tx.began = true;
    return { txId: tx.id, begin: true };
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
      exec: (sql: string) => this.call<Array<Results>>({ op: 'exec', ...this.inTransaction(state), sql }),
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
   * For /metrics: statements sent and not answered yet (running or queued in the thread), and the thread's
   * busy time so far in milliseconds (its event loop's active time, read without asking the thread).
   */
  load() {
    return { queued: this.pending.size, busyMs: this.worker.performance.eventLoopUtilization().active };
  }

  async close() {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => {});
    this.closed = true;
    await this.worker.terminate();
  }
}
