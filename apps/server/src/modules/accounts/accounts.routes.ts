import {
  accountErrors,
  authTokens,
  loginBody,
  message,
  passwordResetBody,
  passwordResetRequestBody,
  refreshBody,
  refreshedTokens,
  registerBody,
  userProfile,
} from '@kram/contract/accounts';
import { badRequestError, detailError } from '@kram/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RateLimiter, rateLimits } from '../../infra/rate-limit/rate-limiter.ts';
import type { AccountsService } from './accounts.service.ts';
import type { PasswordResetService } from './password-reset.service.ts';
import type { SessionsService } from './sessions.service.ts';

export const accountsRoutes =
  (
    accounts: AccountsService,
    sessions: SessionsService,
    passwordReset: PasswordResetService,
    limits: RateLimiter,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // The sign-in lockout's subject, worked out once per request in the preHandler.
    const lockoutSubjects = new WeakMap<object, string>();

    app.post(
      '/register/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Create an account',
          description:
            'A taken e-mail (any case) or telephone answers 400 `{"email": ["This field must be unique."]}`.',
          body: registerBody,
          response: { 201: userProfile, 400: badRequestError, 429: detailError },
        },
        preHandler: async (request) => {
          await limits.consume(rateLimits.registerPerIp, request.ip);
          await limits.consume(rateLimits.registerPerAccount, request.body.email);
        },
      },
      async (request, reply) => reply.code(201).send(await accounts.register(request.body)),
    );

    app.post(
      '/login/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Sign in with an e-mail or telephone and a password',
          description: '401 "Incorrect credentials."; 403 "User account is disabled." (only with the right password).',
          body: loginBody,
          response: { 200: authTokens, ...accountErrors, 403: detailError },
        },
        preHandler: async (request) => {
          await limits.consume(rateLimits.loginPerIp, request.ip);
          const subject = await sessions.lockoutSubject(request.body.email_or_phone);
          lockoutSubjects.set(request, subject);
          await limits.consume(rateLimits.loginPerAccount, subject);
        },
      },
      async (request) => {
        const tokens = await sessions.login(request.body);
        // Counts failed tries since the last sign-in: a success starts the count again.
        const subject = lockoutSubjects.get(request) ?? (await sessions.lockoutSubject(request.body.email_or_phone));
        await limits.reset(rateLimits.loginPerAccount, subject);
        return tokens;
      },
    );

    app.post(
      '/token/refresh/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Exchange a refresh token for a new access and refresh token',
          description: 'Each refresh token works once; presenting a used one revokes every token of its sign-in.',
          body: refreshBody,
          response: { 200: refreshedTokens, 400: badRequestError, 401: detailError },
        },
      },
      async (request) => sessions.refresh(request.body.refresh),
    );

    app.post(
      '/password-reset-request/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Mail a link to set a new password',
          description:
            'The link is `{PUBLIC_URL}/change-password?token=…&uid=…` (`/ru/change-password` in a Russian mail), ' +
            'valid for one hour, once. ' +
            'The answer is the same whether or not the address is registered; the mail follows it.',
          body: passwordResetRequestBody,
          response: { 200: message, 400: badRequestError, 429: detailError },
        },
        preHandler: async (request) => {
          await limits.consume(rateLimits.resetRequestPerIp, request.ip);
          await limits.consume(rateLimits.resetRequestPerAccount, request.body.email);
        },
      },
      async (request) => passwordReset.request(request.body.email, request.language),
    );

    app.post(
      '/reset-password/',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Set a new password with the token and uid of a reset link',
          description: 'A bad, used or expired link answers 400 `{"token": ["Token is invalid or expired."]}`.',
          body: passwordResetBody,
          response: { 200: message, 400: badRequestError },
        },
      },
      async (request) => passwordReset.reset(request.body),
    );
  };
