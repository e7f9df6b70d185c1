/** Site test helpers: the page as curl sees it, its heading and title, and a section's first article. */
import { and, asc, eq } from 'drizzle-orm';
import { article } from '../src/db/schema';
import { startServer, type TestServer } from './server';

export const NOT_FOUND = '页面不存在';
export const KEYWORDS = '智慧校园,智慧校园平台,数字校园,校园管理系统,家校互通,区域教育云';

/** The site's server as its page tests run it: PGlite, with an ICP number in the footer. */
export const startSiteServer = () => startServer('pglite', { icpNumber: '浙ICP备12345678号-1' });

export const get = async (server: TestServer, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

/** The main heading's text as shown (its phrases may be wrapped in spans). */
export const h1 = (html: string) =>
  html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '') ?? null;
export const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? null;

export const firstArticle = async (server: TestServer, categoryId: number) => {
  const [row] = await server.app.db
    .select({ id: article.id, title: article.title })
    .from(article)
    .where(and(eq(article.categoryId, categoryId), eq(article.status, 'published')))
    .orderBy(asc(article.sort), asc(article.id))
    .limit(1);
  if (!row) throw new Error(`no article in ${categoryId}`);
  return row;
};
