/**
 * Recordings and videos must be what their first bytes claim (decision 014): the container's
 * structure is walked to its end, as pictures must decode. Magic bytes alone would let anything
 * with a RIFF/WAVE or ftyp prefix be stored and served inline as media.
 */
import { open } from 'node:fs/promises';

type Reader = (offset: number, length: number) => Promise<Buffer>;

/** Bytes read from disk at a time: a walk over many small elements costs a read per window, not per element. */
const WINDOW_BYTES = 64 * 1024;

/**
 * Most elements a walk visits before giving up: real files have a few chunks or boxes, or a cluster per
 * second or so of video; a file made of nothing but empty padding elements would otherwise keep the
 * upload busy for minutes.
 */
const MAX_ELEMENTS = 50_000;

const withReader = async <T>(path: string, use: (read: Reader) => Promise<T>) => {
  const handle = await open(path, 'r');
  let windowAt = 0;
  let window = Buffer.alloc(0);
  try {
    return await use(async (offset, length) => {
      if (offset < windowAt || offset + length > windowAt + window.length) {
        const buffer = Buffer.alloc(Math.max(length, WINDOW_BYTES));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        windowAt = offset;
        window = buffer.subarray(0, bytesRead);
      }
      return window.subarray(offset - windowAt, offset - windowAt + length);
    });
  } finally {
    await handle.close();
  }
};

/** RIFF/WAVE: chunks laid end to end up to the file's end, with a format chunk before the samples. */
const isWav = async (read: Reader, size: number) => {
  const head = await read(0, 12);
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return false;
  let offset = 12;
  let format = false;
  for (let seen = 0; offset + 8 <= size && seen < MAX_ELEMENTS; seen++) {
    const chunk = await read(offset, 8);
    const id = chunk.toString('latin1', 0, 4);
    const length = chunk.readUInt32LE(4);
    if (id === 'fmt ') {
      if (length < 16) return false;
      const fmt = await read(offset + 8, 16);
      format = fmt.readUInt16LE(2) > 0 && fmt.readUInt32LE(4) > 0;
    }
    if (id === 'data') return format && offset + 8 + length <= size + 1;
    offset += 8 + length + (length % 2);
  }
  return false;
};

/** ISO base media (MP4, M4A, QuickTime): top-level boxes laid end to end, one of them the movie header. */
const isIsoMedia = async (read: Reader, size: number) => {
  let offset = 0;
  let movie = false;
  for (let seen = 0; offset < size; seen++) {
    if (seen === MAX_ELEMENTS) return false;
    const box = await read(offset, 16);
    if (box.length < 8) return false;
    let length = box.readUInt32BE(0);
    const type = box.toString('latin1', 4, 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (length === 1) {
      if (box.length < 16) return false;
      length = Number(box.readBigUInt64BE(8));
    } else if (length === 0) {
      length = size - offset;
    }
    if (length < 8) return false;
    if (type === 'moov') movie = true;
    offset += length;
  }
  return movie && offset === size;
};

/** Reads an EBML variable-length number (an element id keeps its marker bit, a size does not). */
const vint = (bytes: Buffer, at: number, keepMarker: boolean) => {
  const first = bytes[at] ?? 0;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] ?? 0);
  // All value bits set: "size unknown" (live recordings write their segment and clusters so).
  return { value, length, unknown: !keepMarker && value === 2 ** (7 * length) - 1 };
};

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
/** Elements that may stand directly in a Segment: SeekHead, Info, Tracks, Cluster, Cues, Attachments, Chapters, Tags, Void, CRC-32. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74,
  0x1549a966,
  TRACKS,
  0x1f43b675,
  0x1c53bb6b,
  0x1941a469,
  0x1043a770,
  0x1254c367,
  0xec,
  0xbf,
]);

/** WebM (Matroska): the EBML header, then a Segment whose elements are known ones, among them the tracks. */
const isWebm = async (read: Reader, size: number) => {
  const head = await read(0, 64);
  const id = vint(head, 0, true);
  const headerSize = id?.value === EBML ? vint(head, id.length, false) : null;
  if (!id || !headerSize) return false;
  const segmentAt = id.length + headerSize.length + headerSize.value;
  const segmentHead = await read(segmentAt, 16);
  const segment = vint(segmentHead, 0, true);
  const segmentSize = segment?.value === SEGMENT ? vint(segmentHead, segment.length, false) : null;
  if (!segment || !segmentSize) return false;
  let at = segmentAt + segment.length + segmentSize.length;
  const end = segmentSize.unknown ? size : Math.min(size, at + segmentSize.value);
  let tracks = false;
  for (let seen = 0; at < end; seen++) {
    if (seen === MAX_ELEMENTS) return false;
    const element = await read(at, 16);
    const childId = vint(element, 0, true);
    const childSize = childId ? vint(element, childId.length, false) : null;
    if (!childId || !childSize || !SEGMENT_CHILDREN.has(childId.value)) return false;
    if (childId.value === TRACKS) tracks = true;
    if (childSize.unknown) break;
    at += childId.length + childSize.length + childSize.value;
  }
  return tracks;
};

const CHECKS: Record<string, (read: Reader, size: number) => Promise<boolean>> = {
  wav: isWav,
  m4a: isIsoMedia,
  mp4: isIsoMedia,
  mov: isIsoMedia,
  webm: isWebm,
};

/** True when the file's container holds together; formats without a check pass. */
export const isWellFormedMedia = async (path: string, size: number, format: string) => {
  const check = CHECKS[format];
  if (!check) return true;
  try {
    return await withReader(path, (read) => check(read, size));
  } catch {
    return false;
  }
};
