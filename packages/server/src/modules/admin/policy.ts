import { type ConsoleAccess, consoleAccess } from '@cirrus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { clientIp } from '../../http/auth.ts';
import { DomainError } from '../../http/errors.ts';

/**
 * Who acts in the console: a person through the web (from their session) or the command line
 * (npm run admin), which acts as the operator with actor id 0. Passed to every console service.
 */
export interface ConsoleActor {
  /** 0 for the command line. */
  userId: number;
  name: string;
  companyId: number;
  access: ConsoleAccess;
  /** Administrator of the deployment's first company: deployment-wide settings, outbox, general users. */
  operator: boolean;
  via: 'web' | 'cli';
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    console: ConsoleActor | null;
  }
}

/** The command line acting on a company: with full access, as the operator when it is the first company. */
export function commandLineActor(companyId: number, operator: boolean): ConsoleActor {
  return { userId: 0, name: 'command line', companyId, access: 'manage', operator, via: 'cli', ip: '' };
}

export async function operatorCompanyId(db: Db): Promise<number> {
  const row = await db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}

/** The console actor behind a session, or null when the user may not open the console. */
export async function consoleActorOf(db: Db, actor: Actor, ip = ''): Promise<ConsoleActor | null> {
  if (!actor.companyId) return null;
  const access = consoleAccess({ roles: actor.roles, isCompanyAdmin: actor.isCompanyAdmin });
  if (!access) return null;
  return {
    userId: actor.userId,
    name: actor.user.nick_name,
    companyId: actor.companyId,
    access,
    operator: access === 'manage' && actor.companyId === (await operatorCompanyId(db)),
    via: 'web',
    ip,
  };
}

/** The company ids whose people and content the actor administers: general users (0) go to the operator. */
export function companiesOf(actor: ConsoleActor): number[] {
  return actor.operator ? [actor.companyId, 0] : [actor.companyId];
}

export function requireManage(actor: ConsoleActor): void {
  if (actor.access !== 'manage') throw new DomainError('permissionDenied');
}

export function requireOperator(actor: ConsoleActor): void {
  if (!actor.operator) throw new DomainError('permissionDenied');
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every /admin/ call: the console's people only. Anyone else gets 404 (STYLE "Server": what the
 * actor may not see answers 404, so the console's calls do not tell a plain user they exist); a
 * viewer (a role other than admin) may read but not change (403).
 */
export function registerConsoleGuard(app: FastifyInstance, db: Db): void {
  app.decorateRequest('console', null);
  async function guard(req: FastifyRequest): Promise<void> {
    if (!req.actor) throw new DomainError('userNotLogin');
    const actor = await consoleActorOf(db, req.actor, clientIp(req));
    if (!actor) throw new DomainError('notFound');
    if (MUTATING.has(req.method) && actor.access !== 'manage') throw new DomainError('permissionDenied');
    req.console = actor;
  }
  // A callback hook: every other request passes it without a promise (issue 11 W2).
  app.addHook('onRequest', (req: FastifyRequest, _reply, done) => {
    if (!req.url.startsWith('/admin/')) return done();
    guard(req).then(() => done(), done);
  });
}

export function consoleOf(req: { console: ConsoleActor | null }): ConsoleActor {
  if (!req.console) throw new Error('console route without the console guard');
  return req.console;
}
