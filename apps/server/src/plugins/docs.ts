/** OpenAPI generated from the action declarations (which come from the contract), served at /docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: '悦讯智慧校园 API',
          description:
            '所有业务接口均为 POST，表单编码（也接受 JSON），每次请求带 siteId=75。返回统一信封：success、flag、status、datas、分页字段；失败时 errorCode、errorMessage、showType。',
          version: '1.0.0',
        },
        tags: [
          { name: 'news', description: '/news/api/ 文章与栏目' },
          { name: 'store', description: '/store/api/ 产品、销售线索、账号' },
          { name: 'fs', description: '/fs/api/ 文件' },
        ],
      },
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
