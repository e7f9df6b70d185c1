/**
 * Files: the blob store (app.blobs), picture variants (app.imageVariants) and the /fs/api/ routes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBlobStore } from './blob-store';
import { registerFileRoutes } from './file-routes';
import { imageVariants } from './image-variants';

export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const blobs = createBlobStore(app.config);
    app.decorate('blobs', blobs);
    app.decorate('imageVariants', imageVariants(app.config.dataDir));
    await app.register(registerFileRoutes);
  },
  { name: 'files', dependencies: ['auth'] },
);
