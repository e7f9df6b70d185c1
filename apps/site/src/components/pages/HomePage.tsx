/** The home page: hero, solutions, cases, latest news and products; the lead form follows (home.astro). */

import type { SiteCategory } from '@yuexun/contract';
import { type ArticleListItem, DEFAULT_IDS, type ProductListItem } from '@yuexun/contract';
import { formatDate } from '../../lib/format';
import { articlePath, href } from '../../lib/href';
import { home, NAV_LABELS, t } from '../../locales/zh-CN';
import ArticleCardGrid from '../parts/ArticleCardGrid';
import HomeSection from '../parts/HomeSection';
import ProductCard from '../parts/ProductCard';

interface Props {
  basePath: string;
  solutions: (SiteCategory & { summary: string })[];
  cases: ArticleListItem[];
  news: ArticleListItem[];
  products: ProductListItem[];
}

export default function HomePage({ basePath, solutions, cases, news, products }: Props) {
  const more = (path: string) => ({ path, label: t.more });
  return (
    <>
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
              <a className="button button-primary" href="#lead">
                {home.bookDemo}
              </a>
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

      <HomeSection
        id="home-solutions"
        title={home.solutions}
        basePath={basePath}
        more={more('/solution/areaCloud')}
      >
        <ul className="solution-grid">
          {solutions.map((s) => (
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

      <HomeSection
        id="home-cases"
        title={home.cases}
        basePath={basePath}
        more={more(`/demonstrationCase/${DEFAULT_IDS.demonstrationCase}`)}
        alt
      >
        <ArticleCardGrid basePath={basePath} items={cases} pathOf={(id) => articlePath('case', id)} />
      </HomeSection>

      <HomeSection
        id="home-news"
        title={home.news}
        basePath={basePath}
        more={more(`/news/${DEFAULT_IDS.news}`)}
      >
        <ul className="news-list">
          {news.map((item) => (
            <li key={item.id}>
              <a href={href(basePath, articlePath('news', item.id))}>{item.title}</a>
              <time dateTime={item.publishTime}>{formatDate(item.publishTime)}</time>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection
        id="home-products"
        title={home.products}
        basePath={basePath}
        more={{ path: '/priceShop', label: NAV_LABELS.priceShop }}
        alt
      >
        <ul className="product-grid product-grid-compact">
          {products.map((p) => (
            <ProductCard key={p.id} basePath={basePath} product={p} withCover={false} />
          ))}
        </ul>
      </HomeSection>
    </>
  );
}
