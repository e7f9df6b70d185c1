/**
 * A form's file field and its places (issue 33, decision 056), through the real server on both drivers: a
 * 招标文件 sent with the form's own multipart post (no JavaScript) is checked by content and size, stored
 * private and linked to the lead; only staff who may read that lead download it; a forged or oversized file
 * is refused with the field's Chinese message and nothing is kept. A form placed under solution articles,
 * products and the home page shows there, server-rendered, and brings the visitor back after sending.
 */
import { request } from 'node:http';
import {
  actionPath,
  articleDetailPath,
  createFormAdmin,
  eraseLeadsOfPhoneAdmin,
  formMessages,
  inquireLeadListAdmin,
  leadFileUrl,
  productDetailPath,
  SITE_ID,
  submitFormSALEPPublic,
} from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, cookieHeader, freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { minimalPdf } from '../../test/files';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { article, category, customerIntention, file, product } from '../db/schema';

const field = (key: string, type: string, label: string, extra: Record<string, unknown> = {}) => ({
  key,
  type,
  label,
  help: '',
  required: true,
  options: [],
  ...extra,
});

const fields = () => [
  field('contactName', 'text', '联系人姓名'),
  field('phone', 'mobile', '手机号'),
  field('schoolSize', 'single', '学校规模', { options: ['1000 人以下', '1000–3000 人'] }),
  field('launchDate', 'date', '计划上线时间'),
  field('tender', 'file', '招标文件', { max: 1 }),
  field('consent', 'consent', '我已阅读并同意《隐私政策》'),
];

