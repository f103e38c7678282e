import { createRequestHandler } from "@react-router/express";
import type { Express, Request, RequestHandler, Response } from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { DatabaseHandle } from "#app/db/client.server";
import { openConfiguredDatabase } from "#app/db/open.server";
import { checkTrigramLocale, migrateDatabase } from "#app/db/migrate.server";
import { AdjustableClock, systemClock, type Clock } from "#app/platform/clock.server";
import { CounterBuffer } from "#app/platform/counter-buffer.server";
import { acquireDataDirLock, type DataDirLock } from "#app/platform/data-dir-lock.server";
import type { AppConfig } from "#app/platform/env.server";
import { composeJobRegistry, ensureDailyJobs, JobWorker, platformJobs } from "#app/platform/jobs.server";
import { createLogger, type Logger } from "#app/platform/logger.server";
import { createAuth, SESSION_EXTENSION } from "#app/platform/auth/auth.server";
import { sessionsById } from "#app/platform/viewer.server";
import { createMessaging } from "#app/platform/messaging/index.server";
import { paymentGateway } from "#app/platform/payments/index.server";
import { payoutService } from "#app/platform/payouts/index.server";
import { createRealtime } from "#app/platform/realtime.server";
import { createConfiguredStorage } from "#app/platform/storage/configured.server";
import { createAddressProvider } from "#app/services/location/address-provider.server";
import { setRuntime, type Runtime } from "#app/platform/runtime.server";
import { seedDemoCommunity } from "#app/services/demo/demo-community.server";
import { seedDemoCoupons } from "#app/services/demo/demo-coupons.server";
import { seedDemoTheft } from "#app/services/demo/demo-theft.server";
import { seedDemoMarket } from "#app/services/demo/demo-market.server";
import { seedDemoEarnings } from "#app/services/demo/demo-earnings.server";
import { seedDemoMeetings } from "#app/services/demo/demo-meetings.server";
import { seedDemoInspection } from "#app/services/demo/demo-inspection.server";
import { seedDemoMembers } from "#app/services/demo/demo-members.server";
import { seedDemoMotorcycles } from "#app/services/demo/demo-motorcycles.server";
import { seedDemoPartsFit } from "#app/services/demo/demo-parts-fit.server";
import { seedDemoSkills } from "#app/services/demo/demo-skills.server";
import { seedDemoReputations } from "#app/services/demo/demo-reputation.server";
import { seedDemoServiceLog } from "#app/services/demo/demo-service-log.server";
import { seedReferenceData } from "#app/services/reference/seed.server";
import { flushArticleViews, seedBoardCategories } from "#app/services/board/articles.server";
import { scheduleEventStartCheck } from "#app/services/notice/events.server";
import { noticeJobs } from "#app/services/notice/jobs.server";
import { marketJobs } from "#app/services/market/keywords.server";
import { paymentJobs } from "#app/services/payments/jobs.server";
import { withdrawalJobs } from "#app/services/settlement/payouts.server";
import { earningsJobs } from "#app/services/settlement/earnings.server";
import { ensurePodiumJob, sparkJobs } from "#app/services/sparks/podium.server";
import { serviceLogJobs } from "#app/services/service-log/reminder-job.server";
import { meetingJobs } from "#app/services/meetings/jobs.server";
import { reputationJobs } from "#app/services/reputation/reputation.server";
import { ensureUploadCollection, uploadCollectionJob } from "#app/services/uploads/ownership.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import { seedFaqEntries } from "#app/services/notice/faq.server";
import { seedCatalogue } from "#app/services/motorcycles/seed.server";
import { realtimeCommands } from "#app/shell/realtime-commands.server";
import { pagesByLanguage } from "./language-pages";
import { mayJoinRoom } from "#app/services/realtime/rooms.server";
import { cspNonceContext } from "#app/platform/csp-nonce.server";
import { setRichTextRunner } from "#app/services/content/rich-text-runner.server";
import { createHttpApp, serveClientBuild } from "./app";
import { createRichTextPool } from "./rich-text-pool";
import { cspNonce } from "./security-headers";

const projectRoot = path.resolve(import.meta.dirname, "..");
const buildDir = path.join(projectRoot, "build");
/** How often the post views gathered in memory are written. */
const VIEW_FLUSH_INTERVAL_MS = 5_000;

/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in front keep theirs (60 s
 * is the usual load-balancer idle timeout). Node's default of 5 s closes connections that clients still hold, and a
 * request sent on one just as it closes fails with ECONNRESET.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The server's HTTP listener, keeping idle connections for `KEEP_ALIVE_TIMEOUT_MS`. */
export function createHttpServer(): http.Server {
  const server = http.createServer();
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Headers must be allowed to arrive on a kept connection for at least as long as it is kept.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}

