import {
  BusinessCode,
  fail,
  inquireLeadListAdmin,
  inquireLeadSourceListAdmin,
  leadCsvExport,
  messages,
  ok,
  updateLeadAdmin,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../http/auth-plugin';
import { accessDescription, csvAnswers, inputSchema } from '../http/openapi';
import { implement } from '../http/registry';
import { defineRoute } from '../http/route';
import { actorOf, recordAudit } from '../shared/audit';
import { getAdminLead, leadsForExport, listAdminLeads, updateAdminLead } from './lead-admin.service';
import { exportFileName, leadsToCsv } from './lead-csv';
import { countLeadSources } from './lead-sources.service';
import { leadOwnerLimitOf } from './lead-visibility';

export const leadAdminActions = [
  implement(inquireLeadListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAdminLeads(app.db, input, leadOwnerLimitOf(authOf(request)));
    return ok(items, paging);
  }),
  implement(inquireLeadSourceListAdmin, async ({ input, app, request }) =>
    ok(await countLeadSources(app.db, input, leadOwnerLimitOf(authOf(request)))),
  ),
  implement(updateLeadAdmin, async ({ input, app, request }) => {
    // Someone else's lead answers 404 to a member limited to their own.
    await getAdminLead(app.db, input.leadId, leadOwnerLimitOf(authOf(request)));
    return ok([await updateAdminLead(app.db, actorOf(app, request), input, app.alerts)]);
  }),
];

/**
 * GET so a plain link downloads the file; the same check as the actions (site admins). Failures answer
 * the JSON envelope (the console shows it) instead of a file.
 */
export const registerLeadExport = (app: FastifyInstance) =>
  defineRoute(app, {
    method: 'GET',
    url: leadCsvExport.path,
    auth: leadCsvExport,
    query: leadCsvExport.input,
    schema: {
      summary: '导出销售线索 CSV（UTF-8 BOM，可直接用 Excel 打开）；查询参数同线索列表',
      tags: ['store'],
      description: `${accessDescription(leadCsvExport)} 成功时为 text/csv 文件；失败时为 JSON 失败信封，HTTP 状态 200。`,
      querystring: inputSchema(leadCsvExport.input),
      response: csvAnswers,
    },
    handler: async ({ request, reply, query }) => {
      const { siteId: _siteId, ...criteria } = query;
      const leads = await leadsForExport(
        app.db,
        criteria,
        leadCsvExport.maxRows,
        leadOwnerLimitOf(authOf(request)),
      );
      if (leads.length > leadCsvExport.maxRows)
        return fail(BusinessCode.BAD_REQUEST, messages.tooManyRows(leadCsvExport.maxRows));
      // Exporting personal data is itself worth a line in the log.
      await recordAudit(app.db, actorOf(app, request), {
        action: 'export',
        targetType: 'lead',
        targetId: 'csv',
        detail: { ...criteria, rows: leads.length },
      });
      const name = exportFileName(new Date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="leads.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .serializer((body: string) => body)
        .send(leadsToCsv(leads));
    },
  });
