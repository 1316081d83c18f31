import type { AuditEntry } from '@kram/contract/admin';
import type { AdminSynonymGroup } from '@kram/contract/admin-search';
import type { ProductList, Suggestions } from '@kram/contract/catalog';
import { errorCodesHeader, readErrorCodes } from '@kram/contract/error-codes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { buildApp } from '../../app.ts';

describe.each(dialectBackends)('search synonyms in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }

  const create = (terms: string[]) => ok<AdminSynonymGroup>('POST', '/api/admin/search/synonyms/', { terms });
  const remove = async (id: number) =>
    expect((await call('DELETE', `/api/admin/search/synonyms/${id}/`)).statusCode).toBe(204);
  const search = async (text: string, app: FastifyInstance = ctx.app) =>
    (await app.inject(`/api/products?search=${encodeURIComponent(text)}`)).json() as ProductList;
  const names = (list: ProductList) => list.results.products.map((p) => p.name);
  const auditOf = async (id: number) =>
    (await ok<{ results: AuditEntry[] }>('GET', `/api/admin/audit/?entity=search_synonym&entity_id=${id}`)).results;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('a search for a synonym finds the products named by the other terms, in both directions', async () => {
    expect((await search('толстовка')).count).toBe(0);
    const hoodies = await search('худі');
    expect(hoodies.count).toBeGreaterThan(0);

    const group = await create(['Худі', ' толстовка ']);
    expect(group.terms).toEqual(['худі', 'толстовка']);
    // The next search follows the edit: this process was told, and the catalogue version moved.
    const found = await search('толстовка');
    expect(found.count).toBeGreaterThan(0);
    expect(names(found).every((name) => name.startsWith('Худі'))).toBe(true);

    // The other way: a product named only by the other term is found by the first one.
    const renamed = hoodies.results.products[0];
    await ok('PATCH', `/api/admin/products/${renamed?.id}/`, {
      name: 'Толстовка осіння',
      name_ru: 'Толстовка осенняя',
    });
    expect((await search('худі')).results.products.map((p) => p.id)).toContain(renamed?.id);
    await remove(group.id);
    expect((await search('толстовка')).count).toBe(1);
  });

  it('matches on search keys: Russian, transliterated and wrong-layout forms of a term work', async () => {
    const group = await create(['штани', 'брюки', 'портки']);
    // портки is in no product; Russian, Latin and the English layout all reach the group.
    const trousers = (await search('портки')).count;
    expect(trousers).toBeGreaterThan(0);
    for (const typed of ['ПОРТКИ', 'portki', 'gjhnrb']) expect((await search(typed)).count, typed).toBe(trousers);
    const suggest = (await ctx.app.inject('/api/search/suggest?q=portki')).json() as Suggestions;
    expect(suggest.products.length).toBeGreaterThan(0);
    await remove(group.id);
    expect((await search('портки')).count).toBe(0);
  });

  it('a phrase term applies when its words come together in the query', async () => {
    expect((await search('мішок для сну')).count).toBe(0);
    const group = await create(['спальник', 'мішок для сну']);
    const found = await search('мішок для сну');
    expect(found.count).toBeGreaterThan(0);
    expect(names(found).some((name) => name.startsWith('Спальник'))).toBe(true);
    // The same words apart or in another order are not the phrase.
    expect((await search('мішок сну для')).count).toBe(0);
    await remove(group.id);
  });

  it('lists with a text filter, gets, replaces the terms and deletes, each change in the audit log', async () => {
    const group = await create(['берці', 'черевики']);
    const listed = await ok<{ count: number; results: AdminSynonymGroup[] }>(
      'GET',
      '/api/admin/search/synonyms/?q=БЕРЦ',
    );
    expect(listed.results.map((g) => g.id)).toEqual([group.id]);
    expect(await ok('GET', `/api/admin/search/synonyms/${group.id}/`)).toEqual(group);

    const updated = await ok<AdminSynonymGroup>('PATCH', `/api/admin/search/synonyms/${group.id}/`, {
      terms: ['берці', 'черевики', 'ботинки'],
    });
    expect(updated.terms).toEqual(['берці', 'черевики', 'ботинки']);
    // The same terms again change nothing and log nothing.
    await ok('PATCH', `/api/admin/search/synonyms/${group.id}/`, { terms: ['берці', 'черевики', 'ботинки'] });
    await remove(group.id);
    expect((await call('GET', `/api/admin/search/synonyms/${group.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/search/synonyms/${group.id}/`)).statusCode).toBe(404);

    const log = await auditOf(group.id);
    expect(log.map((e) => e.action)).toEqual(['synonym.delete', 'synonym.update', 'synonym.create']);
    expect(log[1]).toMatchObject({
      before: { id: group.id, terms: ['берці', 'черевики'] },
      after: { id: group.id, terms: ['берці', 'черевики', 'ботинки'] },
      actor_email: staff.email,
    });
    expect(log[2]).toMatchObject({ before: null, after: { terms: ['берці', 'черевики'] } });
  });

  it('refuses bad groups with clear 400s', async () => {
    const bad = async (body: object) => {
      const res = await call('POST', '/api/admin/search/synonyms/', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json();
    };
    expect(await bad({ terms: ['худі'] })).toEqual({ terms: ['A group holds from 2 to 10 terms.'] });
    expect(await bad({ terms: Array.from({ length: 11 }, (_, i) => `слово${i}`) })).toEqual({
      terms: ['A group holds from 2 to 10 terms.'],
    });
    expect(await bad({ terms: ['худі', 'ХУДІ '] })).toEqual({
      terms: ['Each term may appear in the group only once.'],
    });
    expect(await bad({ terms: ['худі', 'ту<б>'] })).toEqual({
      'terms.1': ['Use letters, digits, spaces, hyphens and apostrophes only.'],
    });
    expect(await bad({ terms: ['худі', 'д'.repeat(41)] })).toEqual({
      'terms.1': ['A term is from 1 to 40 characters long.'],
    });
    expect(await bad({ terms: ['худі', '  '] })).toEqual({ 'terms.1': ['A term is from 1 to 40 characters long.'] });
    expect(await bad({ terms: ['худі', 'й'] })).toEqual({
      terms: ['A term needs a word of at least two letters or digits.'],
    });
    expect(await bad({ terms: ['худі', 'кофта'], id: 3 })).toEqual({ non_field_errors: ['Unrecognized key: "id"'] });

    // A term belongs to one group only, compared as search compares it (hudi is худі).
    const group = await create(['худі', 'кенгурушка']);
    expect(await bad({ terms: ['кофта', 'Hudi'] })).toEqual({
      terms: [`"hudi" is already in group ${group.id}: худі, кенгурушка.`],
    });
    const other = await create(['кофта', 'светр']);
    const clash = await call('PATCH', `/api/admin/search/synonyms/${other.id}/`, { terms: ['кофта', 'кенгурушка'] });
    expect(clash.json()).toEqual({ terms: [`"кенгурушка" is already in group ${group.id}: худі, кенгурушка.`] });
    // Its code names the term and the group, so the back office words it in the staff's language.
    expect(readErrorCodes(clash.headers[errorCodesHeader] as string)).toEqual([
      {
        field: 'terms',
        code: 'synonym.taken',
        params: { term: 'кенгурушка', id: group.id, group: 'худі, кенгурушка' },
      },
    ]);
    // A group may keep its own terms when it is changed.
    await ok('PATCH', `/api/admin/search/synonyms/${group.id}/`, { terms: ['кенгурушка', 'худі', 'худак'] });
    await remove(group.id);
    await remove(other.id);
  });

  it('keeps at most 500 groups', async () => {
    await ctx.database.rows(
      // Straight into the table: 500 groups through the API would only make the test slow.
      sql`insert into search_synonyms (terms)
        select array['слово' || n, 'термін' || n] from generate_series(1, 500) as n`,
    );
    const res = await call('POST', '/api/admin/search/synonyms/', { terms: ['кофта', 'светр'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The shop keeps at most 500 synonym groups.' });
    await ctx.database.rows(sql`delete from search_synonyms`);
  });

  it("an edit made through one process is in another process's search within its 1 s check", async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      cacheCheckIntervalMs: 1000,
      storefront: false,
      logger: false,
    });
    try {
      expect((await search('кофтинка', other)).count).toBe(0);
      const group = await create(['кофтинка', 'худі']);
      const started = Date.now();
      let count = 0;
      while (count === 0 && Date.now() - started < 1500) {
        count = (await search('кофтинка', other)).count;
        if (count === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(count).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(1200);
      await remove(group.id);
    } finally {
      await other.close();
    }
  });
});
