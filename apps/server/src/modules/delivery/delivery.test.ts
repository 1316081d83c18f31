import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { type CatalogProduct, catalogProducts, lineOf, orderPayload } from '../../../test/orders.ts';
import { freshIp } from '../../../test/users.ts';
import { deliveryRepository } from './delivery.repository.ts';
import { loadBundledDirectory, loadBundledDirectoryIfEmpty, readBundledDirectory } from './directory-sync.ts';
import { foldPlaceName } from './place-name.ts';

interface Entry {
  ref: string;
  description: string;
}

describe('the bundled Nova Poshta directory', () => {
  const { cities, warehouses } = readBundledDirectory();

  it('holds at least the 30 largest cities, in Ukrainian and Russian, with stable unique refs', () => {
    expect(cities.length).toBeGreaterThanOrEqual(30);
    const names = cities.map((c) => c.Description);
    for (const name of ['Київ', 'Одеса', 'Львів', 'Харків', 'Дніпро', 'Запоріжжя', 'Вінниця', 'Полтава']) {
      expect(names).toContain(name);
    }
    expect(cities.find((c) => c.Description === 'Одеса')?.DescriptionRu).toBe('Одесса');
    const refs = [...cities.map((c) => c.Ref), ...warehouses.map((w) => w.Ref)];
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('gives every city several branches and parcel lockers, described as the carrier does', () => {
    for (const city of cities) {
      const own = warehouses.filter((w) => w.CityRef === city.Ref);
      expect(own.filter((w) => w.CategoryOfWarehouse === 'Branch').length, city.Description).toBeGreaterThanOrEqual(3);
      expect(own.filter((w) => w.CategoryOfWarehouse === 'Postomat').length, city.Description).toBeGreaterThanOrEqual(
        2,
      );
    }
    for (const w of warehouses) {
      if (w.CategoryOfWarehouse === 'Branch') {
        expect(w.Description).toMatch(
          /^Відділення №\d+( \(до 30 кг\))?: (вул\.|просп\.|бульв\.|пл\.|\S+ (шосе|дорога))/,
        );
        expect(w.DescriptionRu).toMatch(/^Отделение №\d+/);
      } else {
        expect(w.Description).toMatch(/^Поштомат "Нова Пошта" №\d+: /);
        expect(w.DescriptionRu).toMatch(/^Почтомат "Новая Почта" №\d+: /);
      }
    }
  });
});

describe.each(dialectBackends)('Nova Poshta look-ups on %s', (backend) => {
  let ctx: TestContext;
  const cityRef = (name: string) => readBundledDirectory().cities.find((c) => c.Description === name)?.Ref as string;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const cities = async (search: string, headers: Record<string, string> = {}) => {
    const res = await get(`/api/novaposhta/cities/?search=${encodeURIComponent(search)}`, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { cities: Entry[] }).cities;
  };
  const warehouses = async (city: string, search = '', headers: Record<string, string> = {}) => {
    const res = await get(
      `/api/novaposhta/warehouses/?city_ref=${city}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { warehouses: Entry[] }).warehouses;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    const repo = deliveryRepository(ctx.database);
    // The test databases start empty, as a fresh shop without a Nova Poshta key does.
    expect(await repo.isEmpty()).toBe(true);
    expect(await loadBundledDirectoryIfEmpty(repo)).toMatchObject({ cities: 44, warehouses: 360 });
    expect(await loadBundledDirectoryIfEmpty(repo)).toBeUndefined();
  });
  afterAll(() => ctx?.close());

  it('answers {cities: [{ref, description}]}, names beginning with the text first', async () => {
    const found = await cities('ки');
    expect(found[0]).toEqual({ ref: cityRef('Київ'), description: 'Київ' });
    for (const city of found) expect(Object.keys(city).sort()).toEqual(['description', 'ref']);
    // Then the names that only contain the text.
    const lv = await cities('ль');
    expect(lv[0]?.description).toBe('Львів');
    const rest = lv.slice(1).map((c) => c.description);
    expect(rest).toEqual(expect.arrayContaining(['Тернопіль', 'Ковель', 'Нікополь']));
  });

  it('ignores case, reads Russian names, and answers in the language of the request', async () => {
    expect((await cities('КИЇВ'))[0]?.description).toBe('Київ');
    expect((await cities('одесс'))[0]?.description).toBe('Одеса');
    expect((await cities('одесс', { cookie: 'lng=ru' }))[0]).toEqual({ ref: cityRef('Одеса'), description: 'Одесса' });
    expect((await cities('харьк', { 'accept-language': 'ru-RU,ru;q=0.9' }))[0]?.description).toBe('Харьков');
  });

  it('finds a word inside a name, and any apostrophe', async () => {
    expect((await cities('подільськ')).map((c) => c.description)).toEqual(["Кам'янець-Подільський"]);
    expect((await cities('кам’янськ')).map((c) => c.description)).toEqual(["Кам'янське"]);
    expect((await cities('ЦЕРКВ')).map((c) => c.description)).toEqual(['Біла Церква']);
    expect(await cities('qwerty')).toEqual([]);
    // LIKE's wildcards are only text.
    expect(await cities('%')).toEqual([]);
    expect(await cities('_')).toEqual([]);
  });

  it('answers at most 50, the busiest first when nothing is typed', async () => {
    const repo = deliveryRepository(ctx.database);
    const extra = Array.from({ length: 60 }, (_, i) => ({
      ref: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      description: `Олександрівка ${i}`,
      descriptionRu: `Александровка ${i}`,
      area: 'Кіровоградська',
      areaRu: 'Кировоградская',
      searchUk: foldPlaceName(`Олександрівка ${i}`),
      searchRu: foldPlaceName(`Александровка ${i}`),
    }));
    await repo.upsertCities(extra, new Date());
    try {
      expect(await cities('олександр')).toHaveLength(50);
      const busiest = await cities('');
      expect(busiest).toHaveLength(50);
      expect(
        busiest
          .slice(0, 5)
          .map((c) => c.description)
          .sort(),
      ).toEqual(['Київ', 'Харків', 'Одеса', 'Дніпро', 'Львів'].sort());
    } finally {
      await ctx.database.db.execute(sql`delete from carrier_cities where ref like '00000000-%'`);
    }
  });

  it('names the region of a city whose name another city shares', async () => {
    const repo = deliveryRepository(ctx.database);
    const namesake = (ref: string, area: string) => ({
      ref,
      description: 'Миколаївка',
      descriptionRu: 'Николаевка',
      area,
      areaRu: area,
      searchUk: foldPlaceName('Миколаївка'),
      searchRu: foldPlaceName('Николаевка'),
    });
    await repo.upsertCities(
      [
        namesake('00000000-0000-4000-9000-000000000001', 'Одеська'),
        namesake('00000000-0000-4000-9000-000000000002', 'Сумська'),
      ],
      new Date(),
    );
    try {
      expect((await cities('миколаївка')).map((c) => c.description).sort()).toEqual([
        'Миколаївка (Одеська обл.)',
        'Миколаївка (Сумська обл.)',
      ]);
      expect((await cities('миколаїв'))[0]?.description).toBe('Миколаїв');
    } finally {
      await ctx.database.db.execute(sql`delete from carrier_cities where ref like '00000000-%'`);
    }
  });

  it("lists a city's branches and lockers by number, the one numbered as typed first", async () => {
    const kyiv = cityRef('Київ');
    const all = await warehouses(kyiv);
    expect(all.length).toBe(15);
    expect(all[0]?.description).toMatch(/^Відділення №1: /);
    expect(all[1]?.description).toMatch(/^Відділення №2: /);
    expect((await warehouses(kyiv, '3'))[0]?.description).toMatch(/^Відділення №3 \(до 30 кг\): /);
    const lockers = await warehouses(kyiv, 'поштомат');
    expect(lockers.length).toBe(5);
    for (const l of lockers) expect(l.description).toMatch(/^Поштомат "Нова Пошта" №\d+/);
    expect((await warehouses(kyiv, 'хрещатик'))[0]?.description).toContain('вул. Хрещатик');
    expect((await warehouses(kyiv, 'крещатик', { cookie: 'lng=ru' }))[0]?.description).toMatch(
      /^Отделение №\d+.*ул\. Крещатик/,
    );
    expect(await warehouses('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('wants a city_ref for branches, and a search of sane length', async () => {
    expect(await get('/api/novaposhta/warehouses/')).toMatchObject({
      status: 400,
      body: { city_ref: expect.any(Array) },
    });
    expect(await get('/api/novaposhta/warehouses/?city_ref=%27%3B--')).toMatchObject({ status: 400 });
    expect(await get(`/api/novaposhta/cities/?search=${'к'.repeat(101)}`)).toMatchObject({
      status: 400,
      body: { search: ['Ensure this field has no more than 100 characters.'] },
    });
  });

  it('checks the refs an order names: a known city, and a branch in it', async () => {
    const products = await catalogProducts(ctx.database);
    const product = products.find((p) => p.inStock) as CatalogProduct;
    const kyiv = cityRef('Київ');
    const [kyivBranch] = await warehouses(kyiv);
    const [lvivBranch] = await warehouses(cityRef('Львів'));
    const place = async (shipping: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { 'x-forwarded-for': freshIp() },
        payload: orderPayload([lineOf(product)], { shipping_address: shipping }),
      });
    const good = await place({
      city: 'Київ',
      branch: kyivBranch?.description,
      city_ref: kyiv,
      branch_ref: kyivBranch?.ref,
    });
    expect(good.statusCode, good.body).toBe(201);
    const elsewhere = await place({ city: 'Київ', branch: 'x', city_ref: kyiv, branch_ref: lvivBranch?.ref });
    expect(elsewhere.json()).toEqual({ 'shipping_address.branch_ref': ['Unknown branch for this city.'] });
    const unknown = await place({ city: 'Нарнія', branch: 'x', city_ref: '00000000-0000-4000-8000-999999999999' });
    expect(unknown.json()).toEqual({ 'shipping_address.city_ref': ['Unknown city.'] });
    const [row] = await ctx.database.rows<{ city_ref: string; branch_ref: string }>(
      sql`select city_ref, branch_ref from orders where id = ${good.json().order_id}`,
    );
    expect(row).toEqual({ city_ref: kyiv, branch_ref: kyivBranch?.ref });
  });

  it('reloading the bundled directory changes nothing', async () => {
    const repo = deliveryRepository(ctx.database);
    const result = await loadBundledDirectory(repo);
    expect(result).toEqual({ cities: 44, warehouses: 360, removedCities: 0, removedWarehouses: 0 });
  });
});
