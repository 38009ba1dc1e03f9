import crypto from 'node:crypto';
import path from 'node:path';
import { appHomeOf } from '@cirrus/shared';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { OpenedDb } from './db/index.ts';
import { registerAuth } from './http/auth.ts';
import { DomainError, frameworkError, registerErrorHandler } from './http/errors.ts';
import { RequestLog, requestForLog } from './http/log-redact.ts';
import { registerNotFoundPage } from './http/not-found-page.ts';
import { addressHasNul, registerTextGuard } from './http/text-input.ts';
import { registerWebApp } from './http/web.ts';
import { createJobQueue } from './jobs/queue.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { createPasswordService } from './modules/accounts/password-service.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { createAccountService } from './modules/accounts/service.ts';
import { createThrottle } from './modules/accounts/throttle.ts';
import { createAuditLog } from './modules/admin/audit.ts';
import { registerConsoleGuard } from './modules/admin/policy.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createAdminServices } from './modules/admin/service.ts';
import { createApprovalPolicy } from './modules/approvals/policy.ts';
import { approvalRoutes } from './modules/approvals/routes.ts';
import { createApprovalService } from './modules/approvals/service.ts';
import { createBlobCollector } from './modules/blobs/service.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { createChatService } from './modules/chat/service.ts';
import { commentRoutes } from './modules/comments/routes.ts';
import { createCommentService } from './modules/comments/service.ts';
import { contactRoutes, corpRoutes } from './modules/contacts/routes.ts';
import { createContactService } from './modules/contacts/service.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { createDownloadService } from './modules/downloads/service.ts';
import { createEventFeed } from './modules/events/feed.ts';
import { eventRoutes } from './modules/events/routes.ts';
import { createEventLog } from './modules/events/service.ts';
import { favoriteRoutes } from './modules/favorites/routes.ts';
import { createFavoriteService } from './modules/favorites/service.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { createFeedbackService } from './modules/feedback/service.ts';
import { createFileAccess } from './modules/files/access.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { createFileService } from './modules/files/service.ts';
import { createTransferService } from './modules/files/transfer.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { createVersionKeeper } from './modules/history/keeper.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { createHistoryService } from './modules/history/service.ts';
import { identityAdminRoutes, identityRoutes } from './modules/identity/routes.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createLinkLookup } from './modules/links/lookup.ts';
import { removeOfFiles as forgetLinksOfFiles } from './modules/links/repo.ts';
import { linkRoutes } from './modules/links/routes.ts';
import { createLinkSecrets, loadSecretKey } from './modules/links/secrets.ts';
import { createLinkService } from './modules/links/service.ts';
import { createLockGuard } from './modules/locks/guard.ts';
import { lockRoutes } from './modules/locks/routes.ts';
import { createLockService } from './modules/locks/service.ts';
import { appealRoutes, moderationAdminRoutes } from './modules/moderation/routes.ts';
import { nameSearchRoutes } from './modules/namesearch/routes.ts';
import { createNameSearchService } from './modules/namesearch/service.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { createNoticeService } from './modules/notices/service.ts';
import { createOutboxService } from './modules/outbox/service.ts';
import { createTransports } from './modules/outbox/transports.ts';
import { pictureRoutes } from './modules/pictures/routes.ts';
import { createPictureService } from './modules/pictures/service.ts';
import { createOfficeConverter, findSoffice } from './modules/preview/convert.ts';
import { previewRoutes } from './modules/preview/routes.ts';
import { CONVERT_JOB, createPreviewService } from './modules/preview/service.ts';
import { recentRoutes } from './modules/recent/routes.ts';
import { createRecentLog, createRecentService } from './modules/recent/service.ts';
import { recycleRoutes } from './modules/recycle/routes.ts';
import { createRecycleService } from './modules/recycle/service.ts';
import { createSearchIndexer, EXTRACT_BATCH, EXTRACT_JOB, MAINTAIN_JOB } from './modules/search/indexer.ts';
import { createSearchRepo } from './modules/search/repo.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { createSearchService } from './modules/search/service.ts';
import { CONVERT_TEAM_JOB, createTeamConversion } from './modules/secdoc/convert.ts';
import { secdocRoutes } from './modules/secdoc/routes.ts';
import { createSecdocService } from './modules/secdoc/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { signupRoutes } from './modules/signup/routes.ts';
import { createSignupService } from './modules/signup/service.ts';
import { createQuotaService } from './modules/spaces/quota-service.ts';
import { spaceRoutes } from './modules/spaces/routes.ts';
import { createSpaceService } from './modules/spaces/service.ts';
import { starRoutes } from './modules/stars/routes.ts';
import { createStarLookup, createStarService } from './modules/stars/service.ts';
import { groupContactRoutes, teamRoutes } from './modules/teams/routes.ts';
import { createTeamService } from './modules/teams/service.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { createUploadService, SWEEP_JOB } from './modules/uploads/service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createUserService } from './modules/users/service.ts';
import { createVerificationService } from './modules/verification/service.ts';
import { memoryBus, redisBus } from './realtime/bus.ts';
import { createHub, type Hub } from './realtime/hub.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { createBlobStore } from './storage/index.ts';

