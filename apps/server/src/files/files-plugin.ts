/**
 * Files: the blob store (app.blobs), picture variants (app.imageVariants), files kept for other domains
 * (app.privateUploads), the /fs/api/ routes and the job measuring older pictures (picture-sizes-job.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openFileStores } from './blob-store';
import { registerFileRoutes } from './file-routes';
import { imageVariants } from './image-variants';
import { registerPictureSizesJob } from './picture-sizes-job';
import { privateUploads } from './private-uploads';

export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const { blobs, variants, objectStore } = await openFileStores(app.config);
    app.decorate('blobs', blobs);
    app.decorate('imageVariants', imageVariants(variants, app.log));
    app.decorate('privateUploads', privateUploads(app));
    if (objectStore) {
      app.addHook('onClose', async () => objectStore.close());
      // The server starts whatever the store says (pages need no file), and says which setting is wrong;
      // until the store answers, uploads are refused and file reads answer 503.
      const { bucket, endpoint } = app.config.s3 ?? {};
      void objectStore.probe().then((fault) => {
        if (fault) app.log.error({ bucket, endpoint }, `object store not usable: ${fault}`);
        else app.log.info({ bucket, endpoint }, 'object store ready');
      });
    }
    await app.register(registerFileRoutes);
    registerPictureSizesJob(app);
  },
  { name: 'files', dependencies: ['auth', 'outbox'] },
);
