import type { FastifyRequest } from 'fastify';
import { PHOTO_MAX_BYTES } from '@app/shared';
import { AppError, badRequest, isAppError } from '../../errors.js';
import { photoTooLarge } from './media.images.js';

/**
 * @fastify/multipart's limits for an image upload: one file of at most PHOTO_MAX_BYTES (the
 * parser stops reading beyond it) and a few short text fields. Each plugin that reads uploads
 * registers multipart with these.
 */
export const IMAGE_UPLOAD_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 1024 };

export const photoMissing = () => new AppError(400, 'photo_missing');

/** Whether an error is @fastify/multipart's (or busboy's) refusal of a too large file. */
function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * The refusal for an error met while reading the parts. @fastify/multipart's own (too many
 * parts or fields, 413; a forbidden field name, 400) carry their status and go to the errors
 * plugin as they are; the parser's plain errors (no boundary, a body cut short) are the
 * client's malformed body, never a fault of ours, so 400 bad_request instead of a 500.
 */
function uploadError(error: unknown): unknown {
  if (isFileTooLarge(error)) return photoTooLarge();
  if (isAppError(error)) return error;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest();
}

/** An image upload: the bytes of file field `file` and the text fields sent with it. */
export interface ImageUpload {
  data: Buffer;
  fields: Record<string, string>;
}

/**
 * Reads a multipart/form-data upload into memory: the one file of field `file` and every text
 * field, in whatever order the client sent them. 400 photo_missing without that file, 413
 * photo_too_large beyond IMAGE_UPLOAD_LIMITS, 413 payload_too_large beyond its counts, 400
 * bad_request for a body that is not well-formed multipart.
 */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) throw photoMissing();
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (part.fieldname === 'file') data = await part.toBuffer();
      else throw photoMissing();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!data) throw photoMissing();
  return { data, fields };
}
