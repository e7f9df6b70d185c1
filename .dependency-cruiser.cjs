/**
 * The import rule of docs/architecture.md, checked by `npm test` (npm run lint:imports):
 * packages import no app; the site and the console never import the server; the server never imports
 * the site or the console; a server domain imports no other domain; a console page area imports no other
 * area's pages; no import circles. Exceptions are listed in decision 023.
 */
/** Server folders that each hold one domain: its actions, services and tests (docs/architecture.md). */
const DOMAINS =
  'accounts|ad-conversions|ai-help|alerts|articles|audit|backups|categories|content-history|files|home-page|leads|navigation|page-seo|products|redirects|rules|search-push|settings|site-settings|staff|stats|tenants|wecom-contact';

module.exports = {
  forbidden: [
    {
      name: 'domain-imports-only-shared-and-itself',
      severity: 'error',
      comment:
        'A domain folder imports shared/, db/, http/, config, the contract and its own files; not another ' +
        'domain, the seed or the site adapter. The two exceptions are decision 023: restoring a revision ' +
        "goes through the content's own service, and a lead checks its product is published.",
      from: { path: `^apps/server/src/(${DOMAINS})/`, pathNot: '\\.test\\.ts$' },
      to: {
        path: `^apps/server/src/(${DOMAINS}|seed|site)/`,
        pathNot: [
          '^apps/server/src/$1/',
          '^apps/server/src/articles/article-lifecycle\\.service\\.ts$',
          '^apps/server/src/products/product-history\\.service\\.ts$',
          '^apps/server/src/products/product\\.service\\.ts$',
        ],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes load order matter and hides which module owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-import-no-app',
      severity: 'error',
      comment: 'packages/ are shared by every app; an app import would turn that around.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'site-and-console-never-import-server',
      severity: 'error',
      comment: 'The site and the console reach the server through the contract and the API only.',
      from: { path: '^apps/(site|console)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-never-imports-site-or-console-code',
      severity: 'error',
      comment: 'The server serves their builds; the data it hands the site is typed in the contract.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/(site|console)/src/' },
    },
    {
      name: 'site-and-console-apart',
      severity: 'error',
      comment: 'Two front ends with their own builds: what both need belongs in a package.',
      from: { path: '^apps/(site|console)/' },
      to: { path: '^apps/(site|console)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'console-page-areas-apart',
      severity: 'error',
      comment:
        'A console page area (pages/<area>/: content, site, stats, Staff, Login…) imports components/, ' +
        "services/ and its own files, not another area's pages: what two areas share lives in components/.",
      from: { path: '^apps/console/src/pages/([^/]+)/' },
      to: { path: '^apps/console/src/pages/', pathNot: '^apps/console/src/pages/$1/' },
    },
    {
      name: 'runtime-code-never-imports-tests',
      severity: 'error',
      from: { path: '^(apps|packages)/[^/]+/src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(\\.test\\.tsx?$|^apps/server/test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.astro)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
    combinedDependencies: false,
  },
};
