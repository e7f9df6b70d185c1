/** Console-side test helpers: an admin and a user session on one real server, and request keys. */
import { randomUUID } from 'node:crypto';
import { type ActionDef, fileUrls } from '@yuexun/contract';
import { callAs, sessionOf } from './accounts';
import type { ApiResponse, TestServer } from './server';

export interface AdminSessions {
  /** Calls an action as the demo admin (JSON body, like the console's editor saves). */
  asAdmin: (def: ActionDef, body?: Record<string, unknown>) => Promise<ApiResponse>;
  asUser: (def: ActionDef, body?: Record<string, unknown>) => Promise<ApiResponse>;
  adminSid: string;
  userSid: string;
}

export const adminSessions = async (server: TestServer): Promise<AdminSessions> => {
  const [adminSid, userSid] = await Promise.all([sessionOf(server, 'admin'), sessionOf(server, 'user')]);
  return {
    adminSid,
    userSid,
    asAdmin: (def, body = {}) => callAs(server, def, adminSid, body, 'cookie', { json: true }),
    asUser: (def, body = {}) => callAs(server, def, userSid, body, 'cookie', { json: true }),
  };
};

export const requestKey = () => randomUUID();

/** The data of a successful single-record answer, failing the test with the envelope otherwise. */
export const only = (res: ApiResponse) => {
  if (!res.body?.success) throw new Error(`expected success, got ${res.text}`);
  return res.body.datas[0];
};

// A 1×1 PNG: enough for the server's content-type detection.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a public PNG as the given session through the real upload route. */
export const uploadPng = (server: TestServer, sid: string, name: string) =>
  uploadPublic(server, sid, name, PNG, 'image/png');

/** Uploads `bytes` as a public file as the given session through the real upload route; throws when refused. */
export const uploadPublic = async (
  server: TestServer,
  sid: string,
  name: string,
  bytes: Buffer,
  type: string,
) => {
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${server.url}${fileUrls.upload}`, {
    method: 'POST',
    body: form,
    headers: { cookie: `yx_sid=${sid}` },
  });
  const body = (await res.json()) as { success: boolean; datas: { fileUuid: string; fileName: string }[] };
  if (!body.success) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.datas[0] as { fileUuid: string; fileName: string };
};
