/**
 * The site's data interface over the domain services: whether a visitor may open a file (the preview page's
 * answer, by the rule of the view and download routes), and the download centre from its catalogue.
 */
import { randomBytes } from 'node:crypto';
import { fileUrls } from '@yuexun/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { fileClient, image, startFileServer } from '../../test/files';
import { drivers, type TestServer } from '../../test/server';
import { DOWNLOAD_CATALOGUE } from '../files/download-catalogue';
import { siteServices } from './services';

/** A page request presenting `headers` (the session is read from the x-sid header or the cookie). */
const pageRequest = (headers: Record<string, string> = {}) => {
  const sid = headers.cookie?.split('yx_sid=')[1];
  return { headers, cookies: sid ? { yx_sid: sid } : {}, body: undefined } as FastifyRequest;
};

describe.each(drivers)('site services on %s', (driver) => {
  let server: TestServer;
  let user: string;
  let admin: string;
  let privateUuid: string;
  beforeAll(async () => {
    ({ server, user, admin } = await startFileServer(driver));
    const { upload } = fileClient(() => server);
    privateUuid = (await upload(await image('png'), 'private.png', { sid: user })).body.data[0].fileUuid;
  });
  afterAll(() => server.close());

  const access = (uuid: string, headers?: Record<string, string>) =>
    siteServices(server.app, pageRequest(headers)).fileAccess(uuid);

  it('a private file is readable by whoever the view route shows it to, and private to everyone else', async () => {
    const { get } = fileClient(() => server);
    const cases: [Record<string, string>, 'readable' | 'private'][] = [
      [cookieHeader(user), 'readable'],
      [{ 'x-sid': admin }, 'readable'],
      [{}, 'private'],
      [cookieHeader('forged-session-id'), 'private'],
      [{ 'x-sid': randomBytes(32).toString('base64url') }, 'private'],
    ];
    for (const [headers, expected] of cases) {
      expect(await access(privateUuid, headers)).toBe(expected);
      const viewed = await get(fileUrls.viewPic(privateUuid), headers);
      expect(viewed.status).toBe(expected === 'readable' ? 200 : 404);
    }
  });

  it('a public file is readable by anyone; an unknown one is missing', async () => {
    const [first] = DOWNLOAD_CATALOGUE;
    expect(await access(first?.fileUuid as string)).toBe('readable');
    expect(await access('00000000-0000-4000-8000-000000000000', cookieHeader(admin))).toBe('missing');
    const services = siteServices(server.app, pageRequest());
    expect(await services.fileExists(privateUuid)).toBe(true);
    expect(await services.fileExists('00000000-0000-4000-8000-000000000000')).toBe(false);
  });

  it('the download centre lists the catalogue with what each stored file says about itself', async () => {
    const downloads = await siteServices(server.app, pageRequest()).downloads();
    expect(downloads.map((d) => d.fileUuid)).toEqual(DOWNLOAD_CATALOGUE.map((e) => e.fileUuid));
    expect(downloads[0]).toMatchObject({
      format: 'pdf',
      group: 'manual',
      title: DOWNLOAD_CATALOGUE[0]?.title,
    });
    expect(downloads[0]?.size).toBeGreaterThan(1000);
  });
});
