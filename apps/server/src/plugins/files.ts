/**
 * Files: the blob store (app.blobs), the demo covers it must hold, and the /fs/api/ routes.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBlobStore } from '../files/blob-store';
import { registerFileRoutes } from '../files/file-routes';
import { seededCoverUuids } from '../seed/accounts';
import { demoCovers } from '../seed/covers';

export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const blobs = createBlobStore(app.config);
    app.decorate('blobs', blobs);
    // Covers are drawn deterministically, so a fresh DATA_DIR (or a second instance's disk) gets them back.
    const missing: string[] = [];
    for (const uuid of await seededCoverUuids(app.db)) if (!(await blobs.exists(uuid))) missing.push(uuid);
    if (missing.length > 0) {
      for (const cover of await demoCovers()) {
        if (missing.includes(cover.uuid)) await blobs.put(cover.uuid, Readable.from([cover.bytes]));
      }
    }
    await app.register(registerFileRoutes);
  },
  { name: 'files', dependencies: ['auth'] },
);
