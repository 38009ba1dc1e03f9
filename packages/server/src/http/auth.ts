import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@cirrus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from '../modules/accounts/service.ts';
import { DomainError } from './errors.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Session and csrf hooks (ARCHITECTURE.md "Sessions"): every request gets `req.actor` from the
 * session cookie; a route that is not public answers 401 userNotLogin without one; every
 * POST/PUT/PATCH/DELETE made with a session must carry its csrf token (header or body field
 * csrf_token), else 403.
 */
export function registerAuth(app: FastifyInstance, accounts: AccountService): void {
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    req.actor = token ? await accounts.authenticate(token) : null;
    if (!req.actor && !req.routeOptions.config.public) throw new DomainError('userNotLogin');
  });

  app.addHook('preValidation', (req, _reply, done) => {
    if (!req.actor || !MUTATING.has(req.method) || req.routeOptions.config.csrfExempt) return done();
    const header = req.headers[CSRF_HEADER];
    const fromBody = (req.body as { csrf_token?: unknown } | undefined)?.csrf_token;
    const sent = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : '';
    done(accounts.csrfMatches(req.actor, sent) ? undefined : new DomainError('csrfInvalid'));
  });
}

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  csrf: string,
  opts: CookieOptions,
): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: opts.secure, maxAge: opts.maxAgeSeconds };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  // Readable by the web app, which echoes it in the X-CSRF-Token header.
  reply.setCookie(CSRF_COOKIE, csrf, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}
