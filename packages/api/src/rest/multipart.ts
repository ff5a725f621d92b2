import { messages } from '@kith/validators';
import type { FastifyRequest } from 'fastify';
import { PayloadTooLargeError, ValidationError } from '../shared/errors';

export interface MultipartBody {
  fields: Record<string, string>;
  /** The named file's bytes, when one was sent. */
  file?: Uint8Array<ArrayBuffer>;
}

/**
 * Reads a multipart request: text fields, and the bytes of the file field `fileField`.
 *
 * @throws PayloadTooLargeError (413) for a file of 5 MB or more; ValidationError (400) when
 *   the request is not multipart or has a file under another name.
 */
export async function readMultipart(
  req: FastifyRequest,
  fileField: string,
): Promise<MultipartBody> {
  if (!req.isMultipart()) {
    throw new ValidationError('Send this request as multipart/form-data.');
  }
  const body: MultipartBody = { fields: {} };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          await part.toBuffer();
          throw new ValidationError(
            `Unexpected file field "${part.fieldname}"; use "${fileField}".`,
            {
              [part.fieldname]: [`Use the field "${fileField}"`],
            },
          );
        }
        body.file = Uint8Array.from(await part.toBuffer());
      } else {
        body.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError(messages.image.tooLarge);
    }
    throw new ValidationError('The upload could not be read. Please try again.');
  }
  return body;
}

/**
 * Parses the JSON-text fields of a multipart contact edit (PUT /contacts/{id},
 * docs/product/legacy-api.md#contacts-favorites-trash).
 *
 * @throws ValidationError naming a field that is not valid JSON.
 */
export function parseJsonFields(
  fields: Record<string, string>,
  names: string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...fields };
  for (const name of names) {
    const text = fields[name];
    if (text === undefined || text === '') continue;
    try {
      result[name] = JSON.parse(text);
    } catch {
      throw new ValidationError(`${name} must be JSON text.`, { [name]: ['Must be JSON text'] });
    }
  }
  return result;
}
