/**
 * Issue 28, "Round trip": an article with a picture, a lead and a product made on the embedded database
 * (PGlite) are backed up with `npm run backup` (server stopped), restored with `npm run restore` onto an empty
 * PostgreSQL database, and both instances show them the same way in a real browser: the article page (its text
 * and its picture, byte for byte), the product on the price list and its page, the lead in the console's list.
 * Then the way back: the PostgreSQL instance is backed up while it serves and restored into an empty data folder
 * (embedded database), which shows the same again. The commands run as child processes of the built server, as
 * `npm run backup` / `npm run restore` run them; every server, folder and database made here is removed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import {
  type ActionDef,
  actionPath,
  articleDetailPath,
  createArticleAdmin,
  createCustomerIntentionSALEPPublic,
  createProductAdmin,
  fileUrls,
  inquireProductTagListAdmin,
  loginAccount,
  productDetailPath,
  SITE_ID,
} from '@yuexun/contract';
import { pngImage } from '../../apps/server/test/media';
import { ensureServerBuild, type ServerProcess, startProcess } from '../../apps/server/test/process';
import { SCREENSHOT_DIR } from '../cms/cms-test';
import { DEMO_ENV, DEMO_PASSWORDS, expect, freshDataDir, onPostgres, postgresUrl, test } from '../fixtures';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSPHRASE = 'round trip passphrase 2026';
/** Server starts on a loaded two-core machine (migrations, the first render) take well over the default. */
const START_MS = 180_000;

/** `npm run backup|restore -- file` after its build step: the built command in a child process. */
const runCli = (name: 'backup' | 'restore', file: string, env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    ensureServerBuild();
    const child: ChildProcess = spawn(
      process.execPath,
      ['--enable-source-maps', join(ROOT, `apps/server/dist/${name}-cli.js`), file],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });

interface Made {
  articleId: number;
  articleTitle: string;
  pictureUuid: string;
  picture: Buffer;
  productId: number;
  productName: string;
  phone: string;
  school: string;
}

