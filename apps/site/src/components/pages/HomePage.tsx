/**
 * The home page's parts: the banner carousel (or, with no live banner, the hero) and each band the console's
 * 首页管理 orders, hides and retitles (solutions, cases, news, products); the lead form band is an island
 * placed by home.astro in its turn.
 */

import type { HomeSectionKey, SectionNames, SiteBanner, SiteCategory, WithPictures } from '@yuexun/contract';
import { type ArticleListItem, DEFAULT_IDS, type ProductListItem } from '@yuexun/contract';
import { formatDate } from '../../lib/format';
import { articlePath, href } from '../../lib/href';
import { bannerSrcSet, cropUrl, focusStyle } from '../../lib/images';
import { home, t } from '../../locales/zh-CN';
import ArticleCardGrid from '../parts/ArticleCardGrid';
import HomeSection from '../parts/HomeSection';
import ProductCard from '../parts/ProductCard';

/** A banner's link: a site path goes under BASE_PATH, an http(s) address as it is. */
const bannerHref = (basePath: string, link: string) => (link.startsWith('/') ? href(basePath, link) : link);

/**
 * The carousel: slides side by side in a scroll-snapping track (swipe on a phone, the scroll bar or the
 * numbered links elsewhere), no JavaScript. Phones get the phone picture through <picture>.
 */
