/**
 * 替代文字与焦点 (decision 063): the picture whole, where a click (or the arrow keys) marks the focal point
 * that every cropped copy keeps in view, two previews of the site's crops (phone square, desktop banner),
 * and the alt text the site says where the content gives none.
 */
import { type AdminFile, objectPositionOf, PICTURE_ALT_MAX } from '@yuexun/contract';
import { Form, Input, Typography } from 'antd';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { EditModal } from '../../../components/EditModal';
import { useIntl } from '../../../locales/intl';
import { previewUrl, setPicture } from '../../../services/file-admin';

const STEP = 0.05;
const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 1000) / 1000));

export function PictureDialog({
  picture,
  onClose,
  onSaved,
}: {
  picture: AdminFile;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useIntl();
  const [form] = Form.useForm<{ altText: string }>();
  const [focus, setFocus] = useState({ focusX: picture.focusX, focusY: picture.focusY });
  const src = previewUrl(picture.fileUuid);
  const position = objectPositionOf(focus);

  const mark = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setFocus({
      focusX: clamp((event.clientX - box.left) / box.width),
      focusY: clamp((event.clientY - box.top) / box.height),
    });
  };
  const nudge = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setFocus((f) => ({ focusX: clamp(f.focusX + move[0]), focusY: clamp(f.focusY + move[1]) }));
  };

  return (
    <EditModal<{ altText: string }>
      title={t('files.picture.title', { name: picture.fileName })}
      form={form}
      initialValues={{ altText: picture.altText }}
      save={async ({ altText }) => {
        await setPicture({ fileUuid: picture.fileUuid, altText: altText ?? '', ...focus });
        onSaved();
        onClose();
      }}
      onClose={onClose}
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('files.picture.focusHint')}</Typography.Paragraph>
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('files.picture.focus')}
          aria-valuetext={position}
          aria-valuenow={focus.focusX}
          data-testid="focus-area"
          onClick={mark}
          onKeyDown={nudge}
          // Shrinks to the picture, so a click's place in the box is its place in the picture.
          style={{ position: 'relative', display: 'inline-block', cursor: 'crosshair', lineHeight: 0 }}
        >
          <img src={src} alt="" style={{ maxWidth: '100%', maxHeight: 360, display: 'block' }} />
          <span
            aria-hidden
            style={{
              position: 'absolute',
              left: `${focus.focusX * 100}%`,
              top: `${focus.focusY * 100}%`,
              width: 24,
              height: 24,
              marginLeft: -12,
              marginTop: -12,
              borderRadius: '50%',
              border: '3px solid #fff',
              boxShadow: '0 0 0 2px #1677ff, 0 1px 4px rgba(0,0,0,.5)',
              pointerEvents: 'none',
            }}
          />
        </div>
      </div>
      <Typography.Text type="secondary" data-testid="focus-value">
        {t('files.picture.focusAt', { position })}
      </Typography.Text>
      <div style={{ display: 'flex', gap: 12, margin: '12px 0 16px', flexWrap: 'wrap' }}>
        {[
          { key: 'phone', label: t('files.picture.cropPhone'), width: 96, height: 96 },
          { key: 'desktop', label: t('files.picture.cropDesktop'), width: 240, height: 75 },
        ].map((crop) => (
          <figure key={crop.key} style={{ margin: 0 }}>
            <img
              src={src}
              alt=""
              width={crop.width}
              height={crop.height}
              style={{ objectFit: 'cover', objectPosition: position, display: 'block', borderRadius: 4 }}
            />
            <figcaption>
              <Typography.Text type="secondary">{crop.label}</Typography.Text>
            </figcaption>
          </figure>
        ))}
      </div>
      <Form.Item name="altText" label={t('files.picture.altText')} tooltip={t('files.picture.altHint')}>
        <Input.TextArea maxLength={PICTURE_ALT_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </EditModal>
  );
}
