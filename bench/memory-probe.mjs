// Loaded into the server by bench:memory (`node --import bench/memory-probe.mjs …`): answers 'memory' on the
// IPC channel with the server thread's V8 heap and Node's view of its memory. It changes nothing else; the
// channel is unref'd so it never keeps the server alive. `{snapshot: path}` writes a heap snapshot there.
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';

if (process.send) {
  process.on('message', (message) => {
    if (typeof message === 'object' && message?.snapshot) {
      process.send({ snapshot: writeHeapSnapshot(message.snapshot) });
      return;
    }
    if (message !== 'memory') return;
    const usage = process.memoryUsage();
    const heap = getHeapStatistics();
    process.send({
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      arrayBuffers: usage.arrayBuffers,
      mallocedMemory: heap.malloced_memory,
    });
  });
  process.channel?.unref();
}
