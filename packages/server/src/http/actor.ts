import type { UserRow } from '../db/schema.ts';

/** Who is acting: passed down from the route to the services as one object. */
export interface Actor {
  userId: number;
  /** 0 for a general user who belongs to no company. */
  companyId: number;
  isCompanyAdmin: boolean;
  roles: string[];
  user: UserRow;
  sessionId: string;
  csrfToken: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** performance.now() when the request arrived (app.ts: the Server-Timing header). */
    receivedAt: number;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, settings for the login page, public link pages). */
    public?: boolean;
    /** Exempt from the csrf check: only calls that create the session. */
    csrfExempt?: boolean;
  }
}

/** The actor of a route that requires a session (the auth hook has already answered 401 otherwise). */
export function actorOf(req: { actor: Actor | null }): Actor {
  if (!req.actor) throw new Error('route requires a session but none was attached');
  return req.actor;
}
