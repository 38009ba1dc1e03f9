import { REALTIME_PATH, SESSION_COOKIE } from '@cirrus/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../http/actor.ts';
import { DomainError } from '../http/errors.ts';
import type { Hub } from './hub.ts';

/**
 * A page of another site may open a WebSocket to us, and the browser sends our cookies with it
 * (cross-site WebSocket hijacking; a socket has no csrf token): only our own pages may, so the
 * Origin must be this server's address as the browser reached it, or PUBLIC_URL's.
 */
export function originAllowed(req: Pick<FastifyRequest, 'headers' | 'protocol'>, publicUrl: string): boolean {
  const origin = req.headers.origin;
  // Programs other than browsers send no Origin, and no browser page can leave it out.
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(publicUrl).origin) return true;
  return url.host === req.headers.host && url.protocol === `${req.protocol}:`;
}

/** GET /ws: the web app's push socket (shared/realtime.ts). Not logged in: 401 before the upgrade. */
export function realtimeRoutes({ hub, publicUrl }: { hub: Hub; publicUrl: string }) {
  return async (app: FastifyInstance) => {
    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: (req, _reply, done) =>
          done(originAllowed(req, publicUrl) ? undefined : new DomainError('permissionDenied')),
      },
      (socket, req) => {
        hub.attach(actorOf(req).userId, req.cookies[SESSION_COOKIE] ?? '', socket);
      },
    );
  };
}
