import {
  BusinessCode,
  fail,
  inquireFormConversionAdmin,
  inquireSpiderLogAdmin,
  inquireStatsOverviewAdmin,
  inquireStatsTableAdmin,
  messages,
  ok,
  statsCsvExport,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { accessDescription, csvAnswers, inputSchema } from '../http/openapi';
import { implement } from '../http/registry';
import { defineRoute } from '../http/route';
import { formConversion } from './form-conversion';
import { spiderLog, statsOverview, statsTable } from './stats.service';
import { spiderLogCsv, statsCsvFileName, statsTableCsv } from './stats-csv';

export const statsAdminActions = [
  implement(inquireFormConversionAdmin, async ({ input, app }) => {
    await app.stats.refresh();
    return ok(await formConversion(app.db, input.range));
  }),
  implement(inquireStatsOverviewAdmin, async ({ input, app }) => {
    await app.stats.refresh();
    return ok([await statsOverview(app.db, input.range)]);
  }),
  implement(inquireStatsTableAdmin, async ({ input, app }) => {
    await app.stats.refresh();
    const { items, paging } = await statsTable(app.db, input.table, input.range, input);
    return ok(items, paging ?? undefined);
  }),
  implement(inquireSpiderLogAdmin, async ({ input, app }) => {
    await app.stats.refresh();
    const { items, paging } = await spiderLog(app.db, input, input);
    return ok(items, paging ?? undefined);
  }),
];

/** GET so a plain link downloads the file; the same check as the actions (site admins). */
export const registerStatsExport = (app: FastifyInstance) =>
  defineRoute(app, {
    method: 'GET',
    url: statsCsvExport.path,
    auth: statsCsvExport,
    query: statsCsvExport.input,
    schema: {
      summary: '导出数据概览的任一明细表或爬虫日志为 CSV（UTF-8 BOM，可直接用 Excel 打开）',
      tags: ['store'],
      description: `${accessDescription(statsCsvExport)} 成功时为 text/csv 文件；失败时为 JSON 失败信封，HTTP 状态 200。`,
      querystring: inputSchema(statsCsvExport.input),
      response: csvAnswers,
    },
    handler: async ({ reply, query }) => {
      const { table, range, spider, path, verified } = query;
      await app.stats.refresh();
      const csv =
        table === 'spiders'
          ? await spiderLog(app.db, { range, spider, path, verified }, null).then(({ items, total }) =>
              total > statsCsvExport.maxRows ? null : spiderLogCsv(items),
            )
          : await statsTable(app.db, table, range, null).then(({ items, total }) =>
              total > statsCsvExport.maxRows ? null : statsTableCsv(table, items),
            );
      if (csv === null) return fail(BusinessCode.BAD_REQUEST, messages.tooManyRows(statsCsvExport.maxRows));
      const name = statsCsvFileName(table, range, new Date());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="stats.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .serializer((body: string) => body)
        .send(csv);
    },
  });
