import fs from 'node:fs';
import { languages } from '@kram/contract/languages';
import { deliveryTypes, orderStatuses, paymentMethods } from '@kram/contract/orders';
import { cardProviders, invoiceStatuses } from '@kram/contract/payments';
import { pageTypes, vitalMetrics } from '@kram/contract/vitals-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectBackends, freshDatabase } from '../../test/helpers.ts';
import { outboxMailKinds } from '../infra/mail/schema.ts';
import { type Database, migrationsFolder } from './client.ts';

/** Each text column with a fixed set of values, and the contract list that set comes from. */
const enumColumns = [
  ['orders_status_check', orderStatuses],
  ['orders_payment_method_check', paymentMethods],
  ['orders_delivery_type_check', deliveryTypes],
  ['orders_language_check', languages],
  ['feedback_messages_language_check', languages],
  ['payments_provider_check', cardProviders],
  ['payments_status_check', invoiceStatuses],
  ['payment_events_status_check', invoiceStatuses],
  ['mail_outbox_kind_check', outboxMailKinds],
  ['web_vitals_daily_page_type_check', pageTypes],
  ['web_vitals_daily_metric_check', vitalMetrics],
] as const;

describe.each(dialectBackends)('the migrated database on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each(enumColumns)(
    '%s allows exactly the contract values (a migration follows every list change)',
    async (name, values) => {
      const [row] = await database.rows<{ def: string }>(
        sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`,
      );
      expect(row, `constraint ${name}`).toBeDefined();
      const allowed = [...(row?.def ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1]);
      expect(allowed.sort()).toEqual([...values].sort());
    },
  );

  it("keeps each word of a search text once, without the name's words (migration 0018, run again)", async () => {
    await database.rows(sql`
      insert into products (slug, sku, name, price, category_id, search_name, search_text)
      select 'm18-p', 'M18', 'Kurtka', 10, id, 'kurtka m18', 'tepla kurtka  legka tepla m18 legka'
      from categories order by id limit 1`);
    const migration = fs.readFileSync(`${migrationsFolder}/0018_search_text_once.sql`, 'utf8');
    await database.rows(sql.raw(migration));
    const [row] = await database.rows<{ search_text: string }>(
      sql`select search_text from products where slug = 'm18-p'`,
    );
    expect(row?.search_text).toBe('tepla legka');
  });
});
