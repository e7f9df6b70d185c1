/** A cover picture when the item has one, otherwise a calm gradient tile with the item's initial. */
import { fileViewUrl } from '../../lib/href';

interface Props {
  fileUuid: string | null;
  label: string;
  /** Above the fold: load at once; below: lazy. */
  eager?: boolean;
  width?: number;
  height?: number;
}

const TONES = 6;
const toneOf = (label: string) => [...label].reduce((sum, ch) => sum + (ch.codePointAt(0) ?? 0), 0) % TONES;

export default function Cover({ fileUuid, label, eager = false, width = 400, height = 225 }: Props) {
  if (fileUuid) {
    return (
      <img
        className="cover"
        src={fileViewUrl(fileUuid)}
        alt=""
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  }
  return (
    <div className={`cover cover-placeholder tone-${toneOf(label)}`} aria-hidden="true">
      <span>{[...label][0] ?? ''}</span>
    </div>
  );
}
