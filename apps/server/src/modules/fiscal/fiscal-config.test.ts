import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Scheduler } from '../../infra/jobs/scheduler.ts';
import { fiscalModule } from './index.ts';

const production = { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(32), PUBLIC_URL: 'https://shop.example.ua' };

/** The module as the shop builds it, with a log that keeps its warnings (nothing here touches the database). */
function warningsOf(env: Record<string, string>): string[] {
  const warnings: string[] = [];
  const log = { warn: (message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;
  const module = fiscalModule({
    database: {} as Database,
    config: loadConfig(env),
    orders: {
      byId: async () => undefined,
      onPaymentReceived: () => {},
      onStatusChanged: () => {},
      afterPaymentReceived: () => {},
      linkReceiptsWith: () => {},
    },
    products: { productsForPricing: async () => [] },
    audit: { record: async () => {} },
    jobs: { add: () => {} } as unknown as Scheduler,
    notifyManager: async () => {},
    log,
  });
  expect(module.returnReceipt).toBeTypeOf('function');
  return warnings;
}

describe('the fiscal register’s configuration', () => {
  it('uses Checkbox with a licence key and PIN, else the stand-in outside production, else none', () => {
    expect(loadConfig({}).checkbox).toBeUndefined();
    expect(loadConfig({}).fiscalSandbox).toBe(true);
    expect(loadConfig(production).fiscalSandbox).toBe(false);
    expect(loadConfig({ ...production, FISCAL_SANDBOX: 'true' }).fiscalSandbox).toBe(true);
    const configured = loadConfig({
      CHECKBOX_LICENSE_KEY: 'key',
      CHECKBOX_CASHIER_PIN: '1234',
      FISCAL_SANDBOX: 'true',
    });
    expect(configured.checkbox).toEqual({
      licenseKey: 'key',
      pinCode: '1234',
      apiUrl: 'https://api.checkbox.ua/api/v1',
      receiptUrl: 'https://check.checkbox.ua',
    });
    expect(configured.fiscalSandbox).toBe(false);
    expect(() => loadConfig({ CHECKBOX_LICENSE_KEY: 'key' })).toThrow(ConfigError);
    expect(() => loadConfig({ CHECKBOX_CASHIER_PIN: '1234' })).toThrow(/CHECKBOX_LICENSE_KEY: required/);
    expect(() => loadConfig({ FISCAL_SANDBOX: 'yes' })).toThrow(/FISCAL_SANDBOX: must be true or false/);
    expect(() => loadConfig({ CHECKBOX_API_URL: 'ftp://x' })).toThrow(/CHECKBOX_API_URL/);
  });

  it('warns at start in production when no receipt can be issued, or only the stand-in’s', () => {
    expect(warningsOf(production)).toEqual([
      expect.stringMatching(/^fiscal receipts are off: set CHECKBOX_LICENSE_KEY/),
    ]);
    expect(warningsOf({ ...production, FISCAL_SANDBOX: 'true' })).toEqual([
      expect.stringMatching(/^FISCAL_SANDBOX=true in production/),
    ]);
    expect(warningsOf({ ...production, CHECKBOX_LICENSE_KEY: 'key', CHECKBOX_CASHIER_PIN: '1' })).toEqual([]);
    expect(warningsOf({})).toEqual([]);
  });
});
