import { isStorableJson, mayHoldUnstorableText } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import { DomainError } from './errors.ts';

/**
 * Texts the server cannot store as they were sent are refused before any route sees them
 * (badRequest): a NUL (PostgreSQL refuses it) or a lone surrogate (stored, it becomes U+FFFD, so
 * another name than the one checked). JSON bodies are parsed by Fastify's own parser and walked
 * only when their text has such an escape; in an address, only %00 decodes to a NUL.
 */
export function registerTextGuard(app: FastifyInstance): void {
  // Every call reads JSON (or its own byte stream): a text/plain body is unsupportedMediaType, not
  // a string for a schema to refuse with a validator's message.
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    void parse(req, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (mayHoldUnstorableText(body as string) && !isStorableJson(value))
        return done(new DomainError('badRequest', {}, { reason: 'text' }), undefined);
      done(null, value);
    });
  });
}

/** Whether a request's address holds a NUL once decoded (see registerTextGuard). */
export function addressHasNul(url: string): boolean {
  return url.includes('%00');
}
