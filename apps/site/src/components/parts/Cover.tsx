/** A cover picture when the item has one, otherwise a calm gradient tile with the item's initial. */
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
}

const TONES = 6;
const toneOf = (label: string) => [...label].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0) % TONES;

export default function Cover({ fileUuid, label, slot, priority = false }: Props) {
  if (fileUuid) {
    return (
      <picture>
        <source type="image/webp" srcSet={webpSrcSet(fileUuid, slot)} sizes={COVER_SLOTS[slot].sizes} />
        <img
          className="cover"
          src={fallbackSrc(fileUuid)}
          alt=""
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
