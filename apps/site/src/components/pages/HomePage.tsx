import type { ArticleListItem, ProductListItem } from '@yuexun/contract';
import { formatDate, formatYuan } from '../../lib/format';
import { articlePath, href } from '../../lib/href';
import type { SiteCategory } from '../../lib/services';
import { t } from '../../lib/strings';
import ArticleCard from '../parts/ArticleCard';

interface Props {
  basePath: string;
  solutions: (SiteCategory & { summary: string })[];
  cases: ArticleListItem[];
  news: ArticleListItem[];
  products: ProductListItem[];
}

const FIGURES = [
  { value: '2000+', label: '服务学校' },
  { value: '400万+', label: '师生与家长用户' },
  { value: '40+', label: '区域教育云项目' },
  { value: '等保三级', label: '核心平台测评' },
];

export default function HomePage({ basePath, solutions, cases, news, products }: Props) {
  return (
    <>
      <section className="home-hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">区域教育云 · 智慧校园 · 家校互通</p>
            <h1>让每一所学校的数字化，稳定、安全、好用</h1>
            <p className="hero-intro">
              悦讯智慧校园为区县教育局、中小学、幼儿园和职业院校提供统一平台底座与二十余款教育应用，一处维护数据，全局共享，本地化团队长期服务。
            </p>
            <div className="hero-actions">
              <a className="button button-primary" href="#lead">
                预约演示
              </a>
              <a className="button button-ghost" href={href(basePath, '/solution/areaCloud')}>
                了解解决方案
              </a>
            </div>
          </div>
          <ul className="hero-figures">
            {FIGURES.map((f) => (
              <li key={f.label}>
                <strong>{f.value}</strong>
                <span>{f.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section container" aria-labelledby="home-solutions">
        <div className="section-head">
          <h2 id="home-solutions">解决方案</h2>
          <a href={href(basePath, '/solution/areaCloud')}>{t.more}</a>
        </div>
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
      </section>

      <section className="section section-alt" aria-labelledby="home-cases">
        <div className="container">
          <div className="section-head">
            <h2 id="home-cases">示范案例</h2>
            <a href={href(basePath, '/demonstrationCase/1351')}>{t.more}</a>
          </div>
          <div className="card-grid">
            {cases.map((item) => (
              <ArticleCard
                key={item.id}
                basePath={basePath}
                item={item}
                path={articlePath('case', item.id)}
                headingLevel="h3"
              />
            ))}
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="home-news">
        <div className="section-head">
          <h2 id="home-news">新闻资讯</h2>
          <a href={href(basePath, '/news/1881')}>{t.more}</a>
        </div>
        <ul className="news-list">
          {news.map((item) => (
            <li key={item.id}>
              <a href={href(basePath, articlePath('news', item.id))}>{item.title}</a>
              <time dateTime={item.publishTime}>{formatDate(item.publishTime)}</time>
            </li>
          ))}
        </ul>
      </section>

      <section className="section section-alt" aria-labelledby="home-products">
        <div className="container">
          <div className="section-head">
            <h2 id="home-products">热门产品</h2>
            <a href={href(basePath, '/priceShop')}>{t.priceShop}</a>
          </div>
          <ul className="product-grid">
            {products.map((p) => (
              <li key={p.id} className="product-card">
                <h3>
                  <a href={href(basePath, `/priceShop/productDetail?productId=${p.id}`)}>{p.name}</a>
                </h3>
                <p>{p.summary}</p>
                <p className="price">
                  {formatYuan(p.priceFen)}
                  <small> / {p.priceUnit}</small>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
