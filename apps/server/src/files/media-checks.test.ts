/**
 * The container walk of uploaded recordings and videos: real files pass, including ones larger than the
 * reading window; a file padded with tens of thousands of empty elements is refused instead of keeping the
 * upload busy for minutes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaFixture, wavTone } from '../../test/media';
import { isWellFormedMedia } from './media-checks';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'yuexun-media-'));
});
afterAll(() => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

const check = async (bytes: Buffer, format: string) => {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.${format}`);
  await writeFile(path, bytes);
  return isWellFormedMedia(path, bytes.length, format);
};

/** A WAV whose samples come after `count` empty JUNK chunks (8 bytes each). */
const paddedWav = (count: number) => {
  const tone = wavTone();
  const junk = Buffer.alloc(count * 8);
  for (let i = 0; i < count; i++) junk.write('JUNK', i * 8, 'latin1');
  const body = Buffer.concat([tone.subarray(12, 36), junk, tone.subarray(36)]);
  const riff = Buffer.from('RIFF\0\0\0\0WAVE', 'latin1');
  riff.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([riff, body]);
};

it('accepts real recordings and videos, a long recording across many reading windows too', async () => {
  expect(await check(wavTone(), 'wav')).toBe(true);
  expect(await check(wavTone(30), 'wav')).toBe(true);
  expect(await check(paddedWav(100), 'wav')).toBe(true);
  expect(await check(mediaFixture('voice-memo.m4a'), 'm4a')).toBe(true);
  expect(await check(mediaFixture('phone-video.mov'), 'mov')).toBe(true);
  expect(await check(mediaFixture('class-clip.webm'), 'webm')).toBe(true);
});

it('refuses a recording padded with more empty elements than any real file has', async () => {
  expect(await check(paddedWav(60_000), 'wav')).toBe(false);
});
