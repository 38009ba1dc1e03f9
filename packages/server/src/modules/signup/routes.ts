import type { LoginResponse } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { clientIp, setSessionCookies } from '../../http/auth.ts';
import type { UserService } from '../users/service.ts';
import { SignupBody, SignupCodeBody } from './schema.ts';
import type { SignupService } from './service.ts';

/** Sign-up of general users (account service); mounted at / and under /account. */
export function signupRoutes({
  signup,
  users,
  config,
}: {
  signup: SignupService;
  users: UserService;
  config: Config;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const open = { public: true, csrfExempt: true };

    r.post('/p/signup/code', { schema: { body: SignupCodeBody }, config: open }, async (req) =>
      signup.requestCode(req.body.type, req.body.value, clientIp(req)),
    );

    // Like login: the new account's session is set as cookies.
    r.post(
      '/p/signup',
      { schema: { body: SignupBody }, config: open },
      async (req, reply): Promise<LoginResponse> => {
        const session = await signup.signup(req.body, {
          ip: clientIp(req),
          userAgent: req.headers['user-agent'] ?? '',
        });
        setSessionCookies(reply, session.token, session.csrfToken, {
          secure: config.cookieSecure,
          maxAgeSeconds: session.maxAgeSeconds,
        });
        reply.status(201);
        return { user: await users.getSelf(session.actor), csrf_token: session.csrfToken };
      },
    );
  };
}
