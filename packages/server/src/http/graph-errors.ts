import type { ErrorKey } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from './errors.ts';

/** spec 001 §8: the /xfi calls answer the graph error codes; the services speak the /api keys. */
const GRAPH_KEYS: Partial<Record<ErrorKey, ErrorKey>> = {
  badRequest: 'bad_request',
  notFound: 'not_found',
  fileNotExists: 'file_not_found',
  groupNotExist: 'volume_not_found',
  fileNameConflict: 'file_name_already_exists',
  fileNameEmpty: 'invalid_argument',
  illegalFname: 'invalid_argument',
  illegalDotFname: 'invalid_argument',
  fileNameLengthExceed: 'invalid_argument',
};

/** A missing permission names its graph code by the permission that was missing. */
const PERMISSION_KEYS: Record<string, ErrorKey> = {
  upload: 'no_upload_permission',
  update: 'no_update_permission',
  download: 'no_download_permission',
};

export function toGraphError(error: unknown): unknown {
  if (hasZodFastifySchemaValidationErrors(error)) return new DomainError('bad_request');
  if (!(error instanceof DomainError)) return error;
  if (error.key === 'permissionDenied' || error.key === 'moveFilePermission') {
    const permission = String(error.debug?.permission ?? '');
    return new DomainError(PERMISSION_KEYS[permission] ?? 'forbidden', error.params, error.debug);
  }
  const key = GRAPH_KEYS[error.key];
  // The spec key of a name error stays in debug.reason, so a client can still say which rule broke.
  if (key === 'invalid_argument') return new DomainError(key, error.params, { reason: error.key });
  return key ? new DomainError(key, error.params, error.debug) : error;
}

/**
 * Registers the translation for the routes of one plugin: its errors are rewritten to graph codes
 * and handed to the app's error handler, which renders them as usual.
 */
export function useGraphErrors(app: FastifyInstance): void {
  app.setErrorHandler((error) => {
    throw toGraphError(error);
  });
}
