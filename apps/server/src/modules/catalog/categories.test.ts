import type { AuditEntry } from '@kram/contract/admin';
import type { AdminCategory, AdminCategoryNode } from '@kram/contract/admin-catalog';
import type { CategoryNode, Product, ProductList } from '@kram/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';

describe.each(dialectBackends)('categories in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(staff.access), ...(payload ? { payload } : {}) });

  async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  }

  const all = async (query = '') =>
    (await ok<{ count: number; results: AdminCategory[] }>('GET', `/api/admin/categories/?page_size=200&${query}`))
      .results;
  const bySlug = async (slug: string) => {
    const found = (await all(`q=${slug}`)).find((c) => c.slug === slug);
    if (!found) throw new Error(`no category ${slug}`);
    return found;
  };
  const create = (body: object) => ok<AdminCategory>('POST', '/api/admin/categories/', body);
  const auditOf = async (id: number) =>
    (await ok<{ results: AuditEntry[] }>('GET', `/api/admin/audit/?entity=category&entity_id=${id}&page_size=200`))
      .results;
  const publicTree = async () => (await ctx.app.inject('/api/categories/')).json().results as CategoryNode[];
  const listed = async (categorySlug: string) =>
    (await ctx.app.inject(`/api/products?category_slug=${categorySlug}&limit=100`)).json() as ProductList;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  describe('reading', () => {
    it('lists the tree flat in tree order, each category with its products, under it and its own', async () => {
      const rows = await all();
      const tree = await publicTree();
      const order: string[] = [];
      const walk = (nodes: CategoryNode[]) => {
        for (const node of nodes) {
          order.push(node.slug);
          walk(node.subcategories);
        }
      };
      walk(tree);
      expect(rows.map((r) => r.slug)).toEqual(order);

      const odyag = rows.find((r) => r.slug === 'odyag') as AdminCategory;
      expect(odyag).toMatchObject({ parent_id: null, depth: 1, path: 'odyag', product_count: 0 });
      expect(odyag.total_product_count).toBe((await listed('odyag')).count);
      expect(odyag.subcategory_count).toBe(tree.find((n) => n.slug === 'odyag')?.subcategories.length);
      const kurtky = rows.find((r) => r.slug === 'kurtky') as AdminCategory;
      expect(kurtky).toMatchObject({ depth: 3, path: 'odyag/verkhnii-odyag/kurtky', subcategory_count: 0 });
      expect(kurtky.product_count).toBe((await listed('kurtky')).count);
      expect(kurtky.product_count).toBeGreaterThan(0);
      expect(kurtky.total_product_count).toBe(kurtky.product_count);
    });

    it('filters by parent, depth, text and ids, sorts and pages', async () => {
      const odyag = await bySlug('odyag');
      const children = await all(`parent_id=${odyag.id}`);
      expect(children.length).toBe(odyag.subcategory_count);
      expect(children.every((c) => c.parent_id === odyag.id && c.depth === 2)).toBe(true);
      expect((await all('depth=1')).map((c) => c.depth)).toEqual((await publicTree()).map(() => 1));
      expect((await all('q=КУРТК')).map((c) => c.slug)).toEqual(['kurtky']);
      const some = children.slice(0, 2).map((c) => c.id);
      expect((await all(`id=${some[0]}&id=${some[1]}`)).map((c) => c.id).sort()).toEqual([...some].sort());

      const sorted = await all('sort=total_product_count&order=desc');
      const totals = sorted.map((c) => c.total_product_count);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      const page = await ok<{ count: number; results: AdminCategory[] }>(
        'GET',
        '/api/admin/categories/?page=2&page_size=5&sort=id',
      );
      expect(page.count).toBe((await all()).length);
      expect(page.results.map((c) => c.id)).toEqual((await all('sort=id')).slice(5, 10).map((c) => c.id));
    });

    it('answers the tree nested, with the same records as the list', async () => {
      const tree = await ok<AdminCategoryNode[]>('GET', '/api/admin/categories/tree/');
      const odyag = tree.find((n) => n.slug === 'odyag') as AdminCategoryNode;
      const { subcategories, ...record } = odyag;
      expect(record).toEqual(await bySlug('odyag'));
      expect(subcategories.map((n) => n.slug)).toEqual(
        (await publicTree()).find((n) => n.slug === 'odyag')?.subcategories.map((n) => n.slug),
      );
      expect(subcategories[0]?.subcategories[0]?.depth).toBe(3);
    });

    it('answers 404 for a category that is not there', async () => {
      const res = await call('GET', '/api/admin/categories/999999/');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No Category matches the given query.' });
    });
  });

  describe('creating', () => {
    it('creates three levels, places each after its siblings, and logs each creation', async () => {
      const top = await create({ name: 'Тест', name_ru: 'Тест', slug: 'test-top' });
      expect(top).toMatchObject({ parent_id: null, depth: 1, path: 'test-top', product_count: 0 });
      expect(top.position).toBe(
        Math.max(...(await all('depth=1')).filter((c) => c.id !== top.id).map((c) => c.position)) + 1,
      );
      const mid = await create({ name: 'Середня', name_ru: 'Средняя', slug: 'test-mid', parent_id: top.id });
      const low = await create({ name: 'Нижня', name_ru: 'Нижняя', slug: 'test-low', parent_id: mid.id, position: 7 });
      expect(mid).toMatchObject({ parent_id: top.id, depth: 2, path: 'test-top/test-mid', position: 0 });
      expect(low).toMatchObject({ depth: 3, path: 'test-top/test-mid/test-low', position: 7 });

      const [entry] = await auditOf(low.id);
      expect(entry).toMatchObject({
        action: 'category.create',
        actor_id: staff.id,
        actor_email: staff.email,
        before: null,
        after: {
          id: low.id,
          parent_id: mid.id,
          slug: 'test-low',
          name: 'Нижня',
          name_ru: 'Нижняя',
          position: 7,
          depth: 3,
          path: 'test-top/test-mid/test-low',
        },
      });
      // The storefront's tree has it at once.
      const shown = (await publicTree()).find((n) => n.slug === 'test-top');
      expect(shown?.subcategories[0]?.subcategories.map((n) => n.slug)).toEqual(['test-low']);
    });

    it('refuses a fourth level, a parent that is not there, a slug in use or badly formed, unknown fields', async () => {
      const low = await bySlug('kurtky');
      const cases: [object, object][] = [
        [
          { name: 'А', name_ru: 'А', slug: 'fourth', parent_id: low.id },
          { parent_id: ['Categories are at most three levels deep.'] },
        ],
        [{ name: 'А', name_ru: 'А', slug: 'orphan', parent_id: 999999 }, { parent_id: ['There is no such category.'] }],
        [{ name: 'А', name_ru: 'А', slug: 'kurtky' }, { slug: ['A category with this slug already exists.'] }],
        [
          { name: 'А', name_ru: 'А', slug: 'Куртки' },
          { slug: ['Use lower-case Latin letters and digits, words joined by single hyphens.'] },
        ],
        [{ name: '  ', name_ru: 'А', slug: 'blank-name' }, { name: ['This field may not be blank.'] }],
        [{ name_ru: 'А', slug: 'no-name' }, { name: ['This field is required.'] }],
        [{ name: 'А', name_ru: 'А', slug: 'extra', depth: 1 }, { non_field_errors: ['Unrecognized key: "depth"'] }],
      ];
      for (const [body, answer] of cases) {
        const res = await call('POST', '/api/admin/categories/', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toEqual(answer);
      }
      expect((await all()).some((c) => ['fourth', 'orphan', 'extra', 'no-name'].includes(c.slug))).toBe(false);
    });
  });

  describe('renaming and moving', () => {
    it('renames: names and slug change, the paths under it follow, the log keeps before and after', async () => {
      const top = await create({ name: 'Перейменувати', name_ru: 'Переименовать', slug: 'rename-top' });
      const child = await create({ name: 'Дитина', name_ru: 'Ребёнок', slug: 'rename-child', parent_id: top.id });
      const renamed = await ok<AdminCategory>('PATCH', `/api/admin/categories/${top.id}/`, {
        name: 'Нова назва',
        slug: 'renamed-top',
      });
      expect(renamed).toMatchObject({ name: 'Нова назва', name_ru: 'Переименовать', slug: 'renamed-top' });
      expect(renamed.path).toBe('renamed-top');
      expect((await bySlug('rename-child')).path).toBe('renamed-top/rename-child');
      expect((await ok<AdminCategory>('GET', `/api/admin/categories/${child.id}/`)).path).toBe(
        'renamed-top/rename-child',
      );

      const [entry] = await auditOf(top.id);
      expect(entry).toMatchObject({
        action: 'category.update',
        before: { slug: 'rename-top', name: 'Перейменувати', path: 'rename-top' },
        after: { slug: 'renamed-top', name: 'Нова назва', path: 'renamed-top' },
      });
    });

    it('changes nothing and logs nothing for an empty change, refuses a slug in use', async () => {
      const kepky = await bySlug('kepky');
      const before = (await auditOf(kepky.id)).length;
      expect(await ok<AdminCategory>('PATCH', `/api/admin/categories/${kepky.id}/`, {})).toEqual(kepky);
      expect(await ok<AdminCategory>('PATCH', `/api/admin/categories/${kepky.id}/`, { slug: 'kepky' })).toEqual(kepky);
      expect(await auditOf(kepky.id)).toHaveLength(before);
      const res = await call('PATCH', `/api/admin/categories/${kepky.id}/`, { slug: 'panamy' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ slug: ['A category with this slug already exists.'] });
      expect((await call('PATCH', '/api/admin/categories/999999/', { name: 'x' })).statusCode).toBe(404);
    });

    it('moves a category with everything under it: depths, paths, product links and listings follow', async () => {
      const branch = await bySlug('verkhnii-odyag');
      const footwear = await bySlug('vzuttia');
      const jacketsBefore = await listed('kurtky');
      const footwearBefore = (await listed('vzuttia')).count;
      const product = jacketsBefore.results.products[0] as Product;
      expect(product.category_full_path).toBe('odyag/verkhnii-odyag/kurtky');

      const moved = await ok<AdminCategory>('PATCH', `/api/admin/categories/${branch.id}/`, {
        parent_id: footwear.id,
      });
      expect(moved).toMatchObject({ parent_id: footwear.id, depth: 2, path: 'vzuttia/verkhnii-odyag' });
      expect(moved.position).toBe(
        Math.max(...(await all(`parent_id=${footwear.id}`)).filter((c) => c.id !== branch.id).map((c) => c.position)) +
          1,
      );
      const under = await all(`parent_id=${branch.id}`);
      expect(under.map((c) => c.path).sort()).toEqual(
        ['flisy', 'kurtky', 'softshely'].map((s) => `vzuttia/verkhnii-odyag/${s}`),
      );
      expect(under.every((c) => c.depth === 3)).toBe(true);

      // The shop follows at once: the product's link, the tree, and the listings of both parents.
      const shown = (await ctx.app.inject(`/api/products/${product.slug}`)).json() as Product;
      expect(shown.category_full_path).toBe('vzuttia/verkhnii-odyag/kurtky');
      const tree = await publicTree();
      expect(tree.find((n) => n.slug === 'vzuttia')?.subcategories.at(-1)?.slug).toBe('verkhnii-odyag');
      expect(tree.find((n) => n.slug === 'odyag')?.subcategories.some((n) => n.slug === 'verkhnii-odyag')).toBe(false);
      expect((await listed('vzuttia')).count).toBe(footwearBefore + branch.total_product_count);
      expect((await listed('odyag')).results.products.some((p) => p.id === product.id)).toBe(false);

      const [entry] = await auditOf(branch.id);
      expect(entry).toMatchObject({
        action: 'category.move',
        before: { parent_id: branch.parent_id, depth: 2, path: 'odyag/verkhnii-odyag' },
        after: { parent_id: footwear.id, depth: 2, path: 'vzuttia/verkhnii-odyag' },
      });

      // And back to the top level: one level up for everything under it.
      const top = await ok<AdminCategory>('PATCH', `/api/admin/categories/${branch.id}/`, { parent_id: null });
      expect(top).toMatchObject({ parent_id: null, depth: 1, path: 'verkhnii-odyag' });
      expect((await bySlug('kurtky')).path).toBe('verkhnii-odyag/kurtky');
      expect((await bySlug('kurtky')).depth).toBe(2);
    });

    it('refuses a move under itself, under its own subcategory, or past three levels', async () => {
      const top = await create({ name: 'Корінь', name_ru: 'Корень', slug: 'cycle-top' });
      const mid = await create({ name: 'Гілка', name_ru: 'Ветка', slug: 'cycle-mid', parent_id: top.id });
      const low = await create({ name: 'Лист', name_ru: 'Лист', slug: 'cycle-low', parent_id: mid.id });
      const other = await create({ name: 'Інша', name_ru: 'Другая', slug: 'cycle-other' });
      const otherMid = await create({
        name: 'Інша гілка',
        name_ru: 'Другая ветка',
        slug: 'cycle-other-mid',
        parent_id: other.id,
      });
      const refusals: [number, number, string][] = [
        [top.id, top.id, 'A category cannot move under itself or one of its subcategories.'],
        [top.id, mid.id, 'A category cannot move under itself or one of its subcategories.'],
        [top.id, low.id, 'A category cannot move under itself or one of its subcategories.'],
        // Two levels under it: under a top-level category they would reach a fourth level.
        [top.id, other.id, 'Categories are at most three levels deep.'],
        // One level under it: under a second-level category it would go to the fourth.
        [mid.id, otherMid.id, 'Categories are at most three levels deep.'],
        [top.id, 999999, 'There is no such category.'],
      ];
      for (const [id, parent, message] of refusals) {
        const res = await call('PATCH', `/api/admin/categories/${id}/`, { parent_id: parent });
        expect(res.statusCode, `${id} under ${parent}`).toBe(400);
        expect(res.json()).toEqual({ parent_id: [message] });
      }
      expect((await bySlug('cycle-low')).path).toBe('cycle-top/cycle-mid/cycle-low');
      expect((await auditOf(top.id)).map((e) => e.action)).toEqual(['category.create']);

      // A leaf may go under a second-level category: three levels exactly.
      const leaf = await ok<AdminCategory>('PATCH', `/api/admin/categories/${low.id}/`, { parent_id: otherMid.id });
      expect(leaf).toMatchObject({ depth: 3, path: 'cycle-other/cycle-other-mid/cycle-low' });
    });
  });

  describe('ordering', () => {
    it('puts a parent’s subcategories in the order given, for the shop too, logging each one that moved', async () => {
      const parent = await bySlug('odyag');
      const before = await all(`parent_id=${parent.id}`);
      const reversed = before.map((c) => c.id).reverse();
      const answer = await ok<{ count: number; results: AdminCategory[] }>('POST', '/api/admin/categories/order/', {
        parent_id: parent.id,
        ids: reversed,
      });
      expect(answer.results.map((c) => c.id)).toEqual(reversed);
      expect(answer.results.map((c) => c.position)).toEqual(reversed.map((_, i) => i));
      expect((await all(`parent_id=${parent.id}`)).map((c) => c.id)).toEqual(reversed);
      const shop = (await publicTree()).find((n) => n.slug === 'odyag');
      expect(shop?.subcategories.map((n) => n.id)).toEqual(reversed);

      const first = before[0] as AdminCategory;
      const [entry] = await auditOf(first.id);
      expect(entry).toMatchObject({
        action: 'category.reorder',
        before: { position: first.position },
        after: { position: reversed.length - 1 },
      });
    });

    it('orders the top level with parent_id null', async () => {
      const tops = await all('depth=1');
      const ids = [tops.at(-1)?.id, ...tops.slice(0, -1).map((c) => c.id)];
      await ok('POST', '/api/admin/categories/order/', { parent_id: null, ids });
      expect((await publicTree()).map((n) => n.id)).toEqual(ids);
    });

    it('refuses a list that leaves out, repeats or adds a category', async () => {
      const parent = await bySlug('vzuttia');
      const ids = (await all(`parent_id=${parent.id}`)).map((c) => c.id);
      const other = (await bySlug('kepky')).id;
      for (const wrong of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), other]]) {
        const res = await call('POST', '/api/admin/categories/order/', { parent_id: parent.id, ids: wrong });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ ids: ['List every subcategory of this parent once, and nothing else.'] });
      }
      const missing = await call('POST', '/api/admin/categories/order/', { parent_id: 999999, ids });
      expect(missing.json()).toEqual({ parent_id: ['There is no such category.'] });
      expect((await all(`parent_id=${parent.id}`)).map((c) => c.id)).toEqual(ids);
    });
  });

  describe('deleting', () => {
    it('refuses while products are in it or under it, naming how many', async () => {
      for (const slug of ['kurtky', 'vzuttia']) {
        const category = await bySlug(slug);
        const res = await call('DELETE', `/api/admin/categories/${category.id}/`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          detail: `The category still holds ${category.total_product_count} products.`,
          code: 'category_holds_products',
        });
      }
    });

    it('refuses while it has subcategories, even empty ones', async () => {
      const top = await create({ name: 'Порожня', name_ru: 'Пустая', slug: 'empty-top' });
      await create({ name: 'Порожня дитина', name_ru: 'Пустой ребёнок', slug: 'empty-child', parent_id: top.id });
      const res = await call('DELETE', `/api/admin/categories/${top.id}/`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'The category still has 1 subcategory.',
        code: 'category_has_subcategories',
      });
    });

    it('deletes an empty category, for the shop too, and logs what it was', async () => {
      const gone = await create({ name: 'Видалити', name_ru: 'Удалить', slug: 'to-delete' });
      const res = await call('DELETE', `/api/admin/categories/${gone.id}/`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', `/api/admin/categories/${gone.id}/`)).statusCode).toBe(404);
      expect((await publicTree()).some((n) => n.slug === 'to-delete')).toBe(false);
      const [entry] = await auditOf(gone.id);
      expect(entry).toMatchObject({
        action: 'category.delete',
        before: { id: gone.id, slug: 'to-delete', name: 'Видалити', path: 'to-delete' },
        after: null,
      });
      expect((await call('DELETE', `/api/admin/categories/${gone.id}/`)).statusCode).toBe(404);
    });
  });
});
