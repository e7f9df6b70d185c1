/**
 * A cover picture when the item has one, otherwise a calm gradient tile with the item's initial. The picture
 * says its alt text (else the item's name) and keeps its focal point in view (object-position, decision 063)
 * whichever copy of the srcset the browser picks; its addresses name its content (v=, decision 064).
 */
import { objectPositionOf, type SitePictures } from '@yuexun/contract';
import { COVER_SLOTS, type CoverSlot, fallbackSrc, webpSrcSet } from '../../lib/images';

interface Props {
  fileUuid: string | null;
  label: string;
  /** Where it is shown, which decides the widths the browser picks from. */
  slot: CoverSlot;
  /**
   * The page's likely largest picture above the fold (its LCP element): fetched at once with high
   * priority. Every other cover is lazy, so pictures below the fold wait until they are scrolled to.
   */
  priority?: boolean;
  /** The item's pictures (alt text, focal point, content version), by file uuid. */
  pictures?: SitePictures;
}

const TONES = 6;
const toneOf = (label: string) => [...label].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0) % TONES;

export default function Cover({ fileUuid, label, slot, priority = false, pictures }: Props) {
  if (fileUuid) {
    const picture = pictures?.[fileUuid];
    return (
      <picture>
        <source
          type="image/webp"
          srcSet={webpSrcSet(fileUuid, slot, picture?.version)}
          sizes={COVER_SLOTS[slot].sizes}
        />
        <img
          className="cover"
          src={fallbackSrc(fileUuid, picture?.version)}
          alt={picture?.altText || label}
          style={picture ? { objectPosition: objectPositionOf(picture) } : undefined}
          // 16:9, the covers' shape: the space is kept while the picture loads (no layout shift).
          width={800}
          height={450}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? undefined : 'async'}
        />
      </picture>
    );
  }
  return (
    <div className={`cover cover-placeholder tone-${toneOf(label)}`} aria-hidden="true">
      <span>{[...label][0] ?? ''}</span>
    </div>
  );
}
