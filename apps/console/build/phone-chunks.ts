/**
 * The phone lead page in two chunks (decision 065): an alert's link is opened on a phone over HTTP/1.1, where
 * every file is a request on one of six connections at ~560 ms latency, so the page's ~25 files came in waves.
 * Its modules (the static closure of boot/lead-phone.tsx and of its zh-CN strings, minus what the entry
 * main.tsx holds already) go into two chunks:
 * - `phone-shared`: those the login page needs too (React DOM, the intl provider, the plain controls, common
 *   strings), so the login page loads them as one file as well and carries nothing of the lead page;
 * - `lead-phone`: the rest (the page, its calls, the access table, its strings, the timeline's text).
 * Every other module is left to the default splitting.
 */
import { resolve } from 'node:path';

interface ModuleInfoLike {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
type GetModuleInfo = (id: string) => ModuleInfoLike | null;

const src = (path: string) => resolve(import.meta.dirname, '../src', path);

/** The modules `from` imports statically, directly or not (itself included). */
const closure = (getModuleInfo: GetModuleInfo, from: readonly string[]) => {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
};

/** What a strings loader imports dynamically in zh-CN (the language the phones of this product use). */
const zhStrings = (getModuleInfo: GetModuleInfo, loader: string) =>
  (getModuleInfo(loader)?.dynamicallyImportedIds ?? []).filter((id) => id.includes('/zh-CN/'));

const groupsOf = (getModuleInfo: GetModuleInfo) => {
  const entry = closure(getModuleInfo, [src('main.tsx')]);
  const login = closure(getModuleInfo, [
    src('boot/login.tsx'),
    ...zhStrings(getModuleInfo, src('locales/login-locale.ts')),
  ]);
  const phone = closure(getModuleInfo, [
    src('boot/lead-phone.tsx'),
    ...zhStrings(getModuleInfo, src('locales/lead-locale.ts')),
  ]);
  const groups = new Map<string, string>();
  for (const id of phone) {
    if (entry.has(id)) continue;
    groups.set(id, login.has(id) ? 'phone-shared' : 'lead-phone');
  }
  return groups;
};

/**
 * Rolldown's code splitting: the phone page's modules to its two chunks, every other one to the default. A
 * group takes only the modules named (not their dependencies, which would drag the entry's modules into it and
 * make every page load it): `phone-shared` imports only itself and the entry, `lead-phone` only those and
 * itself, so the chunks form no cycle.
 */
export const phoneLeadCodeSplitting = () => {
  let groups: Map<string, string> | undefined;
  return {
    includeDependenciesRecursively: false,
    groups: [
      {
        debugName: 'phone lead page',
        name: (id: string, ctx: { getModuleInfo: GetModuleInfo }) => {
          groups ??= groupsOf((module) => ctx.getModuleInfo(module));
          return groups.get(id) ?? null;
        },
      },
    ],
  };
};
