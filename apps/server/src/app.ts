import type { Agent } from 'node:https';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { LIVE_MAX_FRAME_BYTES, TYPING_INTERVAL_MS } from '@app/shared';
import type { Config } from './config.js';
import { sql } from 'drizzle-orm';
import { databasePoolStats, openDatabase, type Db } from './db/client.js';
import { createLogger } from './logger.js';
import { accountEraseJob } from './modules/accounts/account-erase.job.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { commerceRoutes } from './modules/admin/commerce.routes.js';
import { createCommerceService } from './modules/admin/commerce.service.js';
import { photoReviewRoutes } from './modules/admin/photo-review.routes.js';
import { createPhotoReviewService } from './modules/admin/photo-review.service.js';
import { pageTextsRoutes } from './modules/admin/page-texts.routes.js';
import { createPageTextsService } from './modules/admin/page-texts.service.js';
import { siteProfilesRoutes } from './modules/admin/site-profiles.routes.js';
import { createSiteProfilesService } from './modules/admin/site-profiles.service.js';
import { createAdminService } from './modules/admin/admin.service.js';
import { staffRoutes } from './modules/admin/staff.routes.js';
import { createStaffService } from './modules/admin/staff.service.js';
import { accountSettingsRoutes } from './modules/accounts/account-settings.routes.js';
import { createAccountSettingsService } from './modules/accounts/account-settings.service.js';
import { accountsRoutes, type AccountRateLimits } from './modules/accounts/accounts.routes.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { chatRoutes, type MessageRateLimit } from './modules/chat/chat.routes.js';
import { complaintsRoutes } from './modules/complaints/complaints.routes.js';
import { createComplaintsService } from './modules/complaints/complaints.service.js';
import { dataExportRoutes } from './modules/data-export/data-export.routes.js';
import { createDataExportService } from './modules/data-export/data-export.service.js';
import { createChatService } from './modules/chat/chat.service.js';
import { createTypingGate } from './modules/chat/typing.gate.js';
import { discountsRoutes } from './modules/discounts/discounts.routes.js';
import { createDiscountsService } from './modules/discounts/discounts.service.js';
import { directDebitRoutes } from './modules/payments/directdebit.routes.js';
import { createDirectDebitService } from './modules/payments/directdebit.service.js';
import { landingRoutes } from './modules/landing/landing.routes.js';
import { createLandingPrerender } from './modules/landing/landing.prerender.js';
import { createLandingService } from './modules/landing/landing.service.js';
import { likesRoutes } from './modules/likes/likes.routes.js';
import { visitsRoutes } from './modules/visits/visits.routes.js';
import { createVisitsService } from './modules/visits/visits.service.js';
import { createLikesService } from './modules/likes/likes.service.js';
import { createLiveHub, type LiveHubOptions } from './modules/live/live.hub.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { createLiveService } from './modules/live/live.service.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { opsPlugin } from './modules/ops/ops.routes.js';
import { createReadinessService } from './modules/ops/ops.service.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { createNotificationsService } from './modules/notifications/notifications.service.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { demoCheckoutRoutes } from './modules/payments/demo-checkout.routes.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createMembersService } from './modules/members/members.service.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { createSearchService } from './modules/search/search.service.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { createPagesPrerender } from './modules/pages/pages.prerender.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
import { createPagesService } from './modules/pages/pages.service.js';
import { pushRoutes, pushSubscribeHook } from './modules/push/push.routes.js';
import { createPushService } from './modules/push/push.service.js';
import { profilesRoutes, type ProfileRateLimits } from './modules/profiles/profiles.routes.js';
import { createProfilesService } from './modules/profiles/profiles.service.js';
import { pwaRoutes } from './modules/pwa/pwa.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createReferenceService } from './modules/reference/reference.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createSiteData } from './modules/settings/site-data.js';
import { verificationConsoleRoutes } from './modules/verification/verification.console.routes.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { createVerificationService } from './modules/verification/verification.service.js';
import { swipeRoutes } from './modules/swipe/swipe.routes.js';
import { createSwipeService } from './modules/swipe/swipe.service.js';
import { createBus, type Bus } from './platform/bus/index.js';
import { createJobRunner, type JobRunner } from './platform/jobs/runner.js';
import { createMailer, type Mailer } from './platform/mail/index.js';
import { createMetrics, type Metrics } from './platform/metrics/index.js';
import { createPaymentProvider } from './platform/payments/index.js';
import { createWebPushSender, resolveVapidKeys } from './platform/push/index.js';
import { createSmsSender } from './platform/sms/index.js';
import { createMediaStorage, mediaDir, type MediaStorage } from './platform/storage/index.js';
import { storageAnswers } from './platform/storage/probe.js';
import { countryForIp } from './platform/geo/index.js';
import { errorsPlugin } from './plugins/errors.js';
import { compressionOptions } from './plugins/compression.js';
import { httpCachePlugin } from './plugins/http-cache.js';
import { mediaPlugin } from './plugins/media.js';
import { requestTypePlugin } from './plugins/request-type.js';
import { securityPlugin, type RateLimitSettings } from './plugins/security.js';
import { createSessions, noteMembersActive, sessionPlugin } from './plugins/session.js';
import { createMemberAnswers, memberAnswersPlugin } from './plugins/member-answers.js';
import { validatorCompiler } from './plugins/validation.js';
import { sitePlugin } from './plugins/site.js';
import { pageLocale } from './plugins/i18n.js';
import { createMemberShellPrerender } from './plugins/member-shell.js';
import { loadWebApp, webPlugin } from './plugins/web.js';

