import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';
import type { Readiness } from '../infra/health/readiness.ts';
import { toJson } from '../lib/json.ts';
import { requestLogLevel } from '../lib/logger.ts';
import { errorForLog } from '../lib/pg-errors.ts';
import {
  answerFrameworkError,
  answerUnexpected,
  maxPathSegment,
  refuseTunnels,
  registerErrorHandling,
} from './errors.ts';
import { registerInputGuard } from './input-guard.ts';
import { registerPrivateAnswers } from './private-answers.ts';
import { registerRequestId, requestIdOf } from './request-id.ts';
import { registerRequestLanguage } from './request-language.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { isPagePath, type StorefrontPageRenderer } from './storefront.ts';

export interface PlatformOptions {
  config: Config;
  readiness: Readiness;
  /** false: no log. A stream: the log's lines go there instead of standard output (tests read them). */
  logger?: boolean | DestinationStream;
  /** How long a request may take to arrive whole, headers and body, in ms (default 30 s); then 408. */
  requestTimeoutMs?: number;
}

export interface Platform {
  app: FastifyInstance;
  /** The storefront's renderer, once registered: the router's errors for pages render through it. */
  renderPagesWith(renderer: StorefrontPageRenderer | undefined): void;
}

/**
 * The HTTP server every module's routes run on: one log line per request, request ids, the request's
 * language, input guards, private answers by default, security headers, errors in the API's shape,
 * schemas from the contract, and the OpenAPI document built from them. A draining process asks each
 * client to close its connection after the answer.
 */
export async function createPlatform(options: PlatformOptions): Promise<Platform> {
  const { config, readiness } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  let renderPage: StorefrontPageRenderer | undefined;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : typeof options.logger === 'object'
          ? { level: config.logLevel, stream: options.logger, serializers: { err: errorForLog } }
          : { level: config.logLevel, serializers: { err: errorForLog } },
    // Fastify logs request and response on separate lines; one line per request is logged below.
    logController: new LogController({ disableRequestLogging: true }),
    // The id on every log line of a request (reqId) and in its X-Request-Id answer: the proxy's, when safe.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Client addresses (rate limits, logs) come from X-Forwarded-For only behind a trusted proxy.
    trustProxy: config.trustProxy,
    // Long path segments reach the routes, whose schemas (or the storefront's not-found page) answer
    // them; only a segment no browser sends is refused by the router itself (frameworkErrors).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: maxPathSegment },
    // A page address with a broken escape (/product/%E0%A4%A) is the storefront's not-found page.
    frameworkErrors: (error, request, reply) => {
      // Answered outside any route, where no hook runs: the id is named here (plugins/request-id.ts).
      reply.header('x-request-id', request.id);
      // Nor does the error handler, and Fastify does not wait on what this returns: whatever fails in
      // here is answered as a logged 500, never left as a rejection that would end the process.
      const answer = async () =>
        renderPage && error.code === 'FST_ERR_BAD_URL' && isPagePath(request.url)
          ? renderPage(request, reply)
          : answerFrameworkError(error, request, reply);
      answer().catch((failure: unknown) => answerUnexpected(failure, request, reply));
    },
    // A client that stops sending mid-request gets a 408 instead of holding its connection, and the
    // shutdown, for good. Node reads the timeout when the server is made (setting it later has no
    // effect) and checks the connections every connectionsCheckingInterval.
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(requestTimeoutMs / 4)),
    },
  });

  // Files (assets, public files, media) at debug: one info line per page, not one per image.
  app.addHook('onResponse', (request, reply, done) => {
    request.log[requestLogLevel(request, reply)](
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
  app.setSerializerCompiler(() => toJson);
  registerErrorHandling(app);
  refuseTunnels(app, requestIdOf);
  registerRequestId(app);
  registerRequestLanguage(app);
  registerInputGuard(app);
  registerPrivateAnswers(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });
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
  // A draining process asks each client to close its connection after the answer, so a proxy's
  // kept-alive connections move to the other processes before this one closes its port.
  app.addHook('onRequest', (_request, reply, done) => {
    if (readiness.closingConnections) reply.header('connection', 'close');
    done();
  });

  return {
    app,
    renderPagesWith(renderer) {
      renderPage = renderer;
    },
  };
}
