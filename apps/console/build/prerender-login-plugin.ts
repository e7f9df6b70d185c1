/**
 * Serves the login page prerendered: after the client build, renders src/boot/prerender.tsx (a Vite SSR
 * build of it, run in Node) and writes into dist/index.html
 *   - the login page's HTML inside #root, marked with its language (`data-prerendered`),
 *   - the CSS of the entry and the login page's chunks inlined (no render-blocking request): the page has
 *     no antd, its CSS modules are all its styles (decision 059),
 *   - modulepreload links for the login page's code and the default language's login strings (the entry
 *     imports them after the first paint; preloading keeps that from becoming a request chain), added by an
 *     inline script everywhere but on the phone lead page (#/m/…, decision 065).
 * index.html's head script shows the prerendered page only on the login routes in that language;
 * src/boot/login.tsx hydrates it. Why: decisions 016 and 059.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const ENTRY = 'src/boot/prerender.tsx';
/** Modules the hydrating login page imports right away: its code, and the default language's login strings. */
const LOGIN_MODULES = [/\/src\/boot\/login\.tsx$/, /\/src\/locales\/zh-CN\/login-page\.ts$/];

interface Prerendered {
  lang: string;
  html: string;
}

const renderLogin = async (config: ResolvedConfig): Promise<Prerendered> => {
  const outDir = mkdtempSync(join(tmpdir(), 'yuexun-console-prerender-'));
  try {
    // The same root, base, defines and CSS-module naming as the client build, so the markup matches.
    await build({
      configFile: false,
      root: config.root,
      base: config.base,
      // An SSR build reads a relative base as '/'; the markup must say what the browser's code says.
      define: { ...config.define, 'import.meta.env.BASE_URL': JSON.stringify(config.base) },
      css: config.css,
      resolve: { alias: config.resolve.alias },
      plugins: [react()],
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: {
        ssr: ENTRY,
        outDir,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        // The prerender imports the default language statically on purpose; one file, nothing to split.
        rolldownOptions: { checks: { ineffectiveDynamicImport: false } },
      },
    });
    const module = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as {
      prerenderLogin: () => Prerendered;
    };
    return module.prerenderLogin();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};

export const prerenderLoginPlugin = (): Plugin => {
  let config: ResolvedConfig;
  /** CSS of the entry and of the login page's chunks, inlined: the prerendered page needs it to paint. */
  let entryCss: string[] = [];
  let preloads: string[] = [];
  return {
    name: 'yuexun-console-prerender-login',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      // Preloaded already by Vite's own links: the entry and what it imports statically.
      const linked = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const wanted = new Set<string>();
      const visit = (fileName: string) => {
        if (wanted.has(fileName) || linked.has(fileName)) return;
        wanted.add(fileName);
        for (const dep of byName.get(fileName)?.imports ?? []) visit(dep);
      };
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId;
        if (id && LOGIN_MODULES.some((pattern) => pattern.test(id))) visit(chunk.fileName);
      }
      preloads = [...wanted];
      const css = new Set(
        [entry, ...[...wanted].map((file) => byName.get(file))].flatMap((c) => [
          ...(c?.viteMetadata?.importedCss ?? []),
        ]),
      );
      entryCss = [...css];
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const page = await renderLogin(config);
        const indexFile = join(outDir, 'index.html');
        let html = readFileSync(indexFile, 'utf8');

        let inlineCss = '';
        for (const file of entryCss) {
          const href = `${config.base}${file}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          const link = new RegExp(`<link rel="stylesheet"[^>]*href="${href}"[^>]*>`);
          html = html.replace(link, '');
          inlineCss += readFileSync(join(outDir, file), 'utf8');
        }
        // Added by a script rather than as <link> tags: not on the phone lead page (#/m/…), which never shows the
        // login's code and whose own files would otherwise share a phone's six connections with these (decision
        // 065). The server allows the script by its hash like the head's other one.
        const hrefs = JSON.stringify(preloads.map((file) => `${config.base}${file}`));
        const preloadScript = `<script>if(!/^#\\/m\\//.test(location.hash))for(const href of ${hrefs}){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}</script>`;
        html = html.replace('</head>', `<style>${inlineCss}</style>${preloadScript}</head>`);
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`prerender-login: index.html has no ${root}`);
        html = html.replace(root, `<div id="root" data-prerendered="${page.lang}">${page.html}</div>`);
        writeFileSync(indexFile, html);
      },
    },
  };
};
