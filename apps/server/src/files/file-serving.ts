/**
 * What the view and download routes share: who may read a file (public, or its uploader and their school's
 * admins; otherwise the same 404 as a missing one), caching by content hash with ETag/304, and picture copies.
 */
import { BusinessCode, contentVersionOf, fail, messages } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../http/etag';
import { fileForRequest, type StoredFile } from './file.service';
import { kindOfFormat } from './file-checks';
import { type Variant, type VariantRequest, wantsVariant } from './image-variants';

export const pathOnly = (url: string) => url.split('?')[0] as string;

export const notFound = (reply: FastifyReply, message: string = messages.fileNotFound) =>
  reply.status(404).send(fail(BusinessCode.NOT_FOUND, message));

export type FileServing = ReturnType<typeof fileServing>;

/** Whether the address carries the current content's version (v=, contentVersionOf of its SHA-256). */
const namesContent = (request: FastifyRequest, stored: StoredFile) =>
  (request.query as { v?: unknown } | undefined)?.v === contentVersionOf(stored.sha256);

export const fileServing = (app: FastifyInstance) => {
  const readable = async (request: FastifyRequest, uuid: string): Promise<StoredFile | null> => {
    const { stored, readable } = await fileForRequest(app, request, uuid);
    return readable ? stored : null;
  };

  /** Sets the caching headers; true when the browser's copy (by ETag) is still the right one. */
  const notModified = (
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredFile,
    tag: string | undefined,
    lasting = true,
  ) => {
    const etag = tag ? `"${stored.sha256}-${tag}"` : `"${stored.sha256}"`;
    // A file's content can be replaced at the same address (decision 064): only an address naming the
    // current content (v=) is kept for a year; any other is checked again by its ETag each time.
    const cache = !lasting
      ? 'no-cache'
      : stored.visibility !== 'public'
        ? 'private, max-age=0'
        : namesContent(request, stored)
          ? 'public, max-age=31536000, immutable'
          : 'public, no-cache';
    reply
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag)
      .header('last-modified', stored.contentUpdatedAt.toUTCString())
      .header('cache-control', cache);
    return etagMatches(request.headers['if-none-match'], etag);
  };

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    stored: StoredFile,
    disposition: string,
    variant?: Variant,
    /** False when a copy was asked for but could not be drawn: the original then stands in only briefly. */
    lasting = true,
  ) => {
    if (notModified(request, reply, stored, variant?.tag, lasting)) return reply.status(304).send();
    if (variant) {
      return reply
        .header('content-type', variant.contentType)
        .header('content-length', variant.bytes.length)
        .header('content-disposition', disposition)
        .send(variant.bytes);
    }
    const body = await app.blobs.get(stored.uuid);
    if (!body) return notFound(reply);
    return reply
      .header('content-type', kindOfFormat(stored.format).contentType)
      .header('content-length', stored.size)
      .header('content-disposition', disposition)
      .send(body);
  };

  /**
   * The requested size or format of a picture; none when none is asked for, and `failed` when drawing
   * it failed (the original is sent instead).
   */
  const variantOf = async (
    request: FastifyRequest,
    stored: StoredFile,
    wanted: VariantRequest,
  ): Promise<{ variant?: Variant; failed: boolean }> => {
    if (!wantsVariant(stored.format, wanted)) return { failed: false };
    try {
      const variant = await app.imageVariants.get(stored.uuid, stored.format, wanted, () =>
        app.blobs.get(stored.uuid),
      );
      return { variant, failed: false };
    } catch (error) {
      request.log.warn({ err: error, fileUuid: stored.uuid }, 'picture variant not drawn; original sent');
      return { failed: true };
    }
  };

  return { readable, notModified, send, variantOf };
};
