import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderQueue', () => {
  it('runs at most its limit at once and starts the others in arrival order as renders finish', async () => {
    const queue = new RenderQueue(2);
    const started: number[] = [];
    const finish: (() => void)[] = [];
    const runs = [0, 1, 2, 3].map((n) =>
      queue.run(async () => {
        started.push(n);
        await new Promise<void>((done) => finish.push(done));
        return n;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(2);
    finish[1]?.();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish[0]?.();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const done of finish) done();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.queued).toBe(0);
  });

  it('frees the slot of a render that fails', async () => {
    const queue = new RenderQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    );
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
