/**
 * Files: the blob store (app.blobs), picture variants (app.imageVariants), the demo covers and
 * downloads the store must hold, and the /fs/api/ routes.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBlobStore } from '../files/blob-store';
import { registerFileRoutes } from '../files/file-routes';
import { imageVariants } from '../files/image-variants';
import { seededCoverUuids } from '../seed/accounts';
import { demoCovers } from '../seed/covers';
import { demoDownloadFiles, seededDownloadUuids } from '../seed/downloads';

export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const blobs = createBlobStore(app.config);
    app.decorate('blobs', blobs);
    app.decorate('imageVariants', imageVariants(app.config.dataDir));
    // Demo covers and downloads are built deterministically, so a fresh DATA_DIR (or a second
    // instance's disk) gets back any the database records but the store lacks.
    const restore = async (
      recorded: Set<string>,
      build: () => Promise<{ uuid: string; bytes: Buffer }[]>,
    ) => {
      const missing: string[] = [];
      for (const uuid of recorded) if (!(await blobs.exists(uuid))) missing.push(uuid);
      if (missing.length === 0) return;
      for (const made of await build()) {
        if (missing.includes(made.uuid)) await blobs.put(made.uuid, Readable.from([made.bytes]));
      }
    };
    await restore(await seededCoverUuids(app.db), demoCovers);
    await restore(await seededDownloadUuids(app.db), async () => demoDownloadFiles());
    await app.register(registerFileRoutes);
  },
  { name: 'files', dependencies: ['auth'] },
);
