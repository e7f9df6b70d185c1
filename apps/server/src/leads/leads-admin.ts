import {
  BusinessCode,
  eraseLeadsOfPhoneAdmin,
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
import { BusinessError } from '../shared/errors';
import { maskPhone } from '../shared/mask';
import { dropFormFiles, fileAnswersOfPhone } from './form-files';
import { getAdminLead, leadsForExport, listAdminLeads, updateAdminLead } from './lead-admin.service';
import { exportFileName, leadsToCsv, personalDataFileName, personalDataToCsv } from './lead-csv';
import { anonymiseExpiredLeads, eraseLeadsOfPhone, personalDataOfLeads } from './lead-privacy.service';
import { countLeadSources } from './lead-sources.service';
import { leadOwnerLimitOf } from './lead-visibility';
import { findLiveForm } from './live-form.service';

export const leadAdminActions = [
  implement(inquireLeadListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAdminLeads(app.db, input, leadOwnerLimitOf(authOf(request)));
    return ok(items, paging);
  }),
  implement(inquireLeadSourceListAdmin, async ({ input, app, request }) =>
    ok(await countLeadSources(app.db, input, leadOwnerLimitOf(authOf(request)))),
  ),
  implement(updateLeadAdmin, async ({ input, app, request, actor }) => {
    // Someone else's lead answers 404 to a member limited to their own.
    await getAdminLead(app.db, input.leadId, leadOwnerLimitOf(authOf(request)));
    return ok([await updateAdminLead(app.db, actor, input, app.alerts, app.adConversions)]);
  }),
  implement(eraseLeadsOfPhoneAdmin, async ({ input, app, request, actor }) => {
    if (leadOwnerLimitOf(authOf(request)) !== null) {
      throw new BusinessError(BusinessCode.FORBIDDEN, messages.eraseNeedsAllLeads);
    }
    const files = await fileAnswersOfPhone(app.db, input.phone);
    const erased = await eraseLeadsOfPhone(app.db, actor, input.phone, app.wecomContact.retire);
    // The files they sent (a 招标文件) go with them: no lead refers to them any more.
    await dropFormFiles(app, files);
    return { ...ok([{ erased }]), data: { erased }, message: messages.leadsErased(erased) };
  }),
];

/**
 * GET so a plain link downloads the file; the same check as the actions (site admins). Failures answer
 * the JSON envelope (the console shows it) instead of a file. With `phone` (个人信息请求) the file is the
 * person's copy: their leads with the consent of each, and the leads' timelines.
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
      description: `${accessDescription(leadCsvExport)} 成功时为 text/csv 文件；失败时为 JSON 失败信封，HTTP 状态 200。指定 phone（个人信息请求）时为该手机号的个人信息副本：“线索”一节（另含同意隐私政策的时间、隐私政策文章编号、版本与更新时间）和“跟进记录”一节（各线索的全部跟进、状态变更与分配）。`,
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
        detail: {
          ...criteria,
          // A person's copy names the (masked) number as the erasure does, not only a row count.
          ...(criteria.phone
            ? {
                title: messages.personalDataCopy(maskPhone(criteria.phone) ?? ''),
                phone: maskPhone(criteria.phone),
              }
            : {}),
          rows: leads.length,
        },
      });
      // Filtered by one form: a column per field of its current version.
      const formFields = criteria.formId
        ? (await findLiveForm(app.db, { formId: criteria.formId }))?.fields
        : undefined;
      // A person's copy (个人信息请求): everything stored with their leads, not only the lead rows.
      const personal = criteria.phone
        ? await personalDataOfLeads(
            app.db,
            leads.map((l) => l.id),
          )
        : null;
      const name = personal ? personalDataFileName(new Date()) : exportFileName(new Date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="leads.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .serializer((body: string) => body)
        .send(personal ? personalDataToCsv(leads, personal) : leadsToCsv(leads, formFields));
    },
  });

const RETENTION_KIND = 'lead-retention';
/** How often the retention job looks for closed leads past the period (one instance runs it each time). */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** The recurring outbox job that anonymises closed leads past 站点设置's retention period. */
export const registerLeadRetention = (app: FastifyInstance) => {
  app.outbox.registerHandler(RETENTION_KIND, async () => {
    const n = await anonymiseExpiredLeads(app.db);
    if (n > 0) app.log.info({ anonymised: n }, 'closed leads anonymised (retention period)');
  });
  app.outbox.schedule(RETENTION_KIND, RETENTION_KIND, RETENTION_EVERY_MS);
};
