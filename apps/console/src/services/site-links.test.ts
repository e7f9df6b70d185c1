import { describe, expect, it } from 'vitest';
import { siteHrefFrom } from './site-links';

describe('links from the console to the site', () => {
  it('keep the base path the console is served under', () => {
    expect(siteHrefFrom('https://yx.example/home/2.0/login/#/content/articles', '/news/detail/7')).toBe(
      '/news/detail/7',
    );
    expect(
      siteHrefFrom(
        'https://school.example/campus/home/2.0/login/#/content/articles/edit/7',
        '/preview/article/t',
      ),
    ).toBe('/campus/preview/article/t');
  });
});
