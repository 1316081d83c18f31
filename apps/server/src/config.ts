import path from 'node:path';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
// `shop@example.ua` or `Shop <shop@example.ua>`; localhost addresses are fine for the offline outbox.
const mailbox = /^(?:[^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Unset: the demo catalogue fills an empty shop outside production only. */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it travels in an HTTP header)')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/, 'must be true, false, a hop count or addresses')
    .default('false'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(mailbox, 'must be an address, or a name and <address>')
    .default('kram <noreply@localhost>'),
  SHOP_EMAIL: z.string().regex(mailbox, 'must be an e-mail address').default('shop@localhost'),
  SHOP_ADDRESS: z.string().trim().min(5).max(300).default('м. Одеса, вул. Грецька, 1'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('kram:'),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('https://www.google.com/recaptcha/api/siteverify'),
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  NOVA_POSHTA_API_KEY: z.string().min(1).optional(),
  NOVA_POSHTA_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.novaposhta.ua/v2.0/json/'),
  NOVA_POSHTA_PRINT_URL: z.url({ protocol: /^https?$/ }).default('https://my.novaposhta.ua'),
  NOVA_POSHTA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  SHIPPING_SANDBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  MONOBANK_TOKEN: z.string().min(1).optional(),
  PAYMENTS_SANDBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  MONOBANK_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.monobank.ua'),
  CHECKBOX_LICENSE_KEY: z.string().min(1).optional(),
  CHECKBOX_CASHIER_PIN: z.string().min(1).optional(),
  CHECKBOX_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.checkbox.ua/api/v1'),
  CHECKBOX_RECEIPT_URL: z.url({ protocol: /^https?$/ }).default('https://check.checkbox.ua'),
  FISCAL_SANDBOX: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'must look like 123456:ABC-token')
    .optional(),
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^(-?\d+|@\w+)$/, 'must be a chat id or @channel')
    .optional(),
  TELEGRAM_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  SHOW_PRICES_TO_GUESTS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  /** Unset: readable lines when standard output is a terminal, JSON lines otherwise. */
  logFormat?: 'json' | 'pretty';
  seedDemo: boolean;
  jwtSecret: string | undefined;
  databasePoolSize: number;
  /**
   * After a SIGTERM, how long the process goes on serving while `/api/ready` answers 503, before it
   * closes its port: a load balancer that polls readiness stops sending in that time.
   */
  shutdownDrainMs: number;
  /** Set: GET /metrics answers Prometheus holding `Authorization: Bearer <token>`; unset: no /metrics. */
  metricsToken: string | undefined;
  /** Whose X-Forwarded-For to believe: nobody (false), everybody (true), N hops, or these addresses. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Unset: every mail is written to `$DATA_DIR/outbox/` instead of being sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  shopEmail: string;
  /** Where returned goods are brought or sent when the carrier's sender settings name no branch. */
  shopAddress: string;
  outboxDir: string;
  /** Unset: rate-limit counters live in this process's memory. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Set: the feedback form's captcha is reCAPTCHA v2; unset: the self-hosted proof of work. */
  recaptcha: { siteKey: string; secret: string; verifyUrl: string } | undefined;
  captchaMaxNumber: number;
  /** The Nova Poshta API; without a key the bundled directory is used and `carrier:sync` loads it. */
  /** The carrier's API; `timeoutMs` bounds each call of shipping (waybills, tracking). */
  novaPoshta: { apiKey: string | undefined; apiUrl: string; printUrl: string; timeoutMs: number };
  /**
   * Without a Nova Poshta key, waybills are made with the shop's own stand-in for the carrier (its
   * page moves parcels along). On by default outside production; in production only when asked for
   * by name. Off: waybill numbers are typed by hand.
   */
  shippingSandbox: boolean;
  /** Set: card payments go through Monobank acquiring; unset: through the shop's own sandbox page. */
  monobank: { token: string; apiUrl: string } | undefined;
  /**
   * Without a Monobank token, card invoices are paid on the shop's own sandbox page. On by default
   * outside production; in production only when asked for by name, since anyone could mark an order paid.
   */
  paymentsSandbox: boolean;
  /**
   * Set: fiscal receipts are issued by Checkbox (a software cash register) signed in as the cashier of
   * the licence key and PIN; `receiptUrl` is where the register shows a receipt to the buyer.
   */
  checkbox: { licenseKey: string; pinCode: string; apiUrl: string; receiptUrl: string } | undefined;
  /**
   * Without Checkbox credentials, receipts are issued by the shop's own stand-in for the register (which
   * fiscalises nothing). On by default outside production; in production only when asked for by name.
   */
  fiscalSandbox: boolean;
  /** Set: each new or paid order is also told to the manager on Telegram. */
  telegram: { botToken: string; chatId: string; apiUrl: string } | undefined;
  /**
   * Whether the product pages' structured data carries the price for search engines, which see the
   * guest view. Off by default: the spec shows prices to signed-in shoppers only, and the catalogue
   * API and the pages keep hiding them from guests either way (decision 030).
   */
  showPricesToGuests: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads the environment once; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as they do in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = [
      !e.JWT_SECRET && 'JWT_SECRET: required in production (at least 32 characters)',
      // Links in mails, canonical addresses and the sitemap would all point at localhost.
      !e.PUBLIC_URL && 'PUBLIC_URL: required in production (the address shoppers use, e.g. https://shop.example.ua)',
    ].filter((problem): problem is string => Boolean(problem));
    if (missing.length > 0) throw new ConfigError(missing);
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET)) {
    const missing = e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET' : 'RECAPTCHA_SITE_KEY';
    throw new ConfigError([`${missing}: required when the other reCAPTCHA key is set`]);
  }
  if (Boolean(e.CHECKBOX_LICENSE_KEY) !== Boolean(e.CHECKBOX_CASHIER_PIN)) {
    const missing = e.CHECKBOX_LICENSE_KEY ? 'CHECKBOX_CASHIER_PIN' : 'CHECKBOX_LICENSE_KEY';
    throw new ConfigError([`${missing}: required when the other Checkbox variable is set`]);
  }
  if (Boolean(e.TELEGRAM_BOT_TOKEN) !== Boolean(e.TELEGRAM_CHAT_ID)) {
    const missing = e.TELEGRAM_BOT_TOKEN ? 'TELEGRAM_CHAT_ID' : 'TELEGRAM_BOT_TOKEN';
    throw new ConfigError([`${missing}: required when the other Telegram variable is set`]);
  }
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means where npm was started.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    jwtSecret: e.JWT_SECRET,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    shutdownDrainMs: (e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 1)) * 1000,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    shopEmail: e.SHOP_EMAIL,
    shopAddress: e.SHOP_ADDRESS,
    outboxDir: path.join(dataDir, 'outbox'),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL }
        : undefined,
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    novaPoshta: {
      apiKey: e.NOVA_POSHTA_API_KEY,
      apiUrl: e.NOVA_POSHTA_API_URL,
      printUrl: e.NOVA_POSHTA_PRINT_URL,
      timeoutMs: e.NOVA_POSHTA_TIMEOUT_MS,
    },
    shippingSandbox:
      !e.NOVA_POSHTA_API_KEY && (e.SHIPPING_SANDBOX ? e.SHIPPING_SANDBOX === 'true' : e.NODE_ENV !== 'production'),
    monobank: e.MONOBANK_TOKEN ? { token: e.MONOBANK_TOKEN, apiUrl: e.MONOBANK_API_URL } : undefined,
    paymentsSandbox:
      !e.MONOBANK_TOKEN && (e.PAYMENTS_SANDBOX ? e.PAYMENTS_SANDBOX === 'true' : e.NODE_ENV !== 'production'),
    checkbox:
      e.CHECKBOX_LICENSE_KEY && e.CHECKBOX_CASHIER_PIN
        ? {
            licenseKey: e.CHECKBOX_LICENSE_KEY,
            pinCode: e.CHECKBOX_CASHIER_PIN,
            apiUrl: e.CHECKBOX_API_URL.replace(/\/+$/, ''),
            receiptUrl: e.CHECKBOX_RECEIPT_URL.replace(/\/+$/, ''),
          }
        : undefined,
    fiscalSandbox:
      !e.CHECKBOX_LICENSE_KEY && (e.FISCAL_SANDBOX ? e.FISCAL_SANDBOX === 'true' : e.NODE_ENV !== 'production'),
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
        ? { botToken: e.TELEGRAM_BOT_TOKEN, chatId: e.TELEGRAM_CHAT_ID, apiUrl: e.TELEGRAM_API_URL }
        : undefined,
    showPricesToGuests: e.SHOW_PRICES_TO_GUESTS === 'true',
  };
}

function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (!/^\d+$/.test(value)) return value;
  // N trusted hops: the client is the address N entries back from the connection.
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}

/**
 * What an offline default means for a shop in production, said once at start: each works, and each
 * keeps something from shoppers until its variable is set.
 */
export function productionWarnings(config: Config): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (!config.smtpUrl) {
    warnings.push(
      `SMTP_URL is not set: no mail leaves the shop (order confirmations, password resets); each is written to ${config.outboxDir} instead.`,
    );
  }
  if (!config.novaPoshta.apiKey) {
    warnings.push(
      'NOVA_POSHTA_API_KEY is not set: checkout offers the bundled Nova Poshta directory (the larger cities only); set the key and run `npm run carrier:sync`.',
    );
  }
  if (config.seedDemo) {
    warnings.push('SEED_DEMO=true: an empty catalogue is filled with the demo products, which are not for sale.');
  }
  return warnings;
}
