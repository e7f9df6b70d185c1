/**
 * A picture that looks like a QR code (21×21 modules from the path's hash, with the three finder squares), as a
 * PNG, for the WeCom stand-in's qr_code addresses: the browser tests show a picture, not a broken image.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const MODULES = 21;
const SCALE = 8;
const QUIET = 2;

export const qrPicture = (seed: string) => {
  const bits = createHash('sha512').update(seed).digest();
  const finder = (x: number, y: number) => {
    for (const [ox, oy] of [
      [0, 0],
      [MODULES - 7, 0],
      [0, MODULES - 7],
    ] as const) {
      const dx = x - ox;
      const dy = y - oy;
      if (dx >= 0 && dx < 7 && dy >= 0 && dy < 7)
        return dx === 0 || dy === 0 || dx === 6 || dy === 6 || (dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4);
    }
    return null;
  };
  const dark = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= MODULES || y >= MODULES) return false;
    const f = finder(x, y);
    if (f !== null) return f;
    const i = y * MODULES + x;
    return (((bits[i % bits.length] ?? 0) >> (i % 8)) & 1) === 1;
  };
  const side = (MODULES + 2 * QUIET) * SCALE;
  const rows: Buffer[] = [];
  for (let py = 0; py < side; py++) {
    const row = Buffer.alloc(1 + side, 255);
    row[0] = 0;
    for (let px = 0; px < side; px++)
      if (dark(Math.floor(px / SCALE) - QUIET, Math.floor(py / SCALE) - QUIET)) row[1 + px] = 0;
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
