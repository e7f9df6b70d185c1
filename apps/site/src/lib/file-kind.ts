/** How a file is shown, from its derived format (the extension of its name, spec §3). */
import { fileFormatOf } from '@yuexun/contract';

export type FileKind = 'image' | 'pdf' | 'text' | 'audio' | 'video' | 'other';

const KINDS: Record<string, FileKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'other',
  pdf: 'pdf',
  txt: 'text',
  csv: 'text',
  log: 'text',
  md: 'text',
  json: 'text',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  aac: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

export const kindOf = (fileName: string): FileKind => KINDS[fileFormatOf(fileName)] ?? 'other';
