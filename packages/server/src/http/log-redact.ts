import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Query parameters that carry a secret: access codes and their tokens, reset and invite tokens. */
const SECRET_PARAMS = ['rand_code', 'chkcode', 'token', 'code', 'key', 'ticket', 'password'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** An address as the log keeps it: the value of every secret parameter replaced. */
export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_QUERY, '$1[redacted]') : url;
}

/** The request as the log writes it (Fastify's own fields, the address redacted). */
export function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    hostname: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The request log: one line a request once it is answered (`answered`, with its status and
 * milliseconds; `request errored` when it failed), instead of Fastify's two. Fastify's other lines
 * (stream errors after the headers went, serializer errors ...) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'answered');
  }
}