/** A start-up failure the operator can fix; its message is the one line printed. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

export interface StartOptions {
  config: AppConfig;
  dev?: boolean;
  logger?: Logger;
  clock?: Clock;
}

interface RunningServer {
  url: string;
  runtime: Runtime;
  httpServer: http.Server;
  close(): Promise<void>;
}

async function openDatabase(config: AppConfig, logger: Logger): Promise<DatabaseHandle> {
  const handle = await openConfiguredDatabase(config);
  await migrateDatabase(handle);
  const warning = await checkTrigramLocale(handle);
  if (warning) logger.warn(warning);
  return handle;
}

/** What the pages receive from the edge: the nonce of the response's Content-Security-Policy. */
function pageContext(_req: Request, res: Response) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, cspNonce(res));
  return context;
}

/**
 * Boots the whole product in this process: database (migrated and seeded), HTTP server with pages, API and static
 * files, Socket.IO on the same server, and the job worker.
 */
export async function startServer({
  config,
  dev = false,
  logger: givenLogger,
  clock: givenClock,
}: StartOptions) {
  // The configuration refuses this pair already; a configuration made another way is refused here too (ADR 059).
  if (config.testClock && config.payments.kind !== "local") {
    throw new StartupError(
      "TEST_CLOCK must be off when a real payment gateway is configured (PAYMENT_GATEWAY=toss).",
    );
  }
  if (config.testClock && config.payouts.kind !== "manual") {
    throw new StartupError("TEST_CLOCK must be off when real payouts are configured (PAYOUT_SERVICE=toss).");
  }
  // With TEST_CLOCK on (development, or the explicit setting) the clock can be moved forward through /test/clock.
  const clock = givenClock ?? (config.testClock ? new AdjustableClock() : systemClock);
  const logger = givenLogger ?? createLogger(config.logLevel);
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!dev && !fs.existsSync(serverEntry)) {
    throw new StartupError(`No production build at ${serverEntry}; run npm run build (or npm start).`);
  }
  // The pages' modules load while the database opens (PGlite compiles its WebAssembly on other threads).
  const loadingBuild = dev ? undefined : (import(serverEntry) as Promise<ServerBuild>);
  // Awaited once the database is open; a failure before that must not count as unhandled.
  loadingBuild?.catch(() => undefined);
  // Only the embedded database lives in DATA_DIR; with PostgreSQL several instances may share one.
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);

  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase(config, logger);
    await seedReferenceData(database.db, clock);
    await seedBoardCategories(database.db, clock);
    await seedFaqEntries(database.db, clock, { welcomePoints: config.welcomePoints });
    await seedCatalogue(database.db, clock);
  } catch (error) {
    await database?.close();
    lock?.release();
    throw error;
  }
  const db = database.db;

  let build: ServerBuild | undefined;
  try {
    build = await loadingBuild;
  } catch (error) {
    await database.close();
    lock?.release();
    throw error;
  }
  let vite: ViteDevServer | undefined;
  const httpServer = createHttpServer();
  const buildId = build ? build.assets.version : "development";
  const messaging = createMessaging({
    clock,
    db,
    config: {
      smtpUrl: config.mail.smtpUrl,
      mailFrom: config.mail.from,
      smsApiUrl: config.sms.apiUrl,
      smsApiKey: config.sms.apiKey,
      smsSender: config.sms.sender,
    },
  });
  const auth = createAuth({ config, clock, db, messaging, logger });
  const storage = createConfiguredStorage(config);
  const addresses = createAddressProvider({ kakaoApiKey: config.kakaoRestApiKey });
  const payments = paymentGateway({ config: config.payments, publicUrl: config.publicUrl, db, clock });
  const views = new CounterBuffer();
  const runtime: Runtime = {
    config,
    db,
    clock,
    logger,
    buildId,
    auth,
    messaging,
    payments,
    payouts: payoutService(config.payouts),
    storage,
    addresses,
    views,
  };
  setRuntime(runtime);
  const richText = createRichTextPool();
  setRichTextRunner(richText.run);

  let pages: RequestHandler;
  let beforePages: RequestHandler | undefined;
  let mountStatic: ((app: Express) => void) | undefined;
  if (build) {
    pages = pagesByLanguage(build, (routes) =>
      createRequestHandler({ build: routes, mode: config.mode, getLoadContext: pageContext }),
    );
    mountStatic = serveClientBuild(path.join(buildDir, "client"));
  } else {
    const { createServer } = await import("vite");
    vite = await createServer({
      root: projectRoot,
      server: { middlewareMode: true, hmr: { server: httpServer } },
      appType: "custom",
    });
    beforePages = vite.middlewares;
    const devVite = vite;
    pages = async (req, res, next) => {
      try {
        const devBuild = (await devVite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
        return createRequestHandler({ build: devBuild, mode: "development", getLoadContext: pageContext })(
          req,
          res,
          next,
        );
      } catch (error) {
        if (error instanceof Error) devVite.ssrFixStacktrace(error);
        next(error);
      }
    };
  }

  if (config.demoData) {
    const seeded = await seedDemoMembers(runtime);
    if (seeded > 0) logger.info({ members: seeded }, "demo members created (see README)");
    const posts = await seedDemoCommunity(runtime);
    if (posts > 0) logger.info({ posts }, "demo posts created");
    const listings = await seedDemoMarket(runtime);
    if (listings > 0) logger.info({ listings }, "demo listings created");
    const theft = await seedDemoTheft(runtime);
    if (theft > 0) logger.info({ posts: theft }, "demo theft report and held listing created");
    const reviews = await seedDemoMotorcycles(runtime);
    if (reviews > 0) logger.info({ reviews }, "demo reviews created");
    const services = await seedDemoServiceLog(runtime);
    if (services > 0) logger.info({ services }, "demo service log created");
    const fitting = await seedDemoPartsFit(runtime);
    if (fitting > 0) logger.info({ listings: fitting }, "demo parts that fit the demo garages created");
    const skills = await seedDemoSkills(runtime.db, runtime.clock);
    if (skills > 0) logger.info({ skills }, "demo skills created");
    // The coupon first: a demo payment uses it.
    const coupons = await seedDemoCoupons(runtime.db, runtime.clock);
    if (coupons > 0) logger.info({ coupons }, "demo coupon given to the demo members");
    const meetings = await seedDemoMeetings(runtime.db, runtime.clock, {
      payments: runtime.payments.kind === "local",
    });
    if (meetings > 0) logger.info({ meetings }, "demo meetings created");
    if (runtime.payments.kind === "local") {
      const lines = await seedDemoEarnings(runtime.db, runtime.clock, {
        keyring: config.personalDataKeys,
        bankFee: config.bankTransferFee,
      });
      if (lines > 0) logger.info({ lines }, "demo earnings and withdrawals created");
    }
    if ((await seedDemoInspection(runtime)) > 0) logger.info("demo inspection report published");
    const temperatures = await seedDemoReputations(runtime.db, runtime.clock);
    if (temperatures > 0) logger.info({ members: temperatures }, "demo manner temperatures computed");
  }

  const uploadCollection = uploadCollectionJob(storage);
  const registry = composeJobRegistry(
    platformJobs,
    noticeJobs,
    marketJobs,
    sparkJobs,
    serviceLogJobs,
    meetingJobs,
    reputationJobs,
    paymentJobs(runtime.payments),
    earningsJobs,
    withdrawalJobs(runtime.payouts, config.personalDataKeys),
    [uploadCollection],
  );
  const worker = new JobWorker({ db, clock, logger, registry, pollIntervalMs: config.jobPollIntervalMs });
  const testClock =
    config.testClock && clock instanceof AdjustableClock ? { clock, moved: () => worker.drain() } : undefined;
  const app = createHttpApp({ runtime, pages, beforePages, mountStatic, testClock });
  httpServer.on("request", app);
  const realtime = await createRealtime(httpServer, {
    logger,
    publicUrl: config.publicUrl,
    auth,
    authoriseJoin: mayJoinRoom,
    commands: realtimeCommands,
    readSessions: (ids) => sessionsById(db, ids, clock.now(), SESSION_EXTENSION),
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    databaseUrl: config.databaseUrl,
  });
  await ensureDailyJobs(db, clock, registry);
  // Each event schedules its own start check; one more at start-up catches an event whose check gave up failing.
  await runInTransaction(db, clock, (uow) => scheduleEventStartCheck(uow, uow.now), { logger });
  // The podium job reschedules itself; one due now at start-up restarts the chain if it ever stopped.
  await ensurePodiumJob(db, clock);
  // The uploads' collection reschedules itself the same way.
  await ensureUploadCollection(db, clock, uploadCollection);
  worker.start();
  // Post views gathered by page GETs are written in one batch every few seconds, and once more at shutdown.
  const flushViews = () =>
    flushArticleViews(db, views).catch((error: unknown) =>
      logger.error({ err: error }, "view counts not written yet; kept for the next batch"),
    );
  const viewTimer = setInterval(() => void flushViews(), VIEW_FLUSH_INTERVAL_MS);
  viewTimer.unref();

  const listening = new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info("shutting down");
      // Stop accepting; keep-alive connections close once their in-flight request is answered.
      const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      const idleTimer = setInterval(() => httpServer.closeIdleConnections(), 100);
      realtime.io.disconnectSockets(true);
      const forced = setTimeout(() => httpServer.closeAllConnections(), config.shutdownTimeoutMs);
      await Promise.all([httpClosed, worker.stop()]);
      clearInterval(viewTimer);
      await flushViews();
      clearInterval(idleTimer);
      clearTimeout(forced);
      await realtime.close();
      await vite?.close();
      await messaging.close();
      setRichTextRunner(undefined);
      await richText.close();
      await database.close();
      setRuntime(undefined);
      lock?.release();
      logger.info("stopped");
    })());

  try {
    await listening;
  } catch (error) {
    await close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new StartupError(
        `Cannot listen on ${config.host}:${config.port}: the address is already in use.`,
      );
    }
    throw error;
  }
  const address = httpServer.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = `http://${host}:${address.port}`;
  logger.info(
    { url, database: database.kind, storage: storage.kind, payments: payments.kind, build: buildId },
    "motomate listening",
  );

  return { url, runtime, httpServer, close } satisfies RunningServer;
}
