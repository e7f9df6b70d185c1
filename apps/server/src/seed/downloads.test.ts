import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { fileUrls } from '@yuexun/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../test/crypto';
import { startServer, type TestServer } from '../../test/server';
import { file } from '../db/schema';
import { DOWNLOAD_CATALOGUE } from '../files/download-catalogue';
import { detectFileKind } from '../files/file-checks';
import { demoDownloads } from './content/downloads';
import { wrap } from './documents/pdf';
import { downloadFileOf, seedDemoDownloads, seededCatalogue } from './downloads';

const files = demoDownloads.map(downloadFileOf);

/** The text drawn on a PDF's pages, decoded from the UTF-16 hex strings of its content streams. */
const pdfText = (bytes: Buffer) => {
  const raw = bytes.toString('latin1');
  let text = '';
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const stream = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    for (const hex of stream.matchAll(/<([0-9A-F]+)> Tj/g)) {
      text += Buffer.from(hex[1] ?? '', 'hex')
        .swap16()
        .toString('utf16le');
    }
  }
  return text;
};

describe('the seeded documents', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'yuexun-downloads-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));

  it.each(files.map((f) => [f.name, f] as const))(
    '%s passes the upload checks as what it is',
    async (name, made) => {
      const path = join(dir, made.uuid);
      await writeFile(path, made.bytes);
      const kind = await detectFileKind(path, made.bytes.length, name);
      expect(kind?.format).toBe(made.format);
      expect(kind?.contentType).toBe(made.contentType);
    },
  );

  it('are the download catalogue, in its order: each seeded under the uuid the catalogue lists', () => {
    expect(files.map((f) => f.uuid)).toEqual(DOWNLOAD_CATALOGUE.map((e) => e.fileUuid));
  });

  it('are built the same on every machine (a missing blob can be rebuilt)', () => {
    const again = demoDownloads.map(downloadFileOf);
    expect(again.map((f) => [f.uuid, f.sha256])).toEqual(files.map((f) => [f.uuid, f.sha256]));
  });

  it('PDFs are well-formed: every cross-reference points at its object, the text is the content', () => {
    for (const made of files.filter((f) => f.format === 'pdf')) {
      const raw = made.bytes.toString('latin1');
      expect(raw.startsWith('%PDF-1.7\n')).toBe(true);
      const startxref = Number(raw.match(/startxref\n(\d+)\n%%EOF\n$/)?.[1]);
      expect(raw.slice(startxref, startxref + 4)).toBe('xref');
      const offsets = [...raw.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
      expect(offsets.length).toBeGreaterThan(6);
      offsets.forEach((offset, i) => {
        expect(raw.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
      });
      const download = seededCatalogue().find((d) => d.fileName === made.name);
      const text = pdfText(made.bytes);
      expect(text).toContain(download?.title);
      expect(text).toMatch(/第 1 页 \/ 共 \d+ 页/);
    }
  });

  it('wraps Chinese lines within the width, never starting a line with closing punctuation', () => {
    const lines = wrap('学校管理员使用手机号登录，首次登录须修改初始密码。'.repeat(4), 11, 120);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines.slice(1)) expect(line[0]).not.toMatch(/[，。、；：）]/);
    expect(lines.join('')).toBe('学校管理员使用手机号登录，首次登录须修改初始密码。'.repeat(4));
  });

  it('CSV opens in Excel as UTF-8 (byte-order mark, CRLF)', () => {
    const csv = files.find((f) => f.format === 'csv');
    expect(csv?.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = csv?.bytes.toString('utf8') ?? '';
    expect(text.startsWith('\uFEFF姓名,手机号,部门,岗位,任教学科,任教班级\r\n')).toBe(true);
    // A field holding a comma is quoted.
    expect(text).toContain('"三年级1班,三年级2班"');
  });
});

describe('the download centre over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('records each document once as a public file (seeding again changes nothing)', async () => {
    expect(await seedDemoDownloads(server.app.db)).toBe(false);
    const rows = await server.app.db
      .select()
      .from(file)
      .where(
        inArray(
          file.uuid,
          files.map((f) => f.uuid),
        ),
      );
    expect(rows).toHaveLength(files.length);
    for (const row of rows) {
      const made = files.find((f) => f.uuid === row.uuid);
      expect(row).toMatchObject({ visibility: 'public', sha256: made?.sha256, size: made?.bytes.length });
    }
  });

  it('lists every document with format, size, a download link and a preview link where the browser shows it', async () => {
    // React separates adjacent texts with <!-- -->; a reader sees them joined.
    const html = (await (await fetch(`${server.url}/download`)).text()).replace(/<!-- -->/g, '');
    for (const entry of seededCatalogue()) {
      expect(html).toContain(entry.title);
      const download = fileUrls.download(entry.fileUuid, entry.fileName).replace(/&/g, '&amp;');
      expect(html).toContain(`href="${download}"`);
      const previewable = /\.(pdf|txt|csv)$/.test(entry.fileName);
      expect(html.includes(`/file-preview/1.0/?fileUuid=${entry.fileUuid}`)).toBe(previewable);
    }
    for (const group of ['操作手册', '产品白皮书', '资质文件', '模板与表格']) expect(html).toContain(group);
    expect(html).toMatch(/格式：PDF/);
    expect(html).toMatch(/大小：\d+\.\d KB/);
  });

  it.each(files.map((f) => [f.name, f] as const))(
    '%s downloads its stored bytes with its type and name',
    async (name, made) => {
      const res = await fetch(`${server.url}${fileUrls.download(made.uuid, name)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(made.contentType);
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition.startsWith('attachment;')).toBe(true);
      expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1] ?? '')).toBe(name);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(made.sha256);
    },
  );
});
