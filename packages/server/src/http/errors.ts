import { ERRORS, type ErrorBody, type ErrorKey, formatMessage } from '@cirrus/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * A rule of the product was broken. The key names an entry of the shared catalogue, which gives
 * the HTTP status, the numeric code and the text; `params` fill the text's placeholders and
 * `debug` travels to the client as extra data (retry_after, global_hisotry_limit ...).
 */
export class DomainError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, string | number>;
  readonly debug: Record<string, unknown> | undefined;

  constructor(key: ErrorKey, params: Record<string, string | number> = {}, debug?: Record<string, unknown>) {
    super(key);
    this.key = key;
    this.params = params;
    this.debug = debug;
  }
}

export function errorBody(key: ErrorKey, params: Record<string, string | number> = {}): ErrorBody {
  const def = ERRORS[key];
  const body: ErrorBody = { result: key, msg: formatMessage(def.en, params) };
  if ('code' in def && typeof def.code === 'number') body.code = def.code;
  return body;
}

export function statusOf(key: ErrorKey): number {
  return ERRORS[key].status;
}

function clientErrorKey(status: number): ErrorKey {
  if (status === 413) return 'fileTooLarge';
  if (status === 415) return 'unsupportedMediaType';
  return 'badRequest';
}

/**
 * Fastify's router errors, which come before any route and its error handler: a malformed address
 * or a path parameter longer than the router takes (`maxParamLength`).
 */
export function frameworkError(_error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  // The /xfi calls answer the graph twin (spec 001 §8), as their own routes do (graph-errors.ts).
  const key: ErrorKey = req.url.startsWith('/xfi') ? 'bad_request' : 'badRequest';
  reply.status(statusOf(key)).send(errorBody(key));
}

/** One error handler renders every failure as status + {result, code, msg}; never internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof DomainError) {
      const body = errorBody(error.key, error.params);
      // The text's placeholders travel too, so that a client shows its own language's text whole
      // (shared lookupErrorMessage reads them from debug): "larger than {limit} MB".
      if (error.debug || Object.keys(error.params).length > 0)
        body.debug = { ...error.params, ...error.debug };
      // A throttle's wait, in the header HTTP clients and proxies read too.
      const retryAfter = error.debug?.retry_after;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(Math.ceil(retryAfter)));
      return reply.status(statusOf(error.key)).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => `${v.instancePath} ${v.message ?? ''}`.trim());
      const body = errorBody('badRequest');
      body.msg = `${body.msg}: ${issues.join('; ')}`;
      return reply.status(400).send(body);
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type), each as a
    // catalogue key with the catalogue's status.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const key = clientErrorKey(error.statusCode);
      return reply.status(statusOf(key)).send(errorBody(key));
    }
    // A call its client left (req.signal, passed to work that stops for it): nobody reads the answer.
    if (req.signal.aborted && error.name === 'AbortError') {
      req.log.info('request aborted by its client');
      return reply.status(500).send(errorBody('serverException'));
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('serverException'));
  });
  app.setNotFoundHandler((_req, reply) => {
    reply.status(404).send(errorBody('notFound'));
  });
}
