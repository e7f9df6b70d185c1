/**
 * Measures the pictures stored before their size was kept (decision 071): a recurring outbox job reads each
 * unmeasured picture's bytes back from the store and records the size it is shown at, a bounded batch at a
 * time, so that an upgraded site's older body pictures get their srcset and their width and height too.
 * A picture whose bytes are gone or do not decode is recorded as 0 × 0 (the site treats it as unknown), so
 * the job moves on instead of reading it again every run.
 */
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { file } from '../db/schema';
import { PICTURE_FORMATS, pictureSizeOf } from './file-checks';

export const PICTURE_SIZES_KIND = 'files.picture-sizes';
const EVERY_MS = 10 * 60_000;
/** Pictures read per batch: each is read whole (a phone photo is a few megabytes), one at a time. */
const BATCH = 20;
/** A run stops starting batches after this long; the next run goes on where it stopped. */
const RUN_BUDGET_MS = 60_000;

const UNKNOWN = { width: 0, height: 0 };

const bytesOf = async (app: FastifyInstance, uuid: string) => {
  const body = await app.blobs.get(uuid);
  return body ? buffer(body) : null;
};

/** Measures up to `limit` unmeasured pictures; answers how many it looked at. */
export const measureUnsizedPictures = async (app: FastifyInstance, limit = BATCH) => {
  const rows = await app.db
    .select({ uuid: file.uuid, sha256: file.sha256 })
    .from(file)
    .where(and(isNull(file.width), inArray(file.format, PICTURE_FORMATS)))
    .limit(limit);
  for (const row of rows) {
    const bytes = await bytesOf(app, row.uuid);
    const size = (bytes && (await pictureSizeOf(bytes))) || UNKNOWN;
    // Only the content that was read: a picture replaced meanwhile keeps the size its upload recorded.
    await app.db
      .update(file)
      .set(size)
      .where(and(eq(file.uuid, row.uuid), eq(file.sha256, row.sha256), isNull(file.width)));
  }
  return rows.length;
};

export const registerPictureSizesJob = (app: FastifyInstance) => {
  app.outbox.registerHandler(PICTURE_SIZES_KIND, async () => {
    const started = Date.now();
    let measured = 0;
    for (;;) {
      const looked = await measureUnsizedPictures(app);
      measured += looked;
      if (looked < BATCH || Date.now() - started > RUN_BUDGET_MS) break;
    }
    if (measured > 0) app.log.info({ measured }, 'picture sizes measured');
  });
  app.outbox.schedule(PICTURE_SIZES_KIND, PICTURE_SIZES_KIND, EVERY_MS);
};
