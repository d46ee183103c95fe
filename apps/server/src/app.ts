import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { messages } from '@portal/domain';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountSettingsRoutes } from './modules/account-settings/account-settings.routes.js';
import { attestationExportRoutes } from './modules/attestations/attestation-export.routes.js';
import { attestationRoutes } from './modules/attestations/attestations.routes.js';
import { auditTrailRoutes } from './modules/audit-trail/audit-trail.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { sessionResolver } from './modules/auth/auth.service.js';
import { sessionRoutes } from './modules/auth/sessions.routes.js';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { captchaRoutes } from './modules/captcha/captcha.routes.js';
import { clientDocumentRoutes } from './modules/client-documents/client-documents.routes.js';
import { disclosureRoutes } from './modules/disclosures/disclosures.routes.js';
import { employeeRoutes } from './modules/employees/employees.routes.js';
import { firmLinkRoutes } from './modules/firm-links/firm-links.routes.js';
import { firmPageRoutes } from './modules/firm-pages/firm-pages.routes.js';
import { firmRoutes } from './modules/firms/firms.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { investmentCatalogueRoutes } from './modules/investment-catalogues/investment-catalogues.routes.js';
import { investmentRequestRoutes } from './modules/investment-requests/investment-requests.routes.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { portalSettingsRoutes } from './modules/portal-settings/portal-settings.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { reminderRoutes } from './modules/reminders/reminders.routes.js';
import { reminderJob } from './modules/reminders/reminders.service.js';
import { resourceRoutes } from './modules/resources/resources.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { supervisedPersonRoutes } from './modules/supervised-persons/supervised-persons.routes.js';
import { supportTicketRoutes } from './modules/support-tickets/support-tickets.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { useAuditChain } from './platform/audit-chain.js';
import { registerAuth, requireStaff } from './platform/auth.js';
import { Background } from './platform/background.js';
import type { AppDeps } from './platform/context.js';
import { loggableError, registerErrorHandler } from './platform/errors.js';
import { trackHandlers } from './platform/in-flight.js';
import { registerInputGuard } from './platform/input-guard.js';
import { JobRunner } from './platform/jobs.js';
import { MailWorker } from './platform/mail.js';
import { Metrics } from './platform/metrics.js';
import { piiKeyring } from './platform/pii.js';
import { fixedSecurityHeaders, isJsonApiRoute } from './platform/security-headers.js';
import { responseSerializerCompiler } from './platform/serializer.js';
import { createStorage } from './platform/storage.js';
import { TokenService } from './platform/tokens.js';
import { registerWeb } from './platform/web.js';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every route as "METHOD /path", for the authorization matrix test. */
  routes: string[];
  /** Resolves once no handler runs (or after the time given): shutdown closes the database after it. */
  handlersSettled(timeoutMs: number): Promise<void>;
}

