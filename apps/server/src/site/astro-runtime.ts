/**
 * The site's Astro build as the server runs it: loaded once, with three patches of Astro internals that take
 * per-request costs out (each measured: docs/decisions/039-uncached-render-cost.md). The patches reach into
 * Astro's build output and runtime, which an upgrade may change without a type error: `ASTRO_MEASURED_VERSION`
 * is the version they were measured on, and astro-runtime.test.ts fails when the installed Astro differs, so
 * that they are checked and measured again (bench:render) before the pin moves.
 */
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageFacts, SiteContext } from '@yuexun/contract';
import { SITE_DIST } from './build';

/** The Astro version the patches below were written and measured against (apps/site/package.json). */
export const ASTRO_MEASURED_VERSION = '5.18.2';

/** What the server hands every render: the site's data and services, and the page's facts to fill in. */
export interface PageLocals {
  site: SiteContext;
  page: PageFacts;
}

/** Astro's Node handler in middleware mode; `next` is called when no route matches. */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: ((error?: unknown) => void) | undefined,
  locals: PageLocals,
) => Promise<void>;

/** Astro's page modules by route component, each loaded by a function that calls `import()`. */
type PageMap = Map<string, () => Promise<unknown>>;

/** `load` called the first time only; its promise kept. */
const once = (load: () => Promise<unknown>) => {
  let loaded: Promise<unknown> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};

/**
 * Astro calls a page's loader, an `import()`, on every request. Under `--import tsx` each `import()` goes
 * through the loader hooks on their own thread, even for a module loaded long ago: a round trip between
 * threads per render. The module does not change while the server runs, so its promise is kept.
 */
const loadPagesOnce = (pageMap: PageMap) => {
  for (const [component, load] of pageMap) pageMap.set(component, once(load));
};

/** What Astro knows of a UI framework: its name and `check`, which says whether a component is the framework's. */
interface AstroRenderer {
  name: string;
  ssr: { check: (this: unknown, component: unknown, ...rest: unknown[]) => Promise<boolean> | boolean };
}

/** The property Astro reads to know a component's renderer without asking (astro/runtime/server). */
const ASTRO_RENDERER = Symbol.for('astro:renderer');

/**
 * Astro asks the renderer, for every component an .astro page uses on every render, whether the component is
 * its own; React's answer renders the component once more into a throw-away stream. A component that was
 * React's once stays React's: it is tagged with Astro's own renderer mark, and Astro skips the question.
 */
const tagOnceChecked = (renderer: AstroRenderer) => {
  const check = renderer.ssr.check;
  renderer.ssr.check = async function (this: unknown, component: unknown, ...rest: unknown[]) {
    const mine = await check.call(this, component, ...rest);
    if (mine && typeof component === 'function' && Object.isExtensible(component)) {
      Object.defineProperty(component, ASTRO_RENDERER, { value: renderer.name });
    }
    return mine;
  };
};

/**
 * The manifest module the entry is about to fill (same address, same module): its `actions` loader is kept by
 * Astro at start and called on every request, so the loader set there is wrapped as it is set.
 */
const loadActionsOnce = async (serverDir: string) => {
  const manifestFile = readdirSync(serverDir).find((name) => /^manifest_.*\.mjs$/.test(name));
  if (!manifestFile) return;
  const { manifest } = (await import(pathToFileURL(join(serverDir, manifestFile)).href)) as {
    manifest?: Record<string, unknown>;
  };
  if (!manifest || Object.hasOwn(manifest, 'actions')) return;
  let actions: (() => Promise<unknown>) | undefined;
  Object.defineProperty(manifest, 'actions', {
    configurable: true,
    enumerable: true,
    get: () => actions,
    set: (load: () => Promise<unknown>) => {
      actions = once(load);
    },
  });
};

/**
 * Imports the site's build (`entry`, dist/server/entry.mjs) with the three per-request costs taken out: page
 * modules and the actions module are imported once, and a component React has recognised once is not
 * rendered again to be recognised.
 */
export const loadAstroSite = async (entry: string): Promise<{ handler: AstroHandler }> => {
  const serverDir = join(SITE_DIST, 'server');
  await loadActionsOnce(serverDir);
  const site = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler; pageMap?: PageMap };
  if (site.pageMap) loadPagesOnce(site.pageMap);
  // The module the entry imported (same address): its renderers are the ones Astro uses.
  const { renderers } = (await import(pathToFileURL(join(serverDir, 'renderers.mjs')).href)) as {
    renderers?: AstroRenderer[];
  };
  for (const renderer of renderers ?? []) tagOnceChecked(renderer);
  return site;
};
