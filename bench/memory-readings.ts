/**
 * What bench:memory reads of the server process: /proc/PID/status fields, the embedded database's WebAssembly
 * memories from /proc/PID/smaps, and where a V8 heap's bytes are (bench:memory with BENCH_HEAP_SNAPSHOT=1): a .heapsnapshot's self sizes added up
 * per kind of node, objects and closures by constructor name, strings, code and arrays by V8's node type.
 * Self size, not retained size: enough to see which kind of thing fills the heap, cheap to compute.
 */
import { readFileSync } from 'node:fs';

const MB = 1024 * 1024;

export const statusKb = (status: string, field: string) =>
  Number(status.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);

/**
 * The WebAssembly memory: V8 reserves a large address range per memory (several GB, mostly inaccessible) and
 * makes its current size read-write at the front. So: a read-write mapping followed at once by an inaccessible
 * one of at least 1 GB. Its size is the memory's size; its Rss the part PostgreSQL has touched.
 */
export const wasmMemories = (pid: number) => {
  const maps: { start: bigint; end: bigint; perm: string; size: number; rss: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+)/);
    if (head) {
      maps.push({
        start: BigInt(`0x${head[1]}`),
        end: BigInt(`0x${head[2]}`),
        perm: head[3] ?? '',
        size: 0,
        rss: 0,
      });
      continue;
    }
    const last = maps[maps.length - 1];
    const field = line.match(/^(Size|Rss):\s+(\d+) kB/);
    if (last && field) last[field[1] === 'Size' ? 'size' : 'rss'] = Number(field[2]) * 1024;
  }
  const found: { size: number; rss: number }[] = [];
  maps.forEach((map, i) => {
    const next = maps[i + 1];
    if (
      map.perm.startsWith('rw') &&
      // PGlite's memory is never smaller than 128 MB; smaller read-write ranges before a reservation are V8's own.
      map.size >= 128 * MB &&
      next &&
      next.start === map.end &&
      next.perm.startsWith('---') &&
      next.size >= 1024 * MB
    ) {
      found.push({ size: map.size, rss: map.rss });
    }
  });
  return found;
};

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export const heapSummary = (path: string, top = 15) => {
  const snap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const bySort = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] as number] ?? '?';
    const name = snap.strings[snap.nodes[i + nameAt] as number] ?? '';
    const bytes = snap.nodes[i + sizeAt] as number;
    total += bytes;
    const sort = type === 'object' || type === 'closure' ? `${type} ${name.slice(0, 60)}` : type;
    const entry = bySort.get(sort) ?? { bytes: 0, count: 0 };
    entry.bytes += bytes;
    entry.count++;
    bySort.set(sort, entry);
  }
  const rows = [...bySort].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top);
  return { total, rows: rows.map(([sort, { bytes, count }]) => ({ sort, bytes, count })) };
};
