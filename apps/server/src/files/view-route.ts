/** GET viewPic.file: pictures inline, cached forever by content hash; `w`/`fmt` ask for a smaller or WebP copy. */
import { fileUrls, imageFormatFor, imageWidthFor, messages, viewPicQuery } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { fileAnswers, inputSchema } from '../http/openapi';
import { defineRoute } from '../http/route';
import { cleanFileName, contentDisposition, kindOfFormat } from './file-checks';
import { type FileServing, notFound, pathOnly } from './file-serving';
import { variantTag, wantsVariant } from './image-variants';

export const registerViewRoute = (
  app: FastifyInstance,
  { readable, notModified, send, variantOf }: FileServing,
) => {
  defineRoute(app, {
    method: 'GET',
    url: pathOnly(fileUrls.viewPic('x')),
    schema: {
      summary: '查看图片（inline，长缓存；w=宽度、fmt=webp 取缩小或 WebP 版本）',
      tags: ['fs'],
      description: '公开图片任何人可看；私有图片仅上传者与其单位管理员。看不到的与不存在的一样答 404。',
      querystring: inputSchema(viewPicQuery),
      response: fileAnswers('image/*', '图片（原图，或按 w、fmt 缩小、转换的版本）'),
    },
    // Parsed here, not by `query`: a wrong id answers the same 404 as a missing file.
    handler: async ({ request, reply }) => {
      const query = viewPicQuery.safeParse(request.query);
      if (!query.success) return notFound(reply, messages.picNotFound);
      const stored = await readable(request, query.data.fileUuid);
      if (!stored || !kindOfFormat(stored.format).image) return notFound(reply, messages.picNotFound);
      // A copy the browser already holds is confirmed without reading or drawing it.
      const wanted = { width: imageWidthFor(query.data.w), format: imageFormatFor(query.data.fmt) };
      if (
        wantsVariant(stored.format, wanted) &&
        notModified(request, reply, stored, variantTag(stored.format, wanted))
      )
        return reply.status(304).send();
      const { variant, failed } = await variantOf(request, stored, wanted);
      const name = variant ? cleanFileName(stored.name, variant.format) : stored.name;
      return send(request, reply, stored, contentDisposition('inline', name), variant, !failed);
    },
  });
};