export interface AppDeps {
  config: Config;
  database: OpenedDb;
  /** Unix seconds; tests move time forward. */
  now?: () => number;
  logger?: boolean;
}

export interface App {
  app: FastifyInstance;
  services: ReturnType<typeof createServices>;
}

function createServices(
  deps: Required<Pick<AppDeps, 'config' | 'database' | 'now'>> & { hub: Pick<Hub, 'push'> },
  log?: FastifyBaseLogger,
) {
  const { db } = deps.database;
  const now = deps.now;
  const settings = createSettingsService({
    db,
    writes: deps.database.writes,
    overrides: deps.config.settingOverrides,
    now,
  });
  const outbox = createOutboxService({ db, transports: createTransports(deps.config.outbox), now, log });
  const codes = createVerificationService({ db, outbox, now });
  const users = createUserService({ db, settings, codes });
  const throttle = createThrottle(db, now);
  const passwords = createPasswordService({
    db,
    settings,
    users,
    outbox,
    codes,
    throttle,
    publicUrl: deps.config.publicUrl,
    now,
  });
  const accounts = createAccountService({
    db,
    writes: deps.database.writes,
    throttle,
    users,
    passwords,
    now,
  });
  const signup = createSignupService({ db, settings, codes, accounts, throttle, now });
  // The console's audit log is a thin writer over its table; identity decisions go there too.
  const identity = createIdentityService({
    db,
    settings,
    users,
    outbox,
    audit: createAuditLog({ db, now }),
    now,
  });
  const feedback = createFeedbackService({ db, now });
  const blobs = createBlobStore(deps.config, db);
  const pictures = createPictureService({ db, blobs, settings, now });
  const jobs = createJobQueue({ db, now, log });
  const blobCollector = createBlobCollector({
    db,
    blobs,
    now,
    graceSeconds: deps.config.jobs.blobGraceSeconds,
    jobs,
    log,
  });
  const versions = createVersionKeeper({ db, settings, orphans: blobCollector });
  // Recent files keep themselves from the events of their users (modules/recent).
  const recentLog = createRecentLog({ now });
  // The search index keeps itself in step from the file events too (modules/search).
  const searchIndexer = createSearchIndexer({
    db,
    dialect: deps.database.dialect,
    blobs,
    jobs,
    now,
    // Content text is read soon after an upload rather than at the scheduler's next tick.
    wake: () => {
      if (scheduler.started)
        jobs.runDue().catch((err: unknown) => log?.error({ err }, 'search: running jobs failed'));
    },
    log,
  });
  const events = createEventLog({
    now,
    observers: deps.config.searchIndex
      ? [recentLog.fromEvents, searchIndexer.fromEvents]
      : [recentLog.fromEvents],
  });
  const quota = createQuotaService({ db, defaults: deps.config.quotas, dialect: deps.database.dialect });
  const spaces = createSpaceService({ db, quota, events, now });
  const favorites = createFavoriteService({ db, users, spaces, now });
  // Teams, the directory, approval and notices (issue 5).
  const contacts = createContactService({ db, users, spaces, now });
  const notices = createNoticeService({ db, now });
  const chat = createChatService({
    db,
    dialect: deps.database.dialect,
    spaces,
    users,
    contacts,
    settings,
    hub: deps.hub,
    now,
  });
  const approvalPolicy = createApprovalPolicy({ db, settings });
  const teams = createTeamService({
    db,
    spaces,
    settings,
    users,
    contacts,
    notices,
    approval: approvalPolicy,
    messageCount: chat.countOfTeam,
    jobs,
    dialect: deps.database.dialect,
    now,
    hub: deps.hub,
  });
  const approvals = createApprovalService({
    db,
    policy: approvalPolicy,
    teams,
    contacts,
    notices,
    outbox,
    now,
  });
  const namesearch = createNameSearchService({ db, contacts, teams });
  const fileAccess = createFileAccess({ db, spaces });
  // File locks (modules/locks): the guard is what files, transfers and uploads ask.
  const lockGuard = createLockGuard({ db, settings, now });
  const files = createFileService({
    db,
    access: fileAccess,
    quota,
    events,
    blobs,
    settings,
    versions,
    starred: createStarLookup(db),
    locks: lockGuard,
    // Records carry their open share link and its members (modules/links).
    links: createLinkLookup(db),
    writes: deps.database.writes,
    shared: deps.database.shared,
    dialect: deps.database.dialect,
    chat,
    log,
    now,
  });
  const transfers = createTransferService({
    db,
    access: fileAccess,
    quota,
    events,
    locks: lockGuard,
    settings,
    dialect: deps.database.dialect,
    now,
  });
  const uploads = createUploadService({
    db,
    files,
    blobs,
    dataDir: deps.config.dataDir,
    orphans: blobCollector,
    now,
  });
  const downloads = createDownloadService({
    access: fileAccess,
    writes: deps.database.writes,
    opened: (userId, file) => recentLog.opened(db, userId, file),
  });
  const stars = createStarService({ db, access: fileAccess, files, now });
  const secdoc = createSecdocService({ db, access: fileAccess, spaces });
  const recent = createRecentService({ db, files });
  const comments = createCommentService({ db, access: fileAccess, events, now });
  const feed = createEventFeed({ db, spaces, access: fileAccess });
  const history = createHistoryService({
    db,
    access: fileAccess,
    files,
    spaces,
    keeper: versions,
    orphans: blobCollector,
    jobs,
    settings,
  });
  const recycle = createRecycleService({
    db,
    spaces,
    access: fileAccess,
    files,
    quota,
    events,
    orphans: blobCollector,
    settings,
    forget: [
      stars.forgetFiles,
      recentLog.forgetFiles,
      comments.forgetFiles,
      searchIndexer.forgetFiles,
      forgetLinksOfFiles,
    ],
    dialect: deps.database.dialect,
    now,
  });
  const locks = createLockService({
    db,
    access: fileAccess,
    guard: lockGuard,
    uploads,
    ttlSeconds: deps.config.fileLockTtlSeconds,
    now,
  });
  // Share links (issue 8): the access codes are encrypted with the server's secret key.
  const links = createLinkService({
    db,
    secrets: createLinkSecrets(loadSecretKey(deps.config.dataDir, deps.config.secretKey)),
    spaces,
    access: fileAccess,
    files,
    transfers,
    settings,
    identity,
    outbox,
    events,
    throttle,
    locks: lockGuard,
    blobs,
    users,
    orphans: blobCollector,
    notices,
    hub: deps.hub,
    publicUrl: deps.config.publicUrl,
    now,
  });
  // The administrator's console and moderation (issue 6); the CLI (src/cli.ts) uses the same services.
  const admin = createAdminServices({
    db,
    settings,
    quota,
    spaces,
    contacts,
    accounts,
    passwords,
    outbox,
    teams,
    now,
  });
  const preview = createPreviewService({
    db,
    access: fileAccess,
    files,
    history,
    locks: lockGuard,
    blobs,
    settings,
    jobs,
    converter: createOfficeConverter({
      soffice: findSoffice(deps.config.preview.soffice),
      timeoutSeconds: deps.config.preview.convertTimeoutSeconds,
      workDir: path.join(deps.config.dataDir, 'tmp', 'preview'),
    }),
    // A share link's sid resolves through the links service (issue 8).
    links: links.previews,
    opened: (actor, file) => recentLog.opened(db, actor.userId, file),
    // Files blocked in the console's review queue answer illegalFile.
    blocks: admin.moderation,
    // A conversion starts at once rather than at the scheduler's next tick (not in tests, which run jobs themselves).
    wake: () => (scheduler.started ? jobs.runDue() : Promise.resolve(0)),
    workDir: path.join(deps.config.dataDir, 'tmp', 'preview'),
    imageConcurrency: deps.config.preview.imageConcurrency,
    now,
  });
  jobs.register(CONVERT_JOB, (payload) => preview.convert(payload));
  // The durable jobs of issue 4; the scheduler runs them (main.ts starts it, close stops it).
  jobs.register(SWEEP_JOB, async () => {
    await uploads.sweepAbandoned();
  });
  const convertTeam = createTeamConversion({ db, settings });
  jobs.register(CONVERT_TEAM_JOB, async (payload) => {
    await convertTeam(Number(payload.groupId));
  });
  jobs.register('recycle.purge', async () => {
    await recycle.purgeExpired();
  });
  jobs.register('blobs.collect', async () => {
    await blobCollector.collect();
  });
  jobs.register('history.trim', async (payload) => {
    await history.trimVolume(Number(payload.groupId));
  });
  const search = createSearchService({
    repo: createSearchRepo(db, deps.database.dialect),
    spaces,
    files,
    settings,
    upToDate: searchIndexer.upToDate,
  });
  // Files queued for the index before the last stop (modules/search/indexer.ts).
  if (deps.config.searchIndex) searchIndexer.resume();
  jobs.registerBatch(EXTRACT_JOB, (payloads) => searchIndexer.extract(payloads), EXTRACT_BATCH);
  jobs.register(MAINTAIN_JOB, async () => {
    // A big backfill goes on in further runs right away rather than an hour later.
    if (await searchIndexer.maintain())
      await jobs.enqueue(db, MAINTAIN_JOB, {}, { dedupeKey: `${MAINTAIN_JOB}:more` });
  });
  const scheduler = createScheduler({
    db,
    queue: jobs,
    now,
    tickMs: deps.config.jobs.tickSeconds * 1000,
    periodic: [
      { kind: 'recycle.purge', everySeconds: 3600 },
      { kind: 'blobs.collect', everySeconds: 6 * 3600 },
      { kind: SWEEP_JOB, everySeconds: 6 * 3600 },
      ...(deps.config.searchIndex ? [{ kind: MAINTAIN_JOB, everySeconds: 3600 }] : []),
    ],
    log,
  });
  return {
    settings,
    outbox,
    codes,
    users,
    throttle,
    passwords,
    accounts,
    signup,
    identity,
    favorites,
    pictures,
    feedback,
    blobs,
    events,
    quota,
    spaces,
    files,
    transfers,
    uploads,
    downloads,
    contacts,
    notices,
    chat,
    teams,
    approvals,
    namesearch,
    jobs,
    scheduler,
    lockGuard,
    locks,
    preview,
    links,
    blobCollector,
    stars,
    secdoc,
    recent,
    comments,
    feed,
    history,
    recycle,
    searchIndexer,
    search,
    admin,
  };
}