/** Paths a log must never show the value of. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.new_password',
  '*.current_password',
];

const SWAGGER_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** One-time links carry their token in the path: a log keeps the path and masks the token. */
const ONE_TIME_LINK = /(\/account\/+(?:activate|password\/+reset|email\/+confirm)\/+[^/?#]+\/+)[^/?#]+/g;
/** A calendar feed's token is its credential (calendar apps fetch it without signing in). */
const FEED_TOKEN = /(\/api\/calendar\/feed\/+)(?!reset\/)[^/?#]+/g;
export const loggableUrl = (url: string) =>
  url.replace(ONE_TIME_LINK, '$1[redacted]').replace(FEED_TOKEN, '$1[redacted]');

const serializers = {
  req: (request: FastifyRequest) => {
    // A client's own request id is kept beside ours for correlation, never in its place.
    const clientId = request.headers['x-request-id'];
    return {
      method: request.method,
      url: loggableUrl(request.url),
      remoteAddress: request.ip,
      clientRequestId: typeof clientId === 'string' ? clientId.slice(0, 128) : undefined,
    };
  },
  err: loggableError,
};

export async function buildApp(
  config: Config,
  database: Database,
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: NodeJS.WritableStream,
): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, serializers, stream: logStream },
    genReqId: () => randomUUID(),
    // A path Fastify cannot decode (`%FF`, a lone `%`) names nothing: the contract's 404.
    frameworkErrors: (error, _request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      void (reply as unknown as { code(n: number): { send(body: unknown): unknown } })
        .code(badUrl ? 404 : 400)
        .send({ detail: badUrl ? messages.http.notFound : messages.http.badRequest });
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON (and raw images on the logo route): a text/plain body is a 415, not a string.
  app.removeContentTypeParser('text/plain');
  const handlers = trackHandlers(app);
  app.setValidatorCompiler(validatorCompiler);
  // Responses: zod schemas compiled to fast-json-stringify (declared fields only), not zod parsing per reply.
  app.setSerializerCompiler(responseSerializerCompiler);

  const tokens = new TokenService(config.secretKey, config.accessTokenTtl);
  // Every write's audit events join the hash chain under a key from SECRET_KEY (the server seals the
  // events from before the chain once migrated: `sealUnchainedEvents`).
  useAuditChain(database.db, config.secretKey);
  const mailer = new MailWorker(
    database.db,
    { smtpUrl: config.smtpUrl, from: config.mailFrom, ...config.mail, now: config.now },
    app.log,
  );
  const jobs = new JobRunner(
    database.db,
    { timeZone: config.timeZone, now: config.now, leaseMs: config.jobs.leaseMs, sweepMs: config.jobs.sweepMs },
    app.log,
  );
  const deps: AppDeps = {
    config,
    db: database.db,
    tokens,
    mailer,
    jobs,
    background: new Background(app.log),
    pii: piiKeyring(config.piiKey, config.piiKeysPrevious),
    storage: createStorage(config.storage),
  };
  jobs.register(reminderJob(deps));
  const metrics = new Metrics({ database, mailer, jobs, now: config.now });

  // Deny by default: a route is public only when its own options say so (see PUBLIC in the matrix test).
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    // Before @fastify/helmet's own onRoute: JSON routes get fixed headers below, not helmet per request.
    if (isJsonApiRoute(route.url) && route.helmet === undefined) route.helmet = false;
  });
  // First, so that every route (the docs plugin's too) answers errors in the contract's shape.
  registerErrorHandler(app);
  // Every request is counted and timed, under its route's pattern (GET /api/metrics).
  metrics.register(app);
  // Responses over 1 KB are compressed (the web app's assets are compressed at build, see web.ts).
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  const helmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain http (a laptop, CI) upgrading would break every asset request.
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  };
  await app.register(fastifyHelmet, { enableCSPNonces: true, ...helmetOptions });
  // The JSON API: the same headers, computed once instead of per request (see security-headers.ts).
  const apiHeaders = fixedSecurityHeaders(helmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    if (isJsonApiRoute(request.routeOptions.url ?? '')) reply.headers(apiHeaders);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs/static/'))
      reply.header('cache-control', 'no-store');
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Portal API', version: '1.0.0', description: 'Staff and client portal of the advisory firms.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The API's map is for the firm's staff: signed in, not a client; served under the app's own CSP.
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list' },
    uiHooks: {
      onRequest: async (request, reply) => {
        requireStaff(request);
        // Swagger UI injects one fixed <style> element: allowed by its hash, nothing else inline.
        const csp = reply.raw.getHeader('content-security-policy');
        if (typeof csp === 'string')
          reply.raw.setHeader(
            'content-security-policy',
            csp.replace("style-src 'self'", `style-src 'self' ${SWAGGER_STYLE_HASH}`),
          );
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (request) => {
    requireStaff(request);
    return app.swagger();
  });

  registerInputGuard(app);
  registerAuth(app, deps, sessionResolver(deps));

  await app.register(healthRoutes(database));
  await app.register(metricsRoutes(metrics));
  await app.register(authRoutes(deps));
  await app.register(twoFactorRoutes(deps));
  await app.register(accountSettingsRoutes(deps));
  await app.register(referenceRoutes(deps));
  await app.register(firmRoutes(deps));
  await app.register(employeeRoutes(deps));
  await app.register(resourceRoutes(deps));
  await app.register(clientDocumentRoutes(deps));
  await app.register(firmLinkRoutes(deps));
  await app.register(ssoRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(attestationRoutes(deps));
  await app.register(investmentCatalogueRoutes(deps));
  await app.register(investmentRequestRoutes(deps));
  await app.register(onboardingRoutes(deps));
  await app.register(attestationExportRoutes(deps));
  await app.register(supervisedPersonRoutes(deps));
  await app.register(reminderRoutes(deps));
  await app.register(disclosureRoutes(deps));
  await app.register(calendarRoutes(deps));
  await app.register(firmPageRoutes(deps));
  await app.register(portalSettingsRoutes(deps));
  await app.register(supportTicketRoutes(deps));
  await app.register(captchaRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(auditTrailRoutes(deps));

  if (config.webDist !== undefined) await registerWeb(app, path.resolve(config.webDist));
  return { app, deps, routes, handlersSettled: handlers.settled };
}