describe.each(drivers)('a form’s file field and places on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let slug: string;
  let pdf: Buffer;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    slug = `tender-${driver}`;
    pdf = Buffer.from(await minimalPdf());
    only(
      await s.asAdmin(createFormAdmin, {
        name: '预约演示',
        slug,
        kind: 'demo',
        successMessage: '谢谢，我们会在一个工作日内安排演示',
        fields: fields(),
        placements: ['solution', 'home', 'product'],
        requestKey: requestKey(),
      }),
    );
  });
  afterAll(() => server.close());

  const post = (parts: [string, string | Blob, string?][], query = '') => {
    const body = new FormData();
    for (const [key, value, name] of parts) {
      if (typeof value === 'string') body.append(key, value);
      else body.append(key, value, name);
    }
    return fetch(`${server.url}/form/${slug}${query}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url },
      body,
    });
  };
  const answers = (phone: string): [string, string][] => [
    ['contactName', '孙老师'],
    ['phone', phone],
    ['schoolSize', '1000–3000 人'],
    ['launchDate', '2027-03-01'],
    ['consent', 'on'],
  ];
  const leadOf = async (phone: string) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.phone, phone)))[0];
  const fileCount = async () => (await server.app.db.select({ uuid: file.uuid }).from(file)).length;

  it('takes a PDF with the form’s own post, private, linked to the lead, for staff who may read it', async () => {
    const phone = freshPhone();
    const sent = await post([
      ...answers(phone),
      ['tender', new Blob([pdf], { type: 'application/octet-stream' }), '招标文件.pdf'],
    ]);
    expect(sent.status).toBe(303);
    const lead = await leadOf(phone);
    const answer = String(lead?.answers?.tender ?? '');
    expect(answer).toMatch(/^[0-9a-f-]{36}\/招标文件\.pdf$/);
    const fileUuid = answer.slice(0, 36);
    const [stored] = await server.app.db.select().from(file).where(eq(file.uuid, fileUuid));
    expect(stored).toMatchObject({ visibility: 'private', ownerAccountId: null, format: 'pdf' });
    // The ordinary download route does not serve it, even to the admin.
    const plain = await fetch(`${server.url}/fs/api/v1.0/downloadFile.file?fileUuid=${fileUuid}`, {
      headers: cookieHeader(s.adminSid),
    });
    expect(plain.status).toBe(404);
    // The drawer's answer links it.
    const list = await s.asAdmin(inquireLeadListAdmin, { siteId: SITE_ID, keyword: phone });
    const listed = list.body.datas[0] as { id: number; answers: { key: string; fileUuid?: string }[] };
    expect(listed.answers.find((a) => a.key === 'tender')?.fileUuid).toBe(fileUuid);
    const url = `${server.url}${leadFileUrl(listed.id, fileUuid)}`;
    const { sid: admin } = await vendorAdminSession(server);
    const got = await fetch(url, { headers: cookieHeader(admin) });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    // A colleague who may not read leads is refused; one limited to their own leads sees no file of others.
    const editor = await colleagueWithRole(server, admin, 'editor', '编辑同事');
    const refused = await (await fetch(url, { headers: cookieHeader(editor.sid) })).json();
    expect(refused).toMatchObject({ success: false, errorCode: 403 });
    const sales = await colleagueWithRole(server, admin, 'sales', '销售同事');
    const hidden = await (await fetch(url, { headers: cookieHeader(sales.sid) })).json();
    expect(hidden).toMatchObject({ success: false, errorCode: 404 });
    // Another lead's id with this file answers the same 404.
    const other = await fetch(`${server.url}${leadFileUrl(listed.id + 100_000, fileUuid)}`, {
      headers: cookieHeader(admin),
    });
    expect(await other.json()).toMatchObject({ success: false, errorCode: 404 });
  });

  it('removes the files with the leads when a phone number’s leads are erased (PIPL)', async () => {
    const phone = freshPhone();
    const sent = await post([...answers(phone), ['tender', new Blob([pdf]), '招标文件.pdf']]);
    expect(sent.status).toBe(303);
    const fileUuid = String((await leadOf(phone))?.answers?.tender ?? '').slice(0, 36);
    expect(await server.app.blobs.exists(fileUuid)).toBe(true);
    const { sid } = await vendorAdminSession(server);
    const erased = await callAs(server, eraseLeadsOfPhoneAdmin, sid, { phone });
    expect(erased.body).toMatchObject({ success: true, data: { erased: 1 } });
    expect(await server.app.db.select().from(file).where(eq(file.uuid, fileUuid))).toEqual([]);
    expect(await server.app.blobs.exists(fileUuid)).toBe(false);
  });

  it('refuses a forged, an oversized or a missing file with the field’s message and keeps nothing', async () => {
    const before = await fileCount();
    const cases: [Blob | null, string, string][] = [
      [
        new Blob(['<html><script>alert(1)</script></html>']),
        'tender.pdf',
        formMessages.fileRefused('招标文件'),
      ],
      [
        new Blob([Buffer.from('MZ\x90\x00\x03\x00\x00\x00')]),
        '招标.pdf',
        formMessages.fileRefused('招标文件'),
      ],
      [new Blob([pdf, Buffer.alloc(1024 * 1024)]), '大文件.pdf', formMessages.fileTooLarge('招标文件', 1)],
      [null, '', formMessages.fileNeeded('招标文件')],
    ];
    for (const [blob, name, message] of cases) {
      const phone = freshPhone();
      const parts: [string, string | Blob, string?][] = [...answers(phone)];
      if (blob) parts.push(['tender', blob, name]);
      const refused = await post(parts);
      expect(refused.status, message).toBe(422);
      expect(await refused.text()).toContain(message);
      expect(await leadOf(phone)).toBeUndefined();
    }
    expect(await fileCount()).toBe(before);
  });

  it('does not read a post declaring more than the largest file allows: the page says it is too large', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/form/${slug}`, {
        method: 'POST',
        headers: {
          origin: server.url,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(30 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
    expect(body).toContain('提交的内容过大');
  });

  it('refuses a file field answered as text in the JSON action (a typed id could name another file)', async () => {
    const res = await server.post(
      actionPath(submitFormSALEPPublic),
      {
        siteId: SITE_ID,
        slug,
        answers: {
          contactName: '周老师',
          phone: freshPhone(),
          schoolSize: '1000 人以下',
          launchDate: '2027-03-01',
          tender: '0b3f0f5e-1f0e-4a43-9d55-0d7f4c1b2a11/x.pdf',
          consent: true,
        },
      },
      { json: true },
    );
    expect(res.body).toMatchObject({ success: false, errorCode: 400 });
    expect(res.text).toContain(formMessages.fileNotSent('招标文件'));
  });

  it('shows the form under solution articles, products and on the home page, and returns there after sending', async () => {
    const [solution] = await server.app.db
      .select({ id: article.id })
      .from(article)
      .innerJoin(category, eq(category.id, article.categoryId))
      .where(and(eq(category.kind, 'solution'), eq(article.status, 'published')))
      .orderBy(asc(article.id))
      .limit(1);
    if (!solution) throw new Error('no solution article');
    const path = articleDetailPath('solution', solution.id);
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).toContain(`id="form-${slug}"`);
    expect(html).toContain('enctype="multipart/form-data"');
    expect(html).toContain('招标文件');
    const [shelf] = await server.app.db
      .select({ id: product.id })
      .from(product)
      .where(eq(product.status, 'published'))
      .limit(1);
    for (const page of ['/home', productDetailPath(shelf?.id ?? 0)]) {
      const text = await (await fetch(`${server.url}${page}`)).text();
      expect(text, page).toContain(`id="form-${slug}"`);
    }
    const phone = freshPhone();
    const sent = await post(
      [...answers(phone), ['tender', new Blob([pdf]), 'a.pdf']],
      `?${new URLSearchParams({ from: path })}`,
    );
    expect(sent.status).toBe(303);
    const back = sent.headers.get('location') ?? '';
    expect(back).toContain(`${path}?sent=created#form-${slug}`);
    expect((await leadOf(phone))?.sourcePage).toBe(path);
    const thanks = await (await fetch(`${server.url}${back.replace(/#.*$/, '')}`)).text();
    expect(thanks).toContain('谢谢，我们会在一个工作日内安排演示');
    // Somewhere else is not a way back: the form's own page.
    const phone2 = freshPhone();
    const elsewhere = await post(
      [...answers(phone2), ['tender', new Blob([pdf]), 'a.pdf']],
      `?${new URLSearchParams({ from: '//evil.example/x' })}`,
    );
    expect(elsewhere.headers.get('location')).toContain(`/form/${slug}?sent=created`);
  });
});
