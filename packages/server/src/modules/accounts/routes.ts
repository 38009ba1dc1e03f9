import { type LoginResult, PASSWORD_TOKEN_TTL_SECONDS } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { actorOf } from '../../http/actor.ts';
import { clearSessionCookies, clientIp, setSessionCookies } from '../../http/auth.ts';
import { DomainError } from '../../http/errors.ts';
import { BindCodeBody } from '../users/schema.ts';
import type { UserService } from '../users/service.ts';
import type { PasswordService } from './password-service.ts';
import {
  ChangeOwnPasswordBody,
  ChangeWithTokenBody,
  CorrelateQuery,
  ForgotPasswordBody,
  LoginBody,
  RedirectBody,
  ResetPasswordBody,
  ResetTokenQuery,
} from './schema.ts';
import { type AccountService, sameOriginRedirect } from './service.ts';

interface Deps {
  accounts: AccountService;
  passwords: PasswordService;
  users: UserService;
  config: Config;
}

/** The account service (spec 002 §7 "Account service"); mounted at / and again under /account. */
export function accountRoutes({ accounts, passwords, users, config }: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/p/login',
      { schema: { body: LoginBody }, config: { public: true, csrfExempt: true } },
      async (req, reply): Promise<LoginResult> => {
        const outcome = await accounts.login({
          account: req.body.account,
          password: req.body.password,
          ip: clientIp(req),
          userAgent: req.headers['user-agent'] ?? '',
        });
        // The password must be changed first: no session, a token for PUT /p/user/password.
        if (outcome.kind === 'mustChangePassword') {
          return {
            must_change_password: true,
            token: outcome.token,
            reason: outcome.reason,
            expires_in: PASSWORD_TOKEN_TTL_SECONDS,
          };
        }
        setSessionCookies(reply, outcome.token, outcome.csrfToken, {
          secure: config.cookieSecure,
          maxAgeSeconds: outcome.maxAgeSeconds,
        });
        return { user: await users.getSelf(outcome.actor), csrf_token: outcome.csrfToken };
      },
    );

    r.post('/p/logout', { config: { public: true } }, async (req, reply) => {
      await accounts.logout(req.actor);
      clearSessionCookies(reply);
      return reply.status(204).send();
    });

    // The session check of spec 002 §4: the page reloads when it fails.
    r.post('/p/auth/check', async (req) => ({ user_id: actorOf(req).userId }));

    r.get('/p/session/correlate', { schema: { querystring: CorrelateQuery } }, async (req) => {
      const actor = actorOf(req);
      return { user_id: actor.userId, csrf_token: actor.csrfToken };
    });

    r.get('/p/bind/status', async (req) => users.bindStatus(actorOf(req)));

    r.post('/p/bind/code', { schema: { body: BindCodeBody } }, async (req) =>
      users.requestBindCode(actorOf(req), req.body.type, req.body.value),
    );

    r.put('/p/user/me/password', { schema: { body: ChangeOwnPasswordBody } }, async (req, reply) => {
      await passwords.changeOwn(actorOf(req), req.body.old_password, req.body.new_password);
      return reply.status(204).send();
    });

    // The forced change: no session yet, the token from login stands for it.
    r.put(
      '/p/user/password',
      { schema: { body: ChangeWithTokenBody }, config: { public: true, csrfExempt: true } },
      async (req, reply) => {
        await passwords.changeWithToken(req.body.token, req.body.old_password, req.body.new_password);
        return reply.status(204).send();
      },
    );

    r.post(
      '/p/password/forgot',
      { schema: { body: ForgotPasswordBody }, config: { public: true, csrfExempt: true } },
      async (req) => passwords.forgot(req.body.account, clientIp(req)),
    );

    r.get(
      '/p/password/reset',
      { schema: { querystring: ResetTokenQuery }, config: { public: true } },
      async (req, reply) => {
        await passwords.checkResetToken(req.query.token);
        return reply.status(204).send();
      },
    );

    r.post(
      '/p/password/reset',
      { schema: { body: ResetPasswordBody }, config: { public: true, csrfExempt: true } },
      async (req, reply) => {
        await passwords.reset({
          token: req.body.token,
          phone: req.body.phone,
          code: req.body.code,
          newPassword: req.body.new_password,
        });
        return reply.status(204).send();
      },
    );

    r.get('/p/company', async (req) => {
      const company = await users.companyOf(actorOf(req));
      if (!company) throw new DomainError('notCompanyMember');
      return company;
    });

    r.post('/api/users/redirect', { schema: { body: RedirectBody } }, async (req) => ({
      url: sameOriginRedirect(req.body.cb, new URL(`${req.protocol}://${req.host}`).origin),
    }));
  };
}