/** Builds the whole server from its modules; main.ts and the tests both call this. */
export async function buildApp({
  config,
  database,
  now = () => Math.floor(Date.now() / 1000),
  logger,
}: AppDeps): Promise<App> {
  const app = Fastify({
    // The log never keeps an access code or a token that came in an address.
    logger: logger === false ? false : { level: config.logLevel, serializers: { req: requestForLog } },
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 10 * 1024 * 1024,
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('receivedAt', 0);
  // The hooks that run on every request take callbacks: an async hook costs every request a
  // promise and a turn of the microtask queue (issue 11 W2).
  app.addHook('onRequest', (req, reply, done) => {
    req.receivedAt = performance.now();
    // A request sees every commit made before it arrived, by any process (db/index.ts).
    database.freshReads();
    reply.header('x-request-id', req.id);
    reply.header('x-content-type-options', 'nosniff');
    if (addressHasNul(req.url)) return done(new DomainError('badRequest', {}, { reason: 'text' }));
    done();
  });
  registerTextGuard(app);
  // Once the server is stopping, an answer closes its connection: a client's idle keep-alive
  // connection would otherwise hold the stop for the keep-alive timeout (72 s).
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  // How long the server spent on the answer up to its first byte (the browser's network panel
  // shows it; the bench reads it for W4's server time).
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${(performance.now() - req.receivedAt).toFixed(2)}`);
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(fastifyCookie);
  // The push socket only sends; what a client writes on it is small or nothing.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cirrus API', description: 'The calls of the product specifications', version: '0.1.0' },
    },
    transform: jsonSchemaTransform,
  });

  // The realtime bus (ARCHITECTURE): Redis when REDIS_URL names one, else this process alone.
  const bus = config.redisUrl
    ? await redisBus(config.redisUrl, {
        channel: config.redisChannel,
        onError: (err) => app.log.warn({ err }, 'realtime bus: Redis'),
      })
    : memoryBus();
  const services = createServices(
    { config, database, now, hub: { push: (to, event) => hub.push(to, event) } },
    app.log,
  );
  const hub = createHub({
    bus,
    sessionValid: async (token) => (await services.accounts.authenticate(token)) !== null,
  });
  const { db } = database;
  registerErrorHandler(app);
  registerAuth(app, services.accounts);
  // /admin/ calls: 404 for anyone who may not open the console (modules/admin/policy.ts).
  registerConsoleGuard(app, db);

  // The account service also answers under /account, the contacts service under /cts.
  for (const plugin of [
    accountRoutes({ ...services, config }),
    signupRoutes({ ...services, config }),
    identityRoutes(services),
  ]) {
    await app.register(plugin);
    await app.register(plugin, { prefix: '/account' });
  }
  for (const plugin of [userRoutes(services), favoriteRoutes(services)]) {
    await app.register(plugin);
    await app.register(plugin, { prefix: '/cts' });
  }
  await app.register(identityAdminRoutes(services));
  await app.register(adminRoutes({ db, ...services.admin }));
  await app.register(moderationAdminRoutes(services.admin));
  await app.register(appealRoutes(services.admin));
  await app.register(pictureRoutes(services));
  await app.register(settingsRoutes(services));
  await app.register(feedbackRoutes(services));
  await app.register(healthRoutes({ db }));
  await app.register(spaceRoutes(services));
  await app.register(fileRoutes(services));
  await app.register(uploadRoutes(services));
  await app.register(downloadRoutes(services));
  await app.register(teamRoutes(services));
  await app.register(corpRoutes(services));
  await app.register(nameSearchRoutes(services));
  await app.register(noticeRoutes(services));
  await app.register(chatRoutes(services));
  await app.register(realtimeRoutes({ hub, publicUrl: config.publicUrl }));
  // The contacts service's team, directory and approval calls also answer under /cts.
  for (const plugin of [groupContactRoutes(services), contactRoutes(services), approvalRoutes(services)]) {
    await app.register(plugin);
    await app.register(plugin, { prefix: '/cts' });
  }
  await app.register(lockRoutes(services));
  await app.register(previewRoutes(services));
  await app.register(recycleRoutes(services));
  await app.register(starRoutes(services));
  await app.register(secdocRoutes(services));
  await app.register(historyRoutes(services));
  await app.register(recentRoutes(services));
  await app.register(eventRoutes(services));
  await app.register(commentRoutes(services));
  await app.register(linkRoutes(services));
  await app.register(searchRoutes(services));
  await registerWebApp(app, config.webDist, async (companyId) =>
    appHomeOf(await services.settings.get(companyId)),
  );
  registerNotFoundPage(app);

  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  app.addHook('onClose', async () => {
    await hub.close();
    await services.scheduler.stop();
    await services.searchIndexer.close();
    await services.jobs.stop();
    await services.outbox.drain();
    services.blobs.close();
    await database.close();
  });
  return { app, services };
}
