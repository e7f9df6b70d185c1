/**
 * GET downloadLeadFileAdmin.file: a file a visitor sent with a form (a 招标文件), for staff who may read that
 * lead. The file itself is private with no owner (form-files.ts), so the ordinary file routes never serve it;
 * here the lead's own visibility (lead-visibility.ts: leads.read, and only one's own leads without
 * leads.read.all) decides, and the file must be one of that lead's answers. Anything else: the 404 envelope.
 */
import { BusinessCode, fail, leadFileDownload, messages } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../http/auth-plugin';
import { accessDescription, fileAnswers, inputSchema } from '../http/openapi';
import { defineRoute } from '../http/route';
import { getAdminLead } from './lead-admin.service';
import { leadOwnerLimitOf } from './lead-visibility';

export const registerLeadFiles = (app: FastifyInstance) =>
  defineRoute(app, {
    method: 'GET',
    url: leadFileDownload.path,
    auth: leadFileDownload,
    query: leadFileDownload.input,
    schema: {
      summary: '下载线索随表单上传的文件（如招标文件）',
      tags: ['store'],
      description: `${accessDescription(leadFileDownload)} 仅能看到该线索的员工可下载；线索看不到或文件不属于该线索时答 404 信封。`,
      querystring: inputSchema(leadFileDownload.input),
      response: fileAnswers('*/*', '文件内容（附件），Content-Type 为检测出的真实类型'),
    },
    handler: async ({ request, reply, query }) => {
      // Someone else's lead (a member limited to their own) answers 404 here, as everywhere.
      const lead = await getAdminLead(app.db, query.leadId, leadOwnerLimitOf(authOf(request)));
      const ofLead = lead.answers.some((a) => a.fileUuid === query.fileUuid);
      const found = ofLead ? await app.privateUploads.read(query.fileUuid) : null;
      if (!found) return reply.status(404).send(fail(BusinessCode.NOT_FOUND, messages.fileNotFound));
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.size)
        .header('content-disposition', found.disposition)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(found.body);
    },
  });
