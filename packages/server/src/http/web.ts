import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * Serves the built web app: its assets under /pcview/, and its index.html for every page route
 * (/cts login, /landing, /pcview/..., /view/...). The root path sends a logged-out user to
 * /landing and a logged-in one into the drive.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  /** The drive's address for a logged-in user of this company (shared appHomeOf). */
  homeOf: (companyId: number) => Promise<string>,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(async (assets) => {
      // The app's scripts and styles are needed before anyone has logged in.
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await assets.register(fastifyStatic, {
        root: webDist,
        prefix: '/pcview/',
        wildcard: false,
        index: false,
        // The build writes a brotli and a gzip copy beside each script and stylesheet (web
        // vite.config.ts): sent to browsers that take them, they are a quarter of the bytes.
        preCompressed: true,
        // Built assets are named by their content, so a browser may keep them for good; a new
        // release's index.html (never cached) names new ones.
        cacheControl: false,
        setHeaders: (res, file) => {
          res.setHeader('cache-control', isBuiltAsset(file) ? IMMUTABLE : REVALIDATE);
          // Which copy is sent depends on Accept-Encoding; a cache in between must know.
          res.setHeader('vary', 'accept-encoding');
        },
      });
      // The routes above are those of the files there at start. A build made while the server
      // runs (its index.html is read for every page) names new assets: they are looked up when
      // asked for. One that is not there (a tab open across a release asking for an old chunk)
      // is a 404, not index.html as a script.
      assets.get<{ Params: { '*': string } }>('/pcview/assets/*', (req, reply) => {
        const name = req.params['*'];
        return ASSET_NAME.test(name) && fs.existsSync(path.join(webDist, 'assets', name))
          ? reply.sendFile(`assets/${name}`)
          : reply.status(404).send(errorBody('notFound'));
      });
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (!built) {
      return reply
        .type('text/html; charset=utf-8')
        .status(503)
        .send('<!doctype html><p>The web app has not been built. Run <code>npm run build</code>.</p>');
    }
    // The page itself is never cached, so a new release is picked up at once; no other site may
    // frame it (clickjacking).
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "frame-ancestors 'self'")
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(fs.createReadStream(indexFile));
  };

  const page = { config: { public: true } };
  app.get('/', page, async (req, reply) =>
    reply.redirect(req.actor ? await homeOf(req.actor.companyId) : '/landing'),
  );
  // The login page's own steps live beside it; /cts/v1 and /cts/u/v1 stay the contacts API's.
  const pages = ['/cts', '/cts/forgot', '/cts/reset', '/cts/signup', '/landing'];
  for (const url of [...pages, '/pcview', '/pcview/*', '/view', '/view/*']) {
    app.get(url, page, async (_req, reply) => sendIndex(reply));
  }

  // The preview views (spec 001 §2, spec 002 §2): /p/{fid}, /s/{fid}, /l/{sid} and the preview
  // shell's /403 and /502 are pages of the app at the top of the site. /p is also the account
  // API's prefix (POST /p/login, GET /p/bind/status ...): those are static routes and win over
  // /p/:fid; what reaches it is a page only when the id is a number, the method GET and the
  // browser asks for HTML. Anything else answers as an unknown API path did before.
  const previewPage =
    (pattern: RegExp) => async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      if (!pattern.test(req.params.id) || !wantsHtml(req))
        return reply.status(404).send(errorBody('notFound'));
      return sendIndex(reply);
    };
  app.get('/p/:id', page, previewPage(/^[1-9]\d{0,9}$/));
  app.get('/s/:id', page, previewPage(/^[1-9]\d{0,9}$/));
  // A share link's sid: random base64url-like text (ARCHITECTURE "API conventions").
  app.get('/l/:id', page, previewPage(/^[A-Za-z0-9_-]{1,64}$/));
  for (const url of ['/403', '/502']) {
    app.get(url, page, async (req, reply) =>
      wantsHtml(req) ? sendIndex(reply) : reply.status(404).send(errorBody('notFound')),
    );
  }
}

/** A file the build writes into assets/: a name and its extensions, no folder, no '..'. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)+$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0';

/** What the build put under assets/ with a content hash in its name (Vite's `name-hash.ext`). */
export function isBuiltAsset(file: string): boolean {
  return /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.(br|gz))?$/.test(file);
}

/** A browser navigating to a page sends Accept: text/html; API clients and fetch() do not. */
function wantsHtml(req: FastifyRequest): boolean {
  return (req.headers.accept ?? '').includes('text/html');
}
