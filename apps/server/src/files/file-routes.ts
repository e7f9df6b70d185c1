/**
 * /fs/api/: upload (multipart; the library's resumable chunked upload in chunk-upload-route.ts), viewPic.file (images, cached forever by content hash;
 * `w`/`fmt` ask for a smaller or WebP copy, see image-variants.ts)
 * and downloadFile.file (attachment unless view=1 for a type browsers show safely).
 * Unknown, malformed or unreadable uuids all answer the same 404, so existence is not revealed.
 */
import type { FastifyInstance } from 'fastify';
import { registerChunkUploadRoute } from './chunk-upload-route';
import { registerDownloadRoute } from './download-route';
import { fileServing } from './file-serving';
import { registerUploadRoute } from './upload-route';
import { registerViewRoute } from './view-route';

export const registerFileRoutes = async (app: FastifyInstance) => {
  await registerUploadRoute(app);
  await registerChunkUploadRoute(app);
  const serving = fileServing(app);
  registerViewRoute(app, serving);
  registerDownloadRoute(app, serving);
};