export function HomeBanners({
  basePath,
  banners,
  heading,
}: {
  basePath: string;
  banners: SiteBanner[];
  /** The page's h1 (kept for search engines and screen readers; the slides carry h2s). */
  heading: string;
}) {
  return (
    <section className="home-banners" aria-roledescription="carousel" aria-label={home.banners}>
      <h1 className="visually-hidden">{heading}</h1>
      <ul className="banner-track">
        {banners.map((b, i) => (
          <li
            key={b.id}
            id={`banner-${b.id}`}
            className="banner-slide"
            aria-roledescription="slide"
            aria-label={home.bannerOf(i + 1, banners.length)}
          >
            <picture>
              <source
                media="(max-width: 767.98px)"
                srcSet={bannerSrcSet(
                  b.mobileFileUuid || b.desktopFileUuid,
                  'banner-phone',
                  b.mobilePicture,
                  [480, 800],
                )}
                sizes="100vw"
                type="image/webp"
              />
              <source
                srcSet={bannerSrcSet(b.desktopFileUuid, 'banner-desktop', b.desktopPicture, [800, 1200])}
                sizes="100vw"
                type="image/webp"
              />
              <img
                src={cropUrl(b.desktopFileUuid, 'banner-desktop', b.desktopPicture, { width: 1200 })}
                // The picture's own alt text (素材库) describes it; a picture without one is named by the slide's
                // title, as covers are by their item's name (issue 35's sweep: no picture without alt text).
                alt={b.desktopPicture.altText || b.mobilePicture.altText || b.title}
                style={focusStyle({ '--focus-desktop': b.desktopPicture, '--focus-phone': b.mobilePicture })}
                width="1200"
                height="450"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                decoding="async"
              />
            </picture>
            <div className="banner-text">
              <div className="container">
                <h2>{b.title}</h2>
                {b.subtitle && <p>{b.subtitle}</p>}
                {b.buttonText && b.link && (
                  <a className="button button-primary" href={bannerHref(basePath, b.link)}>
                    {b.buttonText}
                  </a>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {banners.length > 1 && (
        <nav className="banner-dots" aria-label={home.banners}>
          {banners.map((b, i) => (
            <a key={b.id} href={`#banner-${b.id}`} title={home.bannerOf(i + 1, banners.length)}>
              {i + 1}
            </a>
          ))}
        </nav>
      )}
    </section>
  );
}

/** The static hero, shown while no banner is live. */
export function HomeHero({ basePath, withLead }: { basePath: string; withLead: boolean }) {
  return (
    <section className="home-hero">
      <div className="container hero-grid">
        <div>
          <p className="eyebrow">{home.eyebrow}</p>
          <h1>
            {home.title.map((phrase) => (
              <span key={phrase} className="phrase">
                {phrase}
              </span>
            ))}
          </h1>
          <p className="hero-intro">{home.intro}</p>
          <div className="hero-actions">
            {withLead && (
              <a className="button button-primary" href="#lead">
                {home.bookDemo}
              </a>
            )}
            <a className="button button-ghost" href={href(basePath, '/solution/areaCloud')}>
              {home.exploreSolutions}
            </a>
          </div>
        </div>
        <ul className="hero-figures">
          {home.figures.map((f) => (
            <li key={f.label}>
              <strong>{f.value}</strong>
              <span>{f.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export interface HomeBandData {
  solutions: (SiteCategory & { summary: string })[];
  cases: (ArticleListItem & WithPictures)[];
  news: (ArticleListItem & WithPictures)[];
  products: (ProductListItem & WithPictures)[];
}

/**
 * The site's own title of a band (a blank console title keeps it): a section's band is named as the menu
 * names the section (renamed in 导航菜单 or its default).
 */
export const defaultBandTitle = (section: HomeSectionKey, names: SectionNames) => {
  switch (section) {
    case 'solutions':
      return names.solution;
    case 'cases':
      return names.cases;
    case 'news':
      return names.news;
    case 'products':
      return home.products;
    case 'lead':
      return '';
  }
};

/** One band of the home page (not the lead form's). */
export function HomeBand({
  section,
  title,
  alt,
  basePath,
  data,
  names,
}: {
  section: Exclude<HomeSectionKey, 'lead'>;
  title: string;
  alt: boolean;
  basePath: string;
  data: HomeBandData;
  /** The sections' names as the menu shows them. */
  names: SectionNames;
}) {
  const more = (path: string) => ({ path, label: t.more });
  const heading = title || defaultBandTitle(section, names);
  switch (section) {
    case 'solutions':
      return (
        <HomeSection
          id="home-solutions"
          title={heading}
          basePath={basePath}
          more={more('/solution/areaCloud')}
          alt={alt}
        >
          <ul className="solution-grid">
            {data.solutions.map((s) => (
              <li key={s.id}>
                <a className="solution-card" href={href(basePath, `/solution/${s.slug}`)}>
                  <h3>{s.name}</h3>
                  <p>{s.summary}</p>
                  <span className="link-arrow">{t.readMore}</span>
                </a>
              </li>
            ))}
          </ul>
        </HomeSection>
      );
    case 'cases':
      return (
        <HomeSection
          id="home-cases"
          title={heading}
          basePath={basePath}
          more={more(`/demonstrationCase/${DEFAULT_IDS.demonstrationCase}`)}
          alt={alt}
        >
          <ArticleCardGrid basePath={basePath} items={data.cases} pathOf={(id) => articlePath('case', id)} />
        </HomeSection>
      );
    case 'news':
      return (
        <HomeSection
          id="home-news"
          title={heading}
          basePath={basePath}
          more={more(`/news/${DEFAULT_IDS.news}`)}
          alt={alt}
        >
          <ul className="news-list">
            {data.news.map((item) => (
              <li key={item.id}>
                <a href={href(basePath, articlePath('news', item.id))}>{item.title}</a>
                <time dateTime={item.publishTime}>{formatDate(item.publishTime)}</time>
              </li>
            ))}
          </ul>
        </HomeSection>
      );
    case 'products':
      return (
        <HomeSection
          id="home-products"
          title={heading}
          basePath={basePath}
          more={{ path: '/priceShop', label: names.priceShop }}
          alt={alt}
        >
          <ul className="product-grid product-grid-compact">
            {data.products.map((p) => (
              <ProductCard key={p.id} basePath={basePath} product={p} withCover={false} />
            ))}
          </ul>
        </HomeSection>
      );
  }
}