/** What one instance shows of the three records, for comparing two instances. */
interface Shown {
  title: string;
  publishTime: string | null;
  bodyHtml: string;
  /** Bytes of the picture as the article page's <img> loads it, and of the original through the files API. */
  shownPicture: Buffer;
  originalPicture: Buffer;
  downloaded: Buffer;
  productPrice: string;
  leadRow: string;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
type Envelope = any;

/** Makes the three records on `base` through the API the console and the site use. */
const makeRecords = async (browser: Browser, base: string): Promise<Made> => {
  const context = await browser.newContext({ baseURL: base });
  const { request } = context;
  const post = async (def: ActionDef, data: object): Promise<Envelope> => {
    const body = await (await request.post(actionPath(def), { data: { siteId: SITE_ID, ...data } })).json();
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body;
  };
  const stamp = Date.now();
  await post(loginAccount, { loginType: 'account', username: 'admin', password: DEMO_PASSWORDS.admin });
  const picture = pngImage(640, 360);
  const uploaded = await (
    await request.post(fileUrls.upload, {
      multipart: {
        visibility: 'public',
        file: { name: `校园一角-${stamp}.png`, mimeType: 'image/png', buffer: picture },
      },
    })
  ).json();
  expect(uploaded.success, JSON.stringify(uploaded)).toBe(true);
  const pictureUuid = uploaded.datas[0].fileUuid as string;
  const articleTitle = `迁移演练：智慧校园开放日 ${stamp}`;
  const article = await post(createArticleAdmin, {
    categoryId: 1881,
    title: articleTitle,
    summary: '备份后在另一台服务器上恢复',
    bodyHtml: `<p>开放日当天展示电子班牌与家校沟通。</p><p><img src="${fileUrls.viewPic(pictureUuid)}" alt="校园一角"></p><p>欢迎预约参观。</p>`,
    coverFileUuid: pictureUuid,
    status: 'published',
    requestKey: `roundtrip-article-${stamp}`,
  });
  const productName = `迁移演练班牌 ${stamp}`.slice(0, 60);
  // The price page lists products by tag: one of the demo tags puts it there.
  const tagId = (await post(inquireProductTagListAdmin, {})).datas[0].id as number;
  const productId = (
    await post(createProductAdmin, {
      name: productName,
      summary: '恢复后价格不变',
      price: '12345.60',
      priceUnit: '台',
      coverFileUuid: pictureUuid,
      galleryFileUuids: [],
      detailHtml: '<p>21.5 英寸电子班牌，支持人脸考勤。</p>',
      specs: [{ name: '屏幕', value: '21.5 英寸' }],
      status: 'published',
      tagIds: [tagId],
      requestKey: `roundtrip-product-${stamp}`,
    })
  ).datas[0].id as number;
  const phone = `137${String(stamp).slice(-8)}`;
  const school = `迁移演练实验小学${String(stamp).slice(-4)}`;
  await post(createCustomerIntentionSALEPPublic, {
    privacyConsent: 'on',
    contactName: '周老师',
    phone,
    schoolName: school,
    region: '浙江省杭州市',
    schoolType: 'primary',
    role: '信息中心主任',
    message: '换服务器前留的线索',
  });
  await context.close();
  const articleId = article.datas[0].id as number;
  return { articleId, articleTitle, pictureUuid, picture, productId, productName, phone, school };
};

/** Opens the article, the product and the lead list on `base` in a browser context of its own (own cookies). */
const look = async (browser: Browser, base: string, made: Made, label: string): Promise<Shown> => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  try {
    const response = await page.goto(articleDetailPath('news', made.articleId));
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(made.articleTitle);
    const body = page.locator('.article-body');
    await expect(body).toContainText('开放日当天展示电子班牌与家校沟通。');
    const img = body.locator('img');
    await expect(img).toHaveAttribute('src', new RegExp(made.pictureUuid));
    // The picture really loaded (decoded by the browser), not a broken image.
    await expect
      .poll(async () =>
        Number(await img.evaluate((el) => Reflect.get(el, 'complete') && Reflect.get(el, 'naturalWidth'))),
      )
      .toBeGreaterThan(0);
    const shownSrc = String(await img.evaluate((el) => Reflect.get(el, 'currentSrc')));
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `backup-roundtrip-article-${label}-375.png`),
      fullPage: true,
    });
    const title = (await page.locator('h1').textContent()) ?? '';
    const publishTime = await page.locator('.article-meta time').first().getAttribute('datetime');
    const bodyHtml = await body.innerHTML();
    const bytes = async (url: string) => {
      const res = await context.request.get(url);
      expect(res.status(), url).toBe(200);
      return res.body();
    };
    const shownPicture = await bytes(shownSrc);
    const originalPicture = await bytes(fileUrls.viewPic(made.pictureUuid));
    const downloaded = await bytes(fileUrls.download(made.pictureUuid));

    await page.goto('/priceShop');
    await expect(page.getByText(made.productName).filter({ visible: true }).first()).toBeVisible();
    await page.goto(productDetailPath(made.productId));
    await expect(page.locator('h1')).toHaveText(made.productName);
    const productPrice = (await page.locator('.price-large').textContent()) ?? '';
    expect(productPrice).toContain('12,345.60');

    const login = await context.request.post(actionPath(loginAccount), {
      form: { siteId: SITE_ID, loginType: 'account', username: 'admin', password: DEMO_PASSWORDS.admin },
    });
    expect((await login.json()).success).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/home/2.0/login/#/content/leads');
    await page.getByLabel('手机号、学校或公司').fill(made.phone, { timeout: 60_000 });
    await page.getByRole('button', { name: /查\s?询/ }).click();
    const row = page.getByRole('row', { name: new RegExp(made.school) });
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row).toContainText('周老师');
    await expect(row).toContainText('新线索');
    await expect(row).toContainText('销售咨询');
    const leadRow = (await row.locator('td').allTextContents()).join(' | ');
    return { title, publishTime, bodyHtml, shownPicture, originalPicture, downloaded, productPrice, leadRow };
  } finally {
    await context.close();
  }
};

