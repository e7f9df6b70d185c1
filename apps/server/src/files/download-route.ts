/** GET downloadFile.file: an attachment, or inline with view=1 for a type browsers show safely. */
import { downloadFileQuery, fileUrls } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { fileAnswers, inputSchema } from '../http/openapi';
import { defineRoute } from '../http/route';
import { cleanFileName, contentDisposition, kindOfFormat } from './file-checks';
import { type FileServing, notFound, pathOnly } from './file-serving';

export const registerDownloadRoute = (app: FastifyInstance, { readable, send }: FileServing) => {
  defineRoute(app, {
    method: 'GET',
    url: pathOnly(fileUrls.download('x')),
    schema: {
      summary: '下载文件（view=1 时在浏览器中打开图片、PDF、文本、音视频）',
      tags: ['fs'],
      description: '公开文件任何人可下载；私有文件仅上传者与其单位管理员。看不到的与不存在的一样答 404。',
      querystring: inputSchema(downloadFileQuery),
      response: fileAnswers('*/*', '文件内容，Content-Type 为检测出的真实类型'),
    },
    // Parsed here, not by `query`: a wrong id answers the same 404 as a missing file.
    handler: async ({ request, reply }) => {
      const query = downloadFileQuery.safeParse(request.query);
      if (!query.success) return notFound(reply);
      const stored = await readable(request, query.data.fileUuid);
      if (!stored) return notFound(reply);
      const name = query.data.filename ? cleanFileName(query.data.filename, stored.format) : stored.name;
      const inline = query.data.view === '1' && kindOfFormat(stored.format).inline;
      return send(request, reply, stored, contentDisposition(inline ? 'inline' : 'attachment', name));
    },
  });
};
