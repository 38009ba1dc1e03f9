import type { FastifyRequest } from 'fastify';

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