/** Two instances show the same: text, and the picture's bytes. */
const expectSame = (restored: Shown, original: Shown, made: Made) => {
  expect(restored.title).toBe(original.title);
  expect(restored.publishTime).toBe(original.publishTime);
  expect(restored.bodyHtml).toBe(original.bodyHtml);
  expect(restored.productPrice).toBe(original.productPrice);
  expect(restored.leadRow).toBe(original.leadRow);
  expect(restored.shownPicture.equals(original.shownPicture)).toBe(true);
  expect(restored.originalPicture.equals(original.originalPicture)).toBe(true);
  expect(restored.downloaded.equals(made.picture)).toBe(true);
  expect(original.downloaded.equals(made.picture)).toBe(true);
};

test('PGlite → backup → PostgreSQL → backup → PGlite: the article, its picture, the product and the lead stay the same', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  const servers: ServerProcess[] = [];
  const folders: string[] = [];
  const database = `yx_e2e_roundtrip_${process.pid}_${Date.now()}`;
  let databaseMade = false;
  const start = async (env: Record<string, string>) => {
    const proc = await startProcess({ LOG_LEVEL: 'info', ...DEMO_ENV, ...env }, START_MS);
    servers.push(proc);
    return proc;
  };
  const emptyFolder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  try {
    // 1. The embedded database, from the run's seeded folder.
    const pgliteDir = freshDataDir();
    folders.push(pgliteDir);
    let first = await start({ DATA_DIR: pgliteDir });
    const made = await makeRecords(browser, first.url);
    await first.stop();

    // 2. npm run backup, the server stopped (the embedded database is one process's).
    const archives = emptyFolder('yuexun-roundtrip-archives-');
    const fromPglite = join(archives, 'pglite.tar.gz.enc');
    const backup = await runCli('backup', fromPglite, { DATA_DIR: pgliteDir, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(backup.output).toMatch(/备份完成：.*（\d+ 字节，[1-9]\d* 个文件）/);
    expect(backup.code).toBe(0);

    // 3. npm run restore onto an empty PostgreSQL database, the files into an empty folder.
    await onPostgres(`create database ${database}`);
    databaseMade = true;
    const postgresEnv = {
      DATABASE_URL: postgresUrl(database),
      DATA_DIR: emptyFolder('yuexun-roundtrip-pg-'),
    };
    const restore = await runCli('restore', fromPglite, { ...postgresEnv, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restore.output).toContain('恢复完成');
    expect(restore.code).toBe(0);

    // 4. Both instances, the first restarted on its folder, show the same.
    first = await start({ DATA_DIR: pgliteDir });
    const onPostgresServer = await start(postgresEnv);
    const shownFirst = await look(browser, first.url, made, 'pglite');
    const shownPostgres = await look(browser, onPostgresServer.url, made, 'postgres');
    expectSame(shownPostgres, shownFirst, made);
    await first.stop();

    // 5. The way back: PostgreSQL backed up while it serves, restored into an empty embedded database.
    const fromPostgres = join(archives, 'postgres.tar.gz.enc');
    const again = await runCli('backup', fromPostgres, { ...postgresEnv, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(again.output).toContain('备份完成');
    expect(again.code).toBe(0);
    const backDir = emptyFolder('yuexun-roundtrip-back-');
    const back = await runCli('restore', fromPostgres, { DATA_DIR: backDir, BACKUP_PASSPHRASE: PASSPHRASE });
    expect(back.output).toContain('恢复完成');
    expect(back.code).toBe(0);
    const backServer = await start({ DATA_DIR: backDir });
    const shownBack = await look(browser, backServer.url, made, 'pglite-again');
    expectSame(shownBack, shownPostgres, made);
  } finally {
    for (const proc of servers) await proc.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    if (databaseMade) await onPostgres(`drop database if exists ${database} with (force)`);
  }
});
