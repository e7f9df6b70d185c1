/**
 * The baseline: a bare Fastify route answering a fixed JSON envelope, no database, no validation. With
 * BARE_BODY_FILE, /body.json answers that file's bytes as they are (the same answer as the product's
 * cached article list, to tell the cost of the bytes from the cost of the product's path).
 */
import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(formbody);
const fixed = { success: true, flag: 'SUCCESS', status: 200, datas: [{ id: 1, title: '固定内容' }] };
app.post('/bare.json', async () => fixed);
const bodyFile = process.env.BARE_BODY_FILE;
if (bodyFile) {
  const body = readFileSync(bodyFile);
  app.post('/body.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`bare serving ${address}`);
