import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileUrls } from '@yuexun/contract';
import sharp from 'sharp';
import { docx } from '../src/seed/documents/office';
import { pdf } from '../src/seed/documents/pdf';
import { cookieHeader, type SessionPath, schoolSessionOf, sessionOf } from './accounts';
import { type ApiResponse, type Driver, startServer, type TestServer } from './server';

export { sha256 } from './crypto';
export const minimalPdf = () => pdf('课程表', [{ kind: 'paragraph', text: '星期一 语文 数学 英语' }], '');
export const minimalDocx = (text: string) => docx(text, [{ kind: 'paragraph', text }]);
export const UPLOAD_LIMIT = 256 * 1024;

export const image = (format: 'png' | 'jpeg') => {
  const pic = sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 24, g: 144, b: 255 } },
  });
  return (format === 'png' ? pic.png() : pic.jpeg()).toBuffer();
};

export interface UploadInit {
  sid?: string;
  via?: SessionPath;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** Leave out the file part. */
  noFile?: boolean;
}

/** A server with the files tests' upload limit, and a user's and an admin's session on it. */
export const startFileServer = async (driver: Driver) => {
  const server = await startServer(driver, { uploadMaxBytes: UPLOAD_LIMIT });
  const user = await sessionOf(server, 'user');
  // The admin of the user's school (悦讯实验学校), as before the vendor's staff started at the vendor.
  const admin = await schoolSessionOf(server, 'admin');
  return { server, user, admin };
};

/** Upload, read and temp-file count against the server `current()` returns (set in beforeAll). */
export const fileClient = (current: () => TestServer) => ({
  upload: async (bytes: Buffer, name: string, init: UploadInit = {}) => {
    const form = new FormData();
    const via = init.via ?? 'cookie';
    if (init.sid && via === 'sid field') form.append('sid', init.sid);
    for (const [k, v] of Object.entries(init.fields ?? {})) form.append(k, v);
    if (!init.noFile) form.append('file', new Blob([bytes]), name);
    const headers: Record<string, string> = { ...init.headers };
    if (init.sid && via === 'cookie') Object.assign(headers, cookieHeader(init.sid));
    if (init.sid && via === 'x-sid header') headers['x-sid'] = init.sid;
    const res = await fetch(`${current().url}${fileUrls.upload}`, { method: 'POST', body: form, headers });
    return { status: res.status, body: (await res.json()) as ApiResponse['body'] };
  },
  get: async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${current().url}${path}`, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes };
  },
  tempFilesLeft: async () => {
    try {
      return (await readdir(join(current().app.config.dataDir, 'tmp'))).length;
    } catch {
      return 0;
    }
  },
});
