/**
 * A picture's size is kept on its file (decision 071): recorded at upload, carried by a replace and a restore,
 * and measured in the background for pictures stored before sizes were kept; the site's body pictures build
 * their srcset and their width and height from it (apps/server/src/site/body-pictures.test.ts).
 */
import {
  type AdminFile,
  inquireFileListAdmin,
  inquireFileRevisionListAdmin,
  replaceFileAdmin,
  restoreFileRevisionAdmin,
} from '@yuexun/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, uploadPublic } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { file } from '../db/schema';
import { measureUnsizedPictures } from './picture-sizes-job';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();

describe.each(drivers)('picture sizes on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const upload = async (name: string, bytes: Buffer, type = 'image/png') =>
    (await uploadPublic(server, s.adminSid, name, bytes, type)).fileUuid;
  const sizeOf = async (uuid: string) => {
    const [row] = await server.app.db
      .select({ width: file.width, height: file.height })
      .from(file)
      .where(eq(file.uuid, uuid));
    return row;
  };

  it('is recorded at upload, follows a replace, and comes back with a restored revision', async () => {
    const uuid = await upload('校园航拍.png', await picture(640, 360));
    expect(await sizeOf(uuid)).toEqual({ width: 640, height: 360 });
    // 素材库 lists it with its size.
    const listed = (await s.asAdmin(inquireFileListAdmin, { keyword: '校园航拍' })).body.datas as AdminFile[];
    expect(listed.find((f) => f.fileUuid === uuid)).toMatchObject({ width: 640, height: 360 });
    const notPicture = await upload('说明.txt', Buffer.from('只是一段文字\n'), 'text/plain');
    expect(await sizeOf(notPicture)).toEqual({ width: null, height: null });

    const next = await upload('校园航拍-竖版.png', await picture(300, 500));
    only(await s.asAdmin(replaceFileAdmin, { fileUuid: uuid, withFileUuid: next }));
    expect(await sizeOf(uuid)).toEqual({ width: 300, height: 500 });

    const [revision] = (await s.asAdmin(inquireFileRevisionListAdmin, { fileUuid: uuid })).body.datas as {
      id: number;
    }[];
    only(await s.asAdmin(restoreFileRevisionAdmin, { fileUuid: uuid, revisionId: revision?.id }));
    expect(await sizeOf(uuid)).toEqual({ width: 640, height: 360 });
  });

  it('is measured in the background for pictures stored before, and a lost one is not read again', async () => {
    const kept = await upload('旧图-操场.png', await picture(420, 280));
    const lost = await upload('旧图-已丢失.png', await picture(100, 100));
    const text = await upload('旧说明.txt', Buffer.from('旧的说明文字\n'), 'text/plain');
    // As an install upgraded from before sizes were kept has them: unmeasured, one picture's bytes gone.
    await server.app.db
      .update(file)
      .set({ width: null, height: null })
      .where(inArray(file.uuid, [kept, lost]));
    await server.app.blobs.delete(lost);

    while ((await measureUnsizedPictures(server.app)) > 0);
    expect(await sizeOf(kept)).toEqual({ width: 420, height: 280 });
    // Recorded as unknown (0 × 0): the site serves it without sizes, and the job does not pick it again.
    expect(await sizeOf(lost)).toEqual({ width: 0, height: 0 });
    expect(await sizeOf(text)).toEqual({ width: null, height: null });
    expect(await measureUnsizedPictures(server.app)).toBe(0);
  });
});
