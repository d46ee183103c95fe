import { randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountSettingsRoutes } from './modules/account-settings/account-settings.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { firmRoutes } from './modules/firms/firms.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { registerAuth } from './platform/auth.js';
import type { AppDeps } from './platform/context.js';
import { registerErrorHandler } from './platform/errors.js';
import { MailWorker } from './platform/mail.js';
import { TokenService } from './platform/tokens.js';
import { registerWeb } from './platform/web.js';

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Every route as "METHOD /path", for the authorization matrix test. */
  routes: string[];
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

export async function buildApp(config: Config, database: Database): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenService(config.secretKey, config.accessTokenTtl);
  const mailer = new MailWorker(
    database.db,
    { smtpUrl: config.smtpUrl, from: config.mailFrom, ...config.mail },
    app.log,
  );
  const deps: AppDeps = { config, db: database.db, tokens, mailer };

  // Deny by default applies to the API; the web app's files and the API docs are public by nature.
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs'))
      route.config = { ...route.config, auth: 'public' };
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  // Responses over 1 KB are compressed (the web app's assets are compressed at build, see web.ts).
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
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
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs'))
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
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list' },
  });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());

  registerErrorHandler(app);
  registerAuth(app, deps);

  await app.register(healthRoutes(database));
  await app.register(authRoutes(deps));
  await app.register(accountSettingsRoutes(deps));
  await app.register(referenceRoutes(deps));
  await app.register(firmRoutes(deps));
  await app.register(userRoutes(deps));

  if (config.webDist !== undefined) await registerWeb(app, path.resolve(config.webDist));
  return { app, deps, routes };
}
