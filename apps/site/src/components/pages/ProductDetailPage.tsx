import type { ProductDetail, WithPictures } from '@yuexun/contract';
import type { ReactNode } from 'react';
import { formatYuan } from '../../lib/format';
import { href, type TrailStep } from '../../lib/href';
import { t } from '../../locales/zh-CN';
import Breadcrumb from '../parts/Breadcrumb';
import Cover from '../parts/Cover';
import RichBody from '../parts/RichBody';

interface Props {
  basePath: string;
  product: ProductDetail & WithPictures;
  /** The breadcrumb: home, then the price shop, under their menu names. */
  trail: TrailStep[];
  /** The lead form island, placed by the route file. */
  children?: ReactNode;
}

export default function ProductDetailPage({ basePath, product, trail, children }: Props) {
  return (
    <div className="container section">
      <Breadcrumb basePath={basePath} steps={trail} />
      <div className="product-detail">
        <Cover
          fileUuid={product.coverFileUuid}
          label={product.name}
          slot="detail"
          priority
          pictures={product.pictures}
        />
        <div>
          <h1>{product.name}</h1>
          <p className="tag-list">
            {product.tags.map((tag) => (
              <a key={tag.id} className="tag" href={href(basePath, `/priceShop?tagId=${tag.id}`)}>
                {tag.name}
              </a>
            ))}
          </p>
          <p className="lede">{product.summary}</p>
          <p className="price price-large">
            {formatYuan(product.priceFen)}
            <small> / {product.priceUnit}</small>
          </p>
          <a className="button button-primary" href="#lead">
            {t.consult}
          </a>
        </div>
      </div>
      {product.galleryFileUuids.length > 0 && (
        <section aria-labelledby="gallery">
          <h2 id="gallery" className="subheading">
            {t.productGallery}
          </h2>
          <ul className="product-gallery">
            {product.galleryFileUuids.map((uuid, i) => (
              <li key={uuid}>
                <Cover
                  fileUuid={uuid}
                  label={`${product.name} ${i + 1}`}
                  slot="card"
                  pictures={product.pictures}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {product.specs.length > 0 && (
        <section aria-labelledby="specs">
          <h2 id="specs" className="subheading">
            {t.productSpecs}
          </h2>
          <table className="specs">
            <tbody>
              {product.specs.map((s) => (
                <tr key={s.name}>
                  <th scope="row">{s.name}</th>
                  <td>{s.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section aria-labelledby="intro">
        <h2 id="intro" className="subheading">
          {t.productIntro}
        </h2>
        <RichBody html={product.detailHtml} pictures={product.pictures} column="wide" />
      </section>
      {children}
    </div>
  );
}