/**
 * What the app runs on. Whatever is passed in belongs to the caller, who closes it; whatever is
 * missing is created from the config and closed with the app.
 */
export interface AppDeps {
  db?: Db;
  bus?: Bus;
  logger?: FastifyBaseLogger;
  rateLimit?: RateLimitSettings;
  /** Mail transport; by default SMTP when SMTP_URL is set, else the outbox. */
  mailer?: Mailer;
  /** The accounts calls' own rate limits (login, signup, reset, activation). */
  accountRateLimits?: Partial<AccountRateLimits>;
  /** The per-member limits of photo uploads and geocoding. */
  profileRateLimits?: Partial<ProfileRateLimits>;
  /** The per-member limit of sent messages (MESSAGES_PER_MINUTE). */
  messageRateLimit?: MessageRateLimit;
  /** Where media are stored; by default createMediaStorage's choice (the bucket, or DATA_DIR/media). */
  storage?: MediaStorage;
  /** The clock of time-based rules (daily swipe limit, auto-like); tests move it. */
  now?: () => Date;
  /** The live channel's ping interval and buffer limits; tests shorten them. */
  live?: Partial<LiveHubOptions>;
  /** The HTTPS agent of requests to push services; tests trust their stand-in's certificate. */
  pushAgent?: Agent;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled jobs of this process; tests run the due ones at a chosen moment. */
    jobs: JobRunner;
    /** The Prometheus metrics (main.ts serves them on METRICS_PORT); null when not configured. */
    metrics: Metrics | null;
  }
}

/** The app as modules see it: zod schemas type requests and replies. */
export type App = FastifyInstance;

