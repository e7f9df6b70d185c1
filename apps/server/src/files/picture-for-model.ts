/**
 * The picture itself for 图片替代文字, when the model reads pictures (AI 助手's 模型可以识图; decision 055
 * amended): the stored picture, if this person may read it, scaled down to AI_PICTURE_MAX_SIDE on its longer side
 * as a JPEG data URL (OpenAI's `image_url` part, which Qwen-VL, Kimi's vision models, GPT-4o and ERNIE's vision
 * models take). Scaled so a 12-megapixel photo costs the model's smallest picture price, and sent as data: a
 * private upload never gets a public address for the model to fetch. Handed to AI 助手 by app.ts (decision 023).
 */
import { buffer } from 'node:stream/consumers';
import { AI_PICTURE_MAX_SIDE, aiMessages, BusinessCode } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../http/auth-plugin';
import { BusinessError } from '../shared/errors';
import { findFile, mayRead } from './file.service';
import { croppable } from './image-variants';

export const pictureForModel = async (app: FastifyInstance, auth: AuthContext, uuid: string) => {
  const stored = await findFile(app.db, uuid);
  // Not this person's to read is answered as missing: the answer must not tell which private files exist.
  if (!stored || !mayRead(stored, auth))
    throw new BusinessError(BusinessCode.NOT_FOUND, aiMessages.pictureMissing);
  if (!croppable(stored.format)) throw new BusinessError(BusinessCode.BAD_REQUEST, aiMessages.notAPicture);
  const body = await app.blobs.get(stored.uuid);
  if (!body) throw new BusinessError(BusinessCode.NOT_FOUND, aiMessages.pictureMissing);
  const { default: sharp } = await import('sharp');
  // Stored content that no longer decodes (a damaged blob) is refused like a file that is not a picture.
  const jpeg = await sharp(await buffer(body), { failOn: 'error' })
    .rotate()
    .resize({
      width: AI_PICTURE_MAX_SIDE,
      height: AI_PICTURE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer()
    .catch(() => {
      throw new BusinessError(BusinessCode.BAD_REQUEST, aiMessages.notAPicture);
    });
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
};

/** The stored name of a picture this person may read (the model's 文件名 when the body names none), else undefined. */
export const pictureNameFor = async (app: FastifyInstance, auth: AuthContext, uuid: string) => {
  const stored = await findFile(app.db, uuid);
  return stored && mayRead(stored, auth) ? stored.name : undefined;
};
