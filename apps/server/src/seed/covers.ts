/**
 * Cover pictures for the demo articles and products: abstract gradients and shapes rendered from
 * SVG by sharp. No text, because servers often lack CJK fonts. Deterministic: the same twelve
 * pictures (and uuids) on every machine, so a missing blob can be drawn again at start-up.
 */
import { createHash } from 'node:crypto';
import { demoUuid } from './demo-uuid';

export interface Cover {
  uuid: string;
  name: string;
  format: 'png' | 'jpg';
  contentType: string;
  bytes: Buffer;
  width: number;
  height: number;
  sha256: string;
}

const WIDTH = 800;
const HEIGHT = 450;
const PALETTES = [
  ['#1890ff', '#13c2c2', '#e6f7ff'],
  ['#2f54eb', '#722ed1', '#f0f5ff'],
  ['#13c2c2', '#52c41a', '#e6fffb'],
  ['#fa8c16', '#fadb14', '#fff7e6'],
  ['#eb2f96', '#722ed1', '#fff0f6'],
  ['#096dd9', '#36cfc9', '#f0f5ff'],
] as const;

export const COVER_COUNT = 12;

const uuidFor = (index: number) => demoUuid(`cover-${index}`);

/** A small deterministic generator, so shapes differ per cover but never between runs. */
const sequence = (seed: number) => {
  let x = seed * 2654435761;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
};

const svgFor = (index: number) => {
  const [from, to, light] = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const next = sequence(index + 1);
  const circles = Array.from({ length: 5 }, () => {
    const r = 40 + next() * 140;
    return `<circle cx="${(next() * WIDTH).toFixed(0)}" cy="${(next() * HEIGHT).toFixed(0)}" r="${r.toFixed(0)}" fill="${light}" fill-opacity="${(0.12 + next() * 0.25).toFixed(2)}"/>`;
  }).join('');
  const bars = Array.from({ length: 4 }, (_, i) => {
    const h = 60 + next() * 180;
    return `<rect x="${80 + i * 70}" y="${(HEIGHT - 60 - h).toFixed(0)}" width="44" height="${h.toFixed(0)}" rx="8" fill="#ffffff" fill-opacity="0.55"/>`;
  }).join('');
  const angle = Math.round(next() * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>${circles}${index % 2 ? bars : ''}
<path d="M0 ${HEIGHT - 40} Q ${WIDTH / 2} ${HEIGHT - 140} ${WIDTH} ${HEIGHT - 60} L ${WIDTH} ${HEIGHT} L 0 ${HEIGHT} Z" fill="#ffffff" fill-opacity="0.25"/>
</svg>`;
};

const formatOf = (index: number) => (index % 2 === 0 ? 'png' : 'jpg');

/** The covers' uuids, known without drawing them. */
export const coverUuids = () => Array.from({ length: COVER_COUNT }, (_, i) => uuidFor(i));

const render = async (index: number): Promise<Cover> => {
  const format = formatOf(index);
  // Loaded only when a cover is drawn (first start, or a missing blob), not on every start.
  const { default: sharp } = await import('sharp');
  const image = sharp(Buffer.from(svgFor(index)));
  const bytes =
    format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 82 }).toBuffer();
  return {
    uuid: uuidFor(index),
    name: `封面-${String(index + 1).padStart(2, '0')}.${format}`,
    format,
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
    bytes,
    width: WIDTH,
    height: HEIGHT,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
};

let rendered: Promise<Cover[]> | undefined;
/** Rendered once per process (a few tens of milliseconds each). */
export const demoCovers = () => {
  rendered ??= Promise.all(Array.from({ length: COVER_COUNT }, (_, i) => render(i)));
  return rendered;
};
