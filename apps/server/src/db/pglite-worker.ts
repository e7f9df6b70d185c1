/**
 * The worker thread that owns the embedded database (decision 030). PGlite runs each query to the end
 * on the thread that calls it; here that is this thread, so the server's own thread keeps serving pages
 * and answering cached requests while a query runs. Queries arrive as messages and run through PGlite's
 * own queue, exactly as they would in the server's thread; a transaction is held open across messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { open, wasmMemoryBytes } from './pglite-open';
import { PreparedStatements } from './pglite-prepared';
import {
  type OpenRequest,
  type QueryRequest,
  type Reply,
  type Request,
  serialiseError,
} from './pglite-thread-protocol';

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');
const send = (reply: Reply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

const unchanged = (value: string) => value;

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  settled: Promise<void>;
}

const serve = (db: PGlite) => {
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();

  const target = (txId: number | undefined) => {
    if (txId === undefined) return db;
    const open = transactions.get(txId);
    if (!open) throw new Error(`transaction ${txId} is not open`);
    return open.tx;
  };

  const statements = new PreparedStatements(db);

  const query = (request: QueryRequest) => {
    const into = target(request.txId);
    const rowMode = request.rowMode ? { rowMode: request.rowMode } : {};
    if (PreparedStatements.preparable(request.sql)) {
      const textTypes = request.textTypes ? { textTypes: request.textTypes } : {};
      const inTransaction = request.txId !== undefined;
      return statements.query(request.sql, request.params ?? [], { ...rowMode, ...textTypes }, inTransaction);
    }
    return into.query(request.sql, request.params, {
      ...rowMode,
      ...(request.textTypes
        ? { parsers: Object.fromEntries(request.textTypes.map((oid) => [oid, unchanged])) }
        : {}),
    });
  };

  const begin = (txId: number) =>
    new Promise<void>((began, failedToBegin) => {
      let inside = false;
      // Settles once PGlite has left the transaction: committed, or rolled back (RolledBack is expected).
      const settled: Promise<void> = db
        .transaction(async (tx) => {
          inside = true;
          const commit = await new Promise<boolean>((finish) => {
            transactions.set(txId, { tx, finish, settled });
            began();
          });
          transactions.delete(txId);
          // Throwing is how PGlite's transaction() rolls back.
          if (!commit) throw new RolledBack();
        })
        .catch((error: unknown) => {
          transactions.delete(txId);
          if (error instanceof RolledBack) return;
          if (!inside) failedToBegin(error);
          throw error;
        });
      // An error after BEGIN reaches the caller through 'end'; keep it from being an unhandled rejection here.
      settled.catch(() => {});
    });

  // Transactions being opened by their first statement: a statement sent beside it waits until it is open.
  const opening = new Map<number, Promise<void>>();
  const opened = (request: { txId?: number; begin?: true }) => {
    if (request.txId === undefined) return undefined;
    if (!request.begin) return opening.get(request.txId);
    const txId = request.txId;
    const began = begin(txId).finally(() => opening.delete(txId));
    opening.set(txId, began);
    return began;
  };

  const handle = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        await opened(request);
        return query(request);
      case 'exec':
        await opened(request);
        return target(request.txId).exec(request.sql);
      case 'end': {
        await opened(request);
        const open = transactions.get(request.txId);
        if (!open) throw new Error(`transaction ${request.txId} is not open`);
        open.finish(request.commit);
        // Answer once PGlite has finished COMMIT or ROLLBACK, so the caller's next query sees the outcome.
        await open.settled;
        return undefined;
      }
      case 'listen': {
        if (!listeners.has(request.channel)) {
          const off = await db.listen(request.channel, (payload) =>
            send({ kind: 'notify', channel: request.channel, payload }),
          );
          listeners.set(request.channel, off);
        }
        return undefined;
      }
      case 'unlisten': {
        const off = listeners.get(request.channel);
        listeners.delete(request.channel);
        if (off) await off();
        return undefined;
      }
      case 'dump': {
        const dump = await db.dumpDataDir('none');
        return dump.arrayBuffer();
      }
      case 'memory':
        return wasmMemoryBytes(db);
      case 'close':
        await db.close();
        return undefined;
    }
  };

  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => send({ kind: 'result', id: request.id, value }, value instanceof ArrayBuffer ? [value] : []),
      (error: unknown) => send({ kind: 'error', id: request.id, error: serialiseError(error) }),
    );
  });
};

class RolledBack extends Error {}

const request = workerData as OpenRequest;
open(request).then(
  async (db) => {
    if (request.initOnly) {
      await db.close();
      send({ kind: 'ready' });
      return;
    }
    serve(db);
    send({ kind: 'ready' });
  },
  (error: unknown) => send({ kind: 'openFailed', error: serialiseError(error) }),
);
