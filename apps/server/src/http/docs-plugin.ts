/**
 * OpenAPI generated from the action declarations (which come from the contract), served at /docs.
 * Failures, access, siteId and the file routes are described as they really are (plugins/openapi.ts,
 * docs/decisions/022).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SITE_ID } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { failureEnvelopeSchema } from './openapi';

const description = `所有业务接口均为 POST，请求体为表单编码（application/x-www-form-urlencoded，原客户端的格式）或 JSON，每次请求带 siteId=${SITE_ID}。

返回统一信封。成功：success=true、flag=SUCCESS、status=200、datas（列表），分页接口另有 pageIndex、pageSize、totalRecordCount、totalPageCount。失败：success=false、flag=FAIL、status 与 errorCode 为业务码、errorMessage（中文）、showType（0 静默、1 警告、2 错误、4 通知、9 跳转错误页），参数错误另有 errors（逐字段）。

HTTP 状态：接口动作一旦执行（含参数校验），无论成败 HTTP 状态都是 200，业务结果看信封（兼容原客户端，见 docs/decisions/001 与 022）。业务码：400 参数错误、401 未登录、402 会话已过期、403 无权限、404 内容不存在、405 接口未配置（已知前缀下不存在的接口）、406 未指定租户、409 数据冲突、429 操作过于频繁。未执行任何动作时 HTTP 状态说明原因，信封相同：400 请求体无法解析、413 请求体过大、415 不支持的 Content-Type、404 路径不存在、405 请求方法不是 POST、500 意外错误（带 requestId）。

站点（siteId ${SITE_ID}）属于厂商悦讯科技：内容、产品、线索、文件、站点设置、统计与操作日志只对厂商的管理员开放（docs/decisions/021）。`;

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addSchema(failureEnvelopeSchema());
    await app.register(swagger, {
      openapi: {
        info: { title: '悦讯智慧校园 API', description, version: '1.0.0' },
        tags: [
          { name: 'news', description: '/news/api/ 文章与栏目' },
          { name: 'store', description: '/store/api/ 产品、销售线索、账号' },
          { name: 'fs', description: '/fs/api/ 文件' },
        ],
      },
      // Shared schemas keep their names under components.schemas (FailureEnvelope).
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
