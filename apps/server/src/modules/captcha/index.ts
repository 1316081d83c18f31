/**
 * The contact form's captcha: a self-hosted proof of work (ALTCHA), or reCAPTCHA v2 when configured.
 * Other modules check a solution with `check`, which answers how to spend it.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ShopModule } from '../../lib/shop-module.ts';
import { captchaKey } from './altcha.ts';
import { captchaRepository } from './captcha.repository.ts';
import { captchaRoutes } from './captcha.routes.ts';
import { captchaService } from './captcha.service.ts';

export type { CaptchaService } from './captcha.service.ts';

export interface CaptchaModuleDeps {
  database: Database;
  /** The shop's token secret; the challenges' signing key is derived from it. */
  secret: Uint8Array;
  /** Difficulty of the proof of work: the largest number a browser may have to try. */
  maxNumber: number;
  /** Set: reCAPTCHA v2, checked with Google; unset: the proof of work. */
  recaptcha: { secret: string; verifyUrl: string } | undefined;
  log: FastifyBaseLogger;
}

export function captchaModule(deps: CaptchaModuleDeps) {
  const service = captchaService(
    captchaRepository(deps.database),
    { key: captchaKey(deps.secret), maxNumber: deps.maxNumber, recaptcha: deps.recaptcha },
    deps.log,
  );
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(captchaRoutes(service), { prefix: '/api' });
  };
  const module = { ...service, plugin };
  return module satisfies ShopModule;
}

export type CaptchaModule = ReturnType<typeof captchaModule>;
