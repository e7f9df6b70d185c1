/**
 * The permission sweep (docs/decisions/032): every non-public contract action, and both CSV exports, called as
 * each built-in role of the vendor through the real server. The answer must match the permission table:
 * 403 with the permission's Chinese name exactly when the role lacks the action's declared permission,
 * anything else (success, 400, 404…) when it holds it. The table is the contract itself, so a new action is
 * swept without touching this file, and one that forgets its permission fails the declaration checks below.
 */
import { randomUUID } from 'node:crypto';
import {
  type ActionDef,
  AI_TARGET_PERMISSIONS,
  AI_TARGETS,
  actions,
  aiMessages,
  aiSuggestStream,
  BUILTIN_ROLE_PERMISSIONS,
  type BuiltinRoleKey,
  createArticleAdmin,
  createProductAdmin,
  isPermission,
  leadCsvExport,
  logout,
  messages,
  PERMISSIONS,
  SITE_ID,
  statsCsvExport,
  VENDOR_ROLE_KEYS,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, cookieHeader } from '../../test/accounts';
import { colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { startServer, type TestServer } from '../../test/server';

const all = Object.values(actions) as ActionDef[];

/** A live article and a product on the shelf, as a create would make them (the publish sweep below). */
const ARTICLE_LIVE = {
  categoryId: 1881,
  title: '权限扫描发布',
  bodyHtml: '<p>扫描</p>',
  tags: [],
  status: 'published',
};
const PRODUCT_LIVE = {
  name: '权限扫描产品',
  price: '1',
  priceUnit: '套',
  status: 'published',
  specs: [],
  tagIds: [],
  galleryFileUuids: [],
};
// Logging out ends the session the sweep goes on with: it comes last.
const swept = all.filter((def) => def.auth !== 'public' && def.name !== logout.name).concat([logout]);

describe('every action declares its permission', () => {
  it('an admin-level action names a known permission; the others name none', () => {
    const wrong = all.filter((def) =>
      def.auth === 'admin' ? !isPermission(def.permission ?? '') : def.permission !== undefined,
    );
    expect(wrong.map((d) => d.name)).toEqual([]);
  });

  it('every console action (…Admin, …Tenant) needs a permission, not only a session', () => {
    const missing = all.filter((def) => /(Admin|Tenant)$/.test(def.name) && def.auth !== 'admin');
    expect(missing.map((d) => d.name)).toEqual([]);
  });

  it('every permission guards at least one action (no dead permission in the role editor)', () => {
    const used = new Set([
      ...all.map((d) => d.permission),
      leadCsvExport.permission,
      statsCsvExport.permission,
      'files.write', // the public upload (upload route)
      'leads.read.all', // widens leads.read from one's own leads to all (lead-visibility.ts)
    ]);
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual([]);
  });
});

/**
 * Cache clearing is declared, not inferred (issue 30): an action that changes what visitors see says
 * `affectsSite: true`, and the registry empties the page cache from that alone (a form shows on /form/{slug}). Names tell the domain; a new
 * state-changing action in neither list fails here until someone decides which it is.
 */
const SITE_DOMAIN =
  /Article|Categor|Revision|RecycleBin|File|Banner|HomeLayout|Navigation|PageSeo|CategorySeo|Product|Redirect|SiteSettings|FormAdmin/;
const PRIVATE_DOMAIN =
  /Lead|Staff|Role|Session|Mfa|Alert|SearchPush|Account|Tenant|Rule|Stats|NotFound|Backup|SignIn|ScanLogin|LeaverSync|AdConversion|WecomContact|AiSettings/;
/** A visitor's or an account's own rows (a lead sent, a sign-in, one's profile): never what others see. */
const ownRows = (def: ActionDef) => def.auth === 'public' || def.auth === 'session';
/** Site-domain names that still change nothing a visitor sees. */
const SEEN_BY_NO_VISITOR: Record<string, string> = {
  autosaveArticleAdmin: 'an editor’s unsaved typing, kept for that editor only',
  submitArticleReviewAdmin: 'a draft saved, or a live article’s change kept aside until approved',
  returnArticleReviewAdmin: 'the submission is decided; the article stays as it is',
  submitProductReviewAdmin: 'a 未上架 product saved, or a shelved product’s change kept aside until approved',
  returnProductReviewAdmin: 'the submission is decided; the product stays as it is',
  createFileFolderAdmin: 'the media library’s folders organise staff’s files; no address or page changes',
  updateFileFolderAdmin: 'the media library’s folders organise staff’s files; no address or page changes',
  deleteFileFolderAdmin: 'an empty folder of the media library',
  moveFilesAdmin: 'a file’s folder in the media library; its address and bytes stay',
  tagFilesAdmin: 'a file’s tags in the media library, seen by staff only',
};

describe('every action declares whether visitors see what it changes', () => {
  const mutating = all.filter((def) => def.mutates);

  it('site content, settings, navigation, redirects, products and files declare affectsSite', () => {
    const missing = mutating.filter(
      (def) =>
        !ownRows(def) &&
        SITE_DOMAIN.test(def.name) &&
        !(def.name in SEEN_BY_NO_VISITOR) &&
        def.affectsSite !== true,
    );
    expect(missing.map((d) => d.name)).toEqual([]);
  });

  it('leads, staff, views, statistics and accounts do not (nor any reading action)', () => {
    const wrong = all.filter(
      (def) =>
        def.affectsSite === true &&
        (!def.mutates || ownRows(def) || def.name in SEEN_BY_NO_VISITOR || !SITE_DOMAIN.test(def.name)),
    );
    expect(wrong.map((d) => d.name)).toEqual([]);
    expect(mutating.filter((d) => d.name in SEEN_BY_NO_VISITOR).map((d) => d.name)).toEqual(
      expect.arrayContaining(Object.keys(SEEN_BY_NO_VISITOR)),
    );
  });

  it('routing rules, alert channels and score rules, which the lead path reads through the read cache, declare affectsLeadIntake', () => {
    const intake = /LeadRoute|AlertChannel|LeadScoreRules/;
    const declared = all.filter((def) => def.affectsLeadIntake === true).map((d) => d.name);
    const expected = mutating
      .filter((def) => intake.test(def.name) && !/^test/.test(def.name))
      .map((d) => d.name);
    expect(declared.sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
  });

  it('every state-changing staff action is of one side or the other', () => {
    const unsorted = mutating.filter(
      (def) => !ownRows(def) && !SITE_DOMAIN.test(def.name) && !PRIVATE_DOMAIN.test(def.name),
    );
    expect(unsorted.map((d) => d.name)).toEqual([]);
  });
});

describe('the permission sweep on pglite', () => {
  let server: TestServer;
  const sessions = new Map<BuiltinRoleKey, string>();

  beforeAll(async () => {
    server = await startServer('pglite');
    const { sid } = await vendorAdminSession(server);
    sessions.set('admin', sid);
    for (const key of VENDOR_ROLE_KEYS.filter((k) => k !== 'admin'))
      sessions.set(key, (await colleagueWithRole(server, sid, key, `扫描${key}`)).sid);
  });
  afterAll(() => server.close());

  const allowed = (key: BuiltinRoleKey, def: { auth: string; permission?: string }) =>
    def.auth !== 'admin' ||
    (BUILTIN_ROLE_PERMISSIONS[key] as readonly string[]).includes(def.permission ?? '');

  it.each(VENDOR_ROLE_KEYS)(
    'answers every action as the table says for the built-in role %s',
    async (key) => {
      const sid = sessions.get(key) as string;
      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const def of swept) {
        // Authorisation comes before validation: an empty body is refused or reaches validation.
        const { body } = await callAs(server, def, sid, {});
        answers[def.name] =
          body.errorCode === 403 ? `403 ${body.errorMessage}` : body.errorCode === 401 ? '401' : 'passed';
        expected[def.name] = allowed(key, def)
          ? 'passed'
          : `403 ${messages.permissionMissing(def.permission as (typeof PERMISSIONS)[number])}`;
      }
      expect(answers).toEqual(expected);
    },
  );

  it.each(VENDOR_ROLE_KEYS)(
    'lets %s make an article or product live only with the publish permission (decision 051)',
    async (key) => {
      const who =
        key === 'admin'
          ? (await vendorAdminSession(server)).sid
          : (await colleagueWithRole(server, (await vendorAdminSession(server)).sid, key)).sid;
      const held = BUILTIN_ROLE_PERMISSIONS[key] as readonly string[];
      const cases = [
        [createArticleAdmin, 'articles.write', 'articles.publish', ARTICLE_LIVE],
        [createProductAdmin, 'products.write', 'products.publish', PRODUCT_LIVE],
      ] as const;
      for (const [def, write, publish, input] of cases) {
        const { body } = await callAs(server, def, who, { ...input, requestKey: randomUUID() }, 'cookie', {
          json: true,
        });
        const expected = !held.includes(write)
          ? messages.permissionMissing(write)
          : !held.includes(publish)
            ? messages.permissionMissing(publish)
            : null;
        if (expected === null) expect(body.success, `${key} ${def.name} ${JSON.stringify(body)}`).toBe(true);
        else expect(body, `${key} ${def.name}`).toMatchObject({ errorCode: 403, errorMessage: expected });
      }
    },
  );

  it.each(VENDOR_ROLE_KEYS)('answers both CSV exports as the table says for %s', async (key) => {
    // A fresh session: the sweep above logged the others out.
    const { sid } = key === 'admin' ? await vendorAdminSession(server) : { sid: '' };
    const who =
      key === 'admin'
        ? sid
        : (await colleagueWithRole(server, (await vendorAdminSession(server)).sid, key)).sid;
    for (const [def, path] of [
      [leadCsvExport, leadCsvExport.path],
      [statsCsvExport, `${statsCsvExport.path}?table=pages&range=7d`],
    ] as const) {
      const res = await fetch(`${server.url}${path}`, { headers: cookieHeader(who) });
      if (allowed(key, def)) expect(res.headers.get('content-type'), `${key} ${path}`).toContain('text/csv');
      else
        expect(await res.json()).toMatchObject({
          errorCode: 403,
          errorMessage: messages.permissionMissing(def.permission),
        });
    }
  });

  it.each(VENDOR_ROLE_KEYS)(
    'lets %s ask AI 助手 only for what the role may write (decision 055)',
    async (key) => {
      const admin = (await vendorAdminSession(server)).sid;
      const who = key === 'admin' ? admin : (await colleagueWithRole(server, admin, key)).sid;
      const held = BUILTIN_ROLE_PERMISSIONS[key] as readonly string[];
      for (const target of AI_TARGETS) {
        const res = await fetch(`${server.url}${aiSuggestStream.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...cookieHeader(who) },
          body: JSON.stringify({ siteId: SITE_ID, target, task: 'titles', title: '权限扫描' }),
        });
        const needed = !held.includes(aiSuggestStream.permission)
          ? aiSuggestStream.permission
          : held.includes(AI_TARGET_PERMISSIONS[target])
            ? null
            : AI_TARGET_PERMISSIONS[target];
        // AI 助手 is off on this server: a caller who may ask is told so, before anything is sent.
        expect(await res.json(), `${key} ${target}`).toMatchObject(
          needed === null
            ? { errorCode: 405, errorMessage: aiMessages.notConfigured }
            : { errorCode: 403, errorMessage: messages.permissionMissing(needed) },
        );
      }
    },
  );
});
