/** The baseline: a bare Fastify route answering a fixed JSON envelope, no database, no validation. */
import formbody from '@fastify/formbody';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(formbody);
const fixed = { success: true, flag: 'SUCCESS', status: 200, datas: [{ id: 1, title: '固定内容' }] };
app.post('/bare.json', async () => fixed);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`bare serving ${address}`);
