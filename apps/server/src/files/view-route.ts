/** GET viewPic.file: pictures inline, cached forever by content hash; `w`/`fmt` ask for a smaller or WebP copy. */
import {
  BusinessCode,
  fail,
  fileUrls,
  imageFormatFor,
  imageWidthFor,
  messages,
  PICTURE_CROPS,
  pictureCropFor,
  viewPicQuery,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { fileAnswers, inputSchema } from '../http/openapi';
import { defineRoute } from '../http/route';
import { cleanFileName, contentDisposition, kindOfFormat } from './file-checks';
import { type FileServing, notFound, pathOnly } from './file-serving';
import { croppable, variantTag, wantsVariant } from './image-variants';

export const registerViewRoute = (
  app: FastifyInstance,
  { readable, notModified, send, variantOf }: FileServing,
) => {
  defineRoute(app, {
    method: 'GET',
    url: pathOnly(fileUrls.viewPic('x')),
    schema: {
      summary:
        '查看图片（inline，长缓存；w=宽度、fmt=webp 取缩小或 WebP 版本；crop=banner-desktop、banner-phone、card、share 取围绕焦点的裁剪）',
      tags: ['fs'],
      description: '公开图片任何人可看；私有图片仅上传者与其单位管理员。看不到的与不存在的一样答 404。',
      querystring: inputSchema(viewPicQuery),
      response: fileAnswers('image/*', '图片（原图，或按 w、fmt 缩小、转换的版本）'),
    },
    // Parsed here, not by `query`: a wrong id answers the same 404 as a missing file.
    handler: async ({ request, reply }) => {
      const query = viewPicQuery.safeParse(request.query);
      if (!query.success) return notFound(reply, messages.picNotFound);
      const crop = pictureCropFor(query.data.crop);
      if (crop === 'unknown')
        return reply
          .status(400)
          .send(fail(BusinessCode.BAD_REQUEST, messages.cropUnknown(Object.keys(PICTURE_CROPS).join('、'))));
      const stored = await readable(request, query.data.fileUuid);
      if (stored && crop && !croppable(stored.format))
        return reply.status(400).send(fail(BusinessCode.BAD_REQUEST, messages.cropNotPicture));
      if (!stored || !kindOfFormat(stored.format).image) return notFound(reply, messages.picNotFound);
      // A copy the browser already holds is confirmed without reading or drawing it.
      const wanted = {
        width: imageWidthFor(query.data.w),
        format: imageFormatFor(query.data.fmt),
        crop: crop && { crop, focusX: stored.focusX, focusY: stored.focusY },
      };
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
