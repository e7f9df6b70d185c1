import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Col, Row } from 'antd';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { splitAntdStyles } from './trim-styles';

const cacheMapOf = (styles: string) => styles.match(/cache-path\{content:"([^"]*)"/)?.[1] ?? '';

/** A real antd render on the server, as the login page's prerender does it. */
const prerender = () => {
  const cache = createCache();
  const markup = renderToString(
    createElement(StyleProvider, { cache }, createElement(Row, null, createElement(Col, { span: 24 }, 'x'))),
  );
  return { markup, styles: extractStyle(cache) };
};

describe('splitAntdStyles', () => {
  it('inlines for the first paint only the rules the markup uses, without the cache map', () => {
    const { markup, styles } = prerender();
    expect(styles).toContain('.ant-col-xs-7{');
    const { firstPaint } = splitAntdStyles(styles, markup);

    expect(firstPaint.length).toBeLessThan(styles.length / 2);
    expect(firstPaint).toContain('.ant-col-24{');
    expect(firstPaint).toContain('.ant-row{');
    expect(firstPaint).not.toContain('.ant-col-xs-7{');
    expect(firstPaint).not.toMatch(/@media[^{]*\{\}/);
    // The map names every block, in a plain <style>: antd reads it and runs in its CSS-file mode.
    expect(cacheMapOf(firstPaint)).toBe(cacheMapOf(styles));
    expect(cacheMapOf(firstPaint)).toMatch(/\|Grid-Grid\|ant-col\|/);
    expect(firstPaint).not.toMatch(/<style[^>]*data-ant-cssinjs-cache-path/);
    expect(firstPaint).toContain('<style data-antd-map>');
  });

  it('puts every rule of every block in the stylesheet file', () => {
    const { markup, styles } = prerender();
    const { sheet } = splitAntdStyles(styles, markup);
    expect(sheet).not.toContain('<style');
    expect(sheet).toContain('.ant-col-xs-7{');
    expect(sheet).toContain('.ant-col-24{');
    expect(sheet).not.toContain('cache-path');
  });
});
