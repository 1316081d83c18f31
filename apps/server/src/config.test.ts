import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, productionWarnings } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: undefined, logLevel: 'info' });
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads a relative DATA_DIR from where npm was started, not from the workspace', () => {
    expect(loadConfig({ INIT_CWD: '/srv/kram' }).dataDir).toBe('/srv/kram/data');
    expect(loadConfig({ INIT_CWD: '/srv/kram', DATA_DIR: 'shop' }).mediaDir).toBe('/srv/kram/shop/media');
    expect(loadConfig({ INIT_CWD: '/srv/kram', DATA_DIR: '/var/kram' }).dataDir).toBe('/var/kram');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example.ua/',
      DATA_DIR: '/var/lib/kram',
      DATABASE_URL: 'postgres://kram@db/kram',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://shop.example.ua',
      dataDir: '/var/lib/kram',
      mediaDir: '/var/lib/kram/media',
      databaseUrl: 'postgres://kram@db/kram',
      logLevel: 'warn',
    });
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'PUBLIC_URL']) expect(problems).toContain(name);
  });

  it('trusts no proxy unless told, and reads hop counts and addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toBe('10.0.0.1,10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'maybe; rm' })).toThrow(/TRUST_PROXY/);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('requires JWT_SECRET and PUBLIC_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.ua' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32) })).toThrow(/PUBLIC_URL/);
    const production = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://shop.example.ua' };
    expect(loadConfig(production).jwtSecret).toBe('s'.repeat(32));
  });

  it('says at start what each offline default keeps from shoppers in production, and seeds no demo there', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://shop.example.ua' };
    const offline = loadConfig(production);
    expect(offline.seedDemo).toBe(false);
    expect(productionWarnings(offline).join('\n')).toMatch(/SMTP_URL[\s\S]*NOVA_POSHTA_API_KEY/);
    expect(productionWarnings(loadConfig({ ...production, SEED_DEMO: 'true' })).join('\n')).toMatch(/SEED_DEMO/);
    const configured = loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.ua:587', NOVA_POSHTA_API_KEY: 'k' });
    expect(productionWarnings(configured)).toEqual([]);
    // Outside production the offline defaults are the point: nothing to say, and the demo fills an empty shop.
    expect(productionWarnings(loadConfig({}))).toEqual([]);
    expect(loadConfig({}).seedDemo).toBe(true);
  });

  it('defaults mail, rate limits and captcha to their offline forms', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/kram' });
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'kram <noreply@localhost>',
      shopEmail: 'shop@localhost',
      shopAddress: 'м. Одеса, вул. Грецька, 1',
      outboxDir: '/var/lib/kram/outbox',
      redisUrl: undefined,
      redisKeyPrefix: 'kram:',
      recaptcha: undefined,
      captchaMaxNumber: 100_000,
    });
  });

  it('reads the mail, Redis and captcha variables', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.ua:465',
      MAIL_FROM: 'Магазин <noreply@shop.example.ua>',
      SHOP_EMAIL: 'orders@shop.example.ua',
      SHOP_ADDRESS: 'м. Київ, вул. Хрещатик, 22',
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_KEY_PREFIX: 'shop1:',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      CAPTCHA_MAX_NUMBER: '5000',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.ua:465',
      mailFrom: 'Магазин <noreply@shop.example.ua>',
      shopEmail: 'orders@shop.example.ua',
      shopAddress: 'м. Київ, вул. Хрещатик, 22',
      redisUrl: 'redis://cache:6379/2',
      redisKeyPrefix: 'shop1:',
      recaptcha: { siteKey: 'site', secret: 'secret', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
      captchaMaxNumber: 5000,
    });
  });

  it('names each bad mail, Redis or captcha variable', () => {
    let error: unknown;
    try {
      loadConfig({
        SMTP_URL: 'http://mail',
        MAIL_FROM: 'nobody',
        SHOP_EMAIL: 'shop',
        REDIS_URL: 'memcached://x',
        CAPTCHA_MAX_NUMBER: '0',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'SHOP_EMAIL', 'REDIS_URL', 'CAPTCHA_MAX_NUMBER']) {
      expect(problems).toContain(name);
    }
  });

  it('wants both reCAPTCHA keys or neither', () => {
    expect(() => loadConfig({ RECAPTCHA_SECRET: 'secret' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow(/RECAPTCHA_SECRET/);
  });

  it('defaults delivery, card payments and Telegram to their offline forms', () => {
    const config = loadConfig({});
    expect(config.novaPoshta).toEqual({
      apiKey: undefined,
      apiUrl: 'https://api.novaposhta.ua/v2.0/json/',
      printUrl: 'https://my.novaposhta.ua',
      timeoutMs: 15_000,
    });
    // Waybills go through the shop's own stand-in for the carrier until a key is set.
    expect(config.shippingSandbox).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://shop.example.ua' })
        .shippingSandbox,
    ).toBe(false);
    expect(loadConfig({ NOVA_POSHTA_API_KEY: 'key' }).shippingSandbox).toBe(false);
    expect(config.monobank).toBeUndefined();
    expect(config.telegram).toBeUndefined();
  });

  it('reads the Nova Poshta, Monobank and Telegram variables', () => {
    const config = loadConfig({
      NOVA_POSHTA_API_KEY: 'np-key',
      NOVA_POSHTA_API_URL: 'http://127.0.0.1:9000/np/',
      MONOBANK_TOKEN: 'mono-token',
      MONOBANK_API_URL: 'http://127.0.0.1:9001',
      TELEGRAM_BOT_TOKEN: '123456:ABC-def_1',
      TELEGRAM_CHAT_ID: '-100200300',
      TELEGRAM_API_URL: 'http://127.0.0.1:9002',
    });
    expect(config).toMatchObject({
      novaPoshta: { apiKey: 'np-key', apiUrl: 'http://127.0.0.1:9000/np/' },
      monobank: { token: 'mono-token', apiUrl: 'http://127.0.0.1:9001' },
      telegram: { botToken: '123456:ABC-def_1', chatId: '-100200300', apiUrl: 'http://127.0.0.1:9002' },
    });
    expect(loadConfig({ MONOBANK_TOKEN: 't' }).monobank?.apiUrl).toBe('https://api.monobank.ua');
  });

  it('names each bad delivery, payment or Telegram variable, and wants both Telegram ones or neither', () => {
    let error: unknown;
    try {
      loadConfig({
        NOVA_POSHTA_API_URL: 'ftp://np',
        MONOBANK_API_URL: 'not a url',
        TELEGRAM_BOT_TOKEN: 'token',
        TELEGRAM_CHAT_ID: 'chat; rm',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['NOVA_POSHTA_API_URL', 'MONOBANK_API_URL', 'TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID']) {
      expect(problems).toContain(name);
    }
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: '1:a' })).toThrow(/TELEGRAM_CHAT_ID/);
    expect(() => loadConfig({ TELEGRAM_CHAT_ID: '42' })).toThrow(/TELEGRAM_BOT_TOKEN/);
  });

  it('has no metrics unless METRICS_TOKEN is set, and wants a token of 16 plain characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'long enough but spaced' })).toThrow(
      /METRICS_TOKEN: must be printable ASCII without spaces/,
    );
  });

  it('hides prices from guests unless SHOW_PRICES_TO_GUESTS=true', () => {
    expect(loadConfig({}).showPricesToGuests).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://shop.example.ua' })
        .showPricesToGuests,
    ).toBe(false);
    expect(loadConfig({ SHOW_PRICES_TO_GUESTS: 'true' }).showPricesToGuests).toBe(true);
    expect(loadConfig({ SHOW_PRICES_TO_GUESTS: 'false' }).showPricesToGuests).toBe(false);
    expect(() => loadConfig({ SHOW_PRICES_TO_GUESTS: 'yes' })).toThrow(/SHOW_PRICES_TO_GUESTS: must be true or false/);
  });
});