/**
 * Builds the whole app: external plugins, then ours, then the modules' routes (fastify/demo's
 * order). It never listens, so tests drive it with app.inject and main.ts decides the port.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app: App = Fastify({
    loggerInstance: deps.logger ?? createLogger(config),
    // A hop count trusts that many proxies in front of us (fastify's types lack the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Ids for log correlation only; a client-sent id is never trusted.
    requestIdHeader: false,
    // Fastify 5's defaults, named because the graceful shutdown relies on them: on close, idle
    // keep-alive connections are closed and a request arriving on an open one answers 503 with
    // Connection: close, so load balancers move on while requests in flight finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const owned: Array<() => Promise<unknown>> = [];
  const db = deps.db ?? (await openOwnedDatabase(config, owned, app.log));
  const bus = deps.bus ?? createBus({ redisUrl: config.redisUrl, log: app.log });
  if (!deps.bus) owned.push(() => bus.close());
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : null;
  if (redis) {
    redis.on('error', (err: Error) => app.log.error({ err }, 'redis (rate limit) connection error'));
    owned.push(() => redis.quit());
  }
  const mailer =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, db, log: app.log, logLinks: !config.production });
  if (!deps.mailer) owned.push(() => mailer.close());
  const storage = deps.storage ?? (await createMediaStorage(config));
  if (mailer.kind === 'outbox' && config.production) {
    app.log.warn(
      'MAIL_OUTBOX=true: MAIL IS NOT SENT. Every mail (activation, password reset, notifications) is only stored in the outbox_mails table; set SMTP_URL to send mail',
    );
  } else if (mailer.kind === 'outbox') {
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    app.log.warn(
      `no SMTP_URL: mail goes to the outbox, listed at ${origin}/dev/outbox for this machine only (not for production)`,
    );
  }
  app.addHook('onClose', async () => {
    // Reverse order of creation: the database goes last.
    for (const close of owned.reverse()) await close().catch((err: unknown) => app.log.error({ err }, 'close failed'));
  });

  // Tests run the services on a fixed clock; production leaves each service its own default.
  const clock = deps.now ? { now: deps.now } : {};
  const vapid = await resolveVapidKeys(db, config);
  const settings = createSettingsService({
    db,
    log: app.log,
    config,
    pushPublicKey: vapid.publicKey,
    countryForIp,
  });
  const reference = createReferenceService({ db, sites: settings });
  const pages = createPagesService({ db, settings });
  const sessions = createSessions({ bus, log: app.log });
  const answers = createMemberAnswers({ bus, log: app.log, ...clock });
  const siteData = createSiteData({ bus, log: app.log, caches: [settings, reference, pages, answers] });
  const typingGate = createTypingGate({
    redis,
    intervalMs: TYPING_INTERVAL_MS,
    log: app.log,
    ...(deps.rateLimit?.nameSpace ? { prefix: deps.rateLimit.nameSpace } : {}),
  });
  const chat = createChatService({ db, bus, answers, storage, typingGate, log: app.log, ...clock });
  const accounts = createAccountsService({ db, settings, mailer, chat, sessions, answers, log: app.log });
  const profiles = createProfilesService({ db, settings, storage, log: app.log });
  const visits = createVisitsService({ db, bus, profiles, answers, log: app.log, ...clock });
  const likes = createLikesService({ db, bus, answers, visits, ...clock });
  const members = createMembersService({ db, bus, profiles, likes, visits, answers, log: app.log });
  const swipe = createSwipeService({ db, likes, ...clock });
  const search = createSearchService({ db, profiles });
  const landing = createLandingService({ db, ...clock });
  const accountSettings = createAccountSettingsService({
    db,
    bus,
    settings,
    mailer,
    chat,
    sessions,
    answers,
    log: app.log,
  });
  const liveHub = createLiveHub({
    bus,
    log: app.log,
    noteActive: (memberIds) => noteMembersActive(db, answers, memberIds, deps.now?.() ?? new Date()),
    typing: { partner: chat.typingPartnerOfFrame, announce: chat.announceTyping },
    ...(deps.live ? { options: deps.live } : {}),
  });
  const metrics =
    config.metricsPort !== null || config.metricsToken !== null
      ? createMetrics({ liveSockets: () => liveHub.socketCount(), databasePool: () => databasePoolStats(db) })
      : null;
  if (metrics) {
    const stopObserving = bus.onDelivery((channel, lagMs) => metrics.observeBusLag(channel, lagMs));
    owned.push(async () => stopObserving());
  }
  app.decorate('metrics', metrics);
  const live = createLiveService({ db });
  const push = createPushService({
    db,
    bus,
    sender: createWebPushSender({ vapid, ...(deps.pushAgent ? { agent: deps.pushAgent } : {}) }),
    log: app.log,
    pushHosts: config.pushHosts,
    likes,
  });
  const discounts = createDiscountsService({ db, ...clock });
  const { provider: paymentProvider, demo: demoCheckout } = createPaymentProvider({
    mollieApiKey: config.mollieApiKey,
    db,
    ...clock,
  });
  // In production the demo checkout exists only with its opt-in; without it (a config that
  // parseConfig would refuse) its orders stay unpaid, since no page can mark them paid.
  const demoPayments = demoCheckout !== null && (!config.production || config.demoPayments);
  if (demoPayments && config.production) {
    app.log.warn(
      'DEMO_PAYMENTS=true: NO REAL PAYMENTS. Members mark their own orders paid on the demo checkout and get the credits; set MOLLIE_API_KEY to take payments',
    );
  } else if (demoPayments) {
    app.log.warn('no MOLLIE_API_KEY: payments go through the demo checkout (not for production)');
  }
  const payments = createPaymentsService({
    db,
    bus,
    provider: paymentProvider,
    sites: settings,
    countryForIp,
    log: app.log,
    answers,
    ...clock,
  });
  const directDebit = createDirectDebitService({
    db,
    bus,
    sms: createSmsSender({ db, log: app.log }),
    sites: settings,
    log: app.log,
    ...clock,
  });

  const complaints = createComplaintsService({ db, settings, mailer, log: app.log });

  const staff = createStaffService({
    db,
    log: app.log,
    issuer: async () => (await settings.resolveSite({})).site.settings.name,
    ...clock,
  });
  const admin = createAdminService({
    db,
    bus,
    sessions,
    log: app.log,
    staff,
    settings,
    siteData,
    accounts,
    accountSettings,
    chat,
    profiles,
    visits,
    ...clock,
  });
  const commerce = createCommerceService({
    db,
    bus,
    log: app.log,
    staff,
    provider: paymentProvider,
    siteData,
    ...clock,
  });
  const siteProfiles = createSiteProfilesService({
    db,
    staff,
    settings,
    profiles,
    ...clock,
  });
  const photoReview = createPhotoReviewService({ db, staff, settings, profiles });
  const verification = createVerificationService({ db, bus, staff, settings, answers, ...clock });
  const pageTexts = createPageTextsService({ pages, settings, staff, siteData });
  const reports = createReportsService({ db, log: app.log, answers, ...clock });
  const dataExport = createDataExportService({ db, storage, settings, log: app.log });

  const notifications = createNotificationsService({
    db,
    bus,
    mailer,
    settings,
    log: app.log,
    answers,
    ...clock,
  });
  const jobs = createJobRunner({
    db,
    log: app.log,
    jobs: [
      ...notifications.jobs(),
      ...visits.jobs(),
      ...payments.jobs(),
      ...directDebit.jobs(),
      ...(config.eraseJobIntervalMinutes > 0
        ? [
            accountEraseJob({
              db,
              storage,
              log: app.log,
              answers,
              intervalMinutes: config.eraseJobIntervalMinutes,
            }),
          ]
        : []),
    ],
    tickMs: config.jobTickSeconds * 1000,
    ...clock,
    ...(metrics ? { onRun: (job: string, outcome: 'ok' | 'failed') => metrics.countJobRun(job, outcome) } : {}),
  });
  app.decorate('jobs', jobs);

  const prerenderers = [
    createLandingPrerender({ settings, landing, countryForIp }),
    createPagesPrerender({ settings, reference, pages }),
    createMemberShellPrerender({
      site: async (request) => {
        const { site } = await settings.resolveSite({ host: request.host });
        return { locale: pageLocale(request, site.settings.domain_language), siteName: site.settings.name };
      },
    }),
  ];
  const web = loadWebApp(config.webDistDir, async (request, match) => {
    for (const prerender of prerenderers) {
      const page = await prerender(request, match);
      if (page) return page;
    }
    return null;
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Amoria API',
        version: '1.0.0',
        description: 'Every call of the web app. Failures answer { error, message, fields? }.',
      },
      tags: [
        { name: 'settings', description: 'Site settings per domain' },
        { name: 'reference', description: 'Company, interests and regions' },
        { name: 'accounts', description: 'The logged-in member' },
        { name: 'profiles', description: "The member's own profile, photos and geocoding" },
        { name: 'members', description: "Other members' profiles and blocking" },
        { name: 'likes', description: 'Likes, matches, auto-like and the swipe game' },
        { name: 'chat', description: 'Conversations, messages and credit spending' },
        { name: 'search', description: 'Member search, match finder and signup matches' },
        { name: 'payments', description: 'Credit bundles, orders, payments and transactions' },
        { name: 'complaints', description: 'The complaints form' },
        { name: 'reports', description: "Reporting members' profiles and messages" },
        { name: 'export', description: "The member's data export (GDPR)" },
        { name: 'logs', description: 'Client beacons' },
        { name: 'notifications', description: 'E-mail notifications: the mail webhook and turning e-mail back on' },
        { name: 'outbox', description: 'Dev only: mails kept while no SMTP server is configured' },
        { name: 'admin', description: 'The operator console: staff login, members, cases, inbox, settings, audit' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // On plain http (local use) upgrading subresources to https would break the page.
    transformStaticCSP: (csp) =>
      config.publicUrl?.startsWith('https:') ? csp : csp.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  await app.register(cookie);
  // Pages, API answers and the service worker go out compressed (options and why in
  // plugins/compression.ts); the hashed assets are compressed once at build time (webPlugin sends
  // those copies as they are). Images and the data export's ZIP are already compressed and are
  // left alone by content type.
  await app.register(compress, compressionOptions);
  // Before every route, so a WebSocket upgrade to a plain route is refused (plugin's rule). On
  // close the live hub stops routing and closes its tabs with "service restart", so clients
  // reconnect to another process (the plugin's own preClose would close them without a code).
  await app.register(websocket, {
    options: { maxPayload: LIVE_MAX_FRAME_BYTES },
    // An open socket fails when the network goes (a phone changing cells): expected, not an
    // error; the client reconnects and catches up.
    errorHandler: (err, socket, request) => {
      request.log.info({ err }, 'live socket failed');
      socket.terminate();
    },
    preClose: async () => {
      await liveHub.close();
      app.websocketServer.close();
    },
  });
  await app.register(securityPlugin, {
    config,
    cdnOrigins: () => settings.cdnOrigins(),
    inlineStyleHashes: web.inlineStyleHashes,
    redis,
    ...(deps.rateLimit ? { rateLimit: deps.rateLimit } : {}),
  });

  await app.register(opsPlugin, {
    readiness: createReadinessService({
      log: app.log,
      checks: {
        database: () => db.execute(sql`select 1`),
        ...(config.redisUrl ? { redis: () => Promise.all([bus.ping(), redis?.ping()]) } : {}),
        storage: () => storageAnswers(storage),
      },
    }),
    metrics,
    metricsToken: config.metricsToken,
  });

  await app.register(errorsPlugin, { pageFallback: web.pageFallback });
  await app.register(requestTypePlugin);
  await app.register(sessionPlugin, { db, sessions, answers });
  await app.register(httpCachePlugin);
  // The console's writes may change any member's answers.
  await app.register(memberAnswersPlugin, { answers, everyoneStaleAfterWritesUnder: '/api/admin/' });
  await app.register(mediaPlugin, { storage, localDir: config.s3 ? null : mediaDir(config) });
  await app.register(webPlugin, { webDistDir: config.webDistDir });
  await app.register(sitePlugin, { settings });

  const api = app.withTypeProvider<ZodTypeProvider>();
  await api.register(settingsRoutes, { settings });
  await api.register(pwaRoutes, { webDistDir: config.webDistDir });
  await api.register(referenceRoutes, { reference });
  await api.register(pagesRoutes, { pages });
  await api.register(accountsRoutes, {
    accounts,
    db,
    sessions,
    config,
    ...(deps.accountRateLimits ? { limits: deps.accountRateLimits } : {}),
    pushSubscribe: pushSubscribeHook(push),
  });
  await api.register(pushRoutes, { push });
  await api.register(profilesRoutes, {
    profiles,
    ...(deps.profileRateLimits ? { limits: deps.profileRateLimits } : {}),
  });
  await api.register(membersRoutes, { members });
  await api.register(likesRoutes, { likes });
  await api.register(visitsRoutes, { visits });
  await api.register(chatRoutes, {
    chat,
    ...(deps.messageRateLimit ? { messageLimit: deps.messageRateLimit } : {}),
  });
  await api.register(swipeRoutes, { swipe });
  await api.register(searchRoutes, { search });
  await api.register(landingRoutes, { landing, countryForIp });
  await api.register(liveRoutes, { hub: liveHub, live });
  await api.register(logsRoutes);
  await api.register(discountsRoutes, { discounts });
  await api.register(paymentsRoutes, { payments });
  await api.register(directDebitRoutes, { directDebit });
  if (demoCheckout && demoPayments) await api.register(demoCheckoutRoutes, { demo: demoCheckout, payments });
  await api.register(accountSettingsRoutes, {
    accountSettings,
    db,
    sessions,
    config,
    ...(deps.accountRateLimits ? { limits: deps.accountRateLimits } : {}),
  });
  await api.register(notificationsRoutes, { notifications, settings, config });
  await api.register(complaintsRoutes, { complaints });
  await api.register(staffRoutes, { staff, config, demoPayments });
  await api.register(adminRoutes, { admin, staff });
  await api.register(commerceRoutes, { commerce, staff });
  await api.register(siteProfilesRoutes, { siteProfiles, staff });
  await api.register(photoReviewRoutes, { photoReview, staff });
  await api.register(verificationRoutes, { verification });
  await api.register(verificationConsoleRoutes, { verification, staff });
  await api.register(pageTextsRoutes, { pageTexts, staff });
  await api.register(reportsRoutes, { reports });
  await api.register(dataExportRoutes, { dataExport });
  // The outbox lists live activation and reset links: never served in production, not even
  // with MAIL_OUTBOX=true.
  if (mailer.kind === 'outbox' && !config.production) await api.register(outboxRoutes, { db });

  // Mails of bus events from the start; scheduled jobs only when configured (tests run them).
  app.addHook('onReady', async () => {
    const stopMails = await notifications.start();
    owned.push(stopMails);
    owned.push(() => jobs.stop());
    if (config.jobTickSeconds > 0) jobs.start();
  });

  // One bus subscription per channel for the whole process, before the first tab connects.
  app.addHook('onReady', () => liveHub.start());
  // Pushes stop before the database closes (owned closes in reverse order).
  app.addHook('onReady', async () => {
    owned.push(await push.start());
  });

  // Console edits made through any process clear this one's site data caches.
  app.addHook('onReady', async () => {
    owned.push(await siteData.start());
  });
  // Sessions ended and answers made stale through any process are forgotten by this one.
  app.addHook('onReady', async () => {
    owned.push(await sessions.start());
    owned.push(await answers.start());
  });

  app.addHook('onReady', async () => {
    // The CSP names the CDNs from the first page on.
    await settings.refreshCdnOrigins();
  });
  return app;
}

async function openOwnedDatabase(
  config: Config,
  owned: Array<() => Promise<unknown>>,
  log: FastifyBaseLogger,
): Promise<Db> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl ?? undefined,
    dataDir: config.dataDir,
    onIdleError: (err) => log.warn({ err }, 'an idle database connection was closed by the server'),
  });
  owned.push(() => database.close());
  return database.db;
}
