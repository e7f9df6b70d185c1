/**
 * Splits the antd styles extracted at build time (decision 016):
 *   - inlined for the first paint: each block trimmed to the rules the prerendered markup uses. antd writes
 *     whole components' styles: ~190 KB for the login form (the grid alone ~86 KB: every span, offset, push
 *     and pull at every breakpoint), all parsed before the first paint, of which ~40 KB apply;
 *   - inlined too, antd's cache map naming every block, in a `<style data-antd-map>` (dropped by the boot
 *     code when another route or language renders first, src/boot/dom.ts): antd in the browser reads it
 *     and, finding no inline map element, runs in its "styles from a CSS file" mode, taking each prerendered
 *     component's styles as given instead of computing them again while hydrating (hundreds of
 *     milliseconds of main thread on a phone);
 *   - a stylesheet file with every block whole, for what the markup does not show yet (focused, error,
 *     loading states, the grid at other widths), applied on the page's first use (src/boot/dom.ts).
 */
import postcss from 'postcss';

const CACHE_MAP_STYLE = /<style[^>]*data-ant-cssinjs-cache-path[^>]*>[\s\S]*?<\/style>/;
const STYLE = /(<style[^>]*>)([\s\S]*?)(<\/style>)/g;

/** Every class name used in the markup's class attributes. */
const classesOf = (markup: string) =>
  new Set([...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => (m[1] ?? '').split(/\s+/)));

/** Keeps a rule when one of its selectors names only classes present in the markup. */
const trimBlock = (css: string, used: Set<string>) => {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) =>
      [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => used.has(m[1] ?? '')),
    );
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
};

const CACHE_MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/;

/** `styles`: the `<style>` elements from antd's extractStyle; `markup`: the HTML they were extracted for. */
export const splitAntdStyles = (styles: string, markup: string) => {
  const used = classesOf(markup);
  const mapRule = styles.match(CACHE_MAP_STYLE)?.[0].match(CACHE_MAP_RULE)?.[0];
  const blocks = styles.replace(CACHE_MAP_STYLE, '');
  const firstPaint =
    blocks.replace(
      STYLE,
      (_all, open: string, css: string, close: string) => `${open}${trimBlock(css, used)}${close}`,
    ) + (mapRule ? `<style data-antd-map>${mapRule}</style>` : '');
  const sheet = [...blocks.matchAll(STYLE)].map((m) => m[2]).join('\n');
  return { firstPaint, sheet };
};
