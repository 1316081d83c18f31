import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { catalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { catalogService } from './modules/catalog/catalog.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { type AccessTokenVerifier, jwtAccessVerifier, registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Replaces the JWT verifier, e.g. one that also checks the account is still active. */
  verifier?: AccessTokenVerifier;
  /** How often the catalogue cache compares its version with the database's, in ms. */
  cacheCheckIntervalMs?: number;
  logger?: boolean;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Fastify logs request and response on separate lines; one line per request is logged below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  // Handlers are typed against the response schemas; serialising is plain JSON (see docs/decisions).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  registerAuth(app, options.verifier ?? jwtAccessVerifier(resolveJwtSecret(config.jwtSecret, config.dataDir)));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'kram API', version: '1.0.0', description: 'The shop API of kram.' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  const catalog = catalogService(catalogRepository(database), { cacheCheckIntervalMs: options.cacheCheckIntervalMs });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database.ping));
      await api.register(catalogRoutes(catalog));
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '30d',
  });

  return app;
}
