import {
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryListQuery,
  type AdminCategoryNode,
  type AdminCategoryOrder,
  type AdminCategoryUpdate,
  adminCatalogCodes,
  adminCatalogMessages,
  maxCategoryDepth,
} from '@kram/contract/admin-catalog';
import { categorySlugMaxLength, slugFromName } from '@kram/contract/slug';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, NotFound, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { CatalogWriter } from '../catalog/catalog-writer.ts';
import type { AdminCategoriesRepository } from './admin-categories.repository.ts';
import { auditedCategory, type CategoryTree, categoryTree } from './admin-categories.tree.ts';

export interface AdminCategoriesDeps {
  repo: AdminCategoriesRepository;
  writer: CatalogWriter;
  audit: AuditLog;
  /** Told after each committed change, so this process's catalogue (and the storefront's tree) follows at once. */
  catalogChanged: () => void;
}

const notFound = () => noMatch('Category');
const collator = new Intl.Collator('uk');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The category tree as staff edit it: at most three levels, globally unique slugs, a path that follows
 * the slugs from the top (and so every product's category_full_path), and no category removed while
 * products or subcategories hang off it.
 */
export function adminCategoriesService({ repo, writer, audit, catalogChanged }: AdminCategoriesDeps) {
  /** Runs a change on the locked tree, then lets this process's catalogue see it. */
  async function change<T>(work: (tx: Executor, tree: CategoryTree) => Promise<T>): Promise<T> {
    const result = await repo.transaction(async (tx) => {
      await repo.lockTree(tx);
      return work(tx, categoryTree(await repo.all(tx)));
    });
    catalogChanged();
    return result;
  }

  const reread = async (tx: Executor, id: number) => {
    const tree = categoryTree(await repo.all(tx));
    const record = tree.get(id);
    if (!record) throw new Error(`category ${id} vanished inside its own transaction`);
    return { tree, record };
  };

  const nextPosition = (tree: CategoryTree, parentId: number | null, except?: number) =>
    Math.max(-1, ...tree.children(parentId).flatMap((c) => (c.id === except ? [] : [c.position]))) + 1;

  /**
   * The slug a category named `name` gets when none is typed: its Ukrainian name transliterated,
   * with `-2`, `-3`… when another category holds it ("category" for a name with nothing to write).
   */
  const derivedSlug = (tx: Executor, name: string, self?: number) =>
    writer.freeCategorySlug(slugFromName(name, categorySlugMaxLength) || 'category', self, tx);

  function checkSlug(tree: CategoryTree, slug: string, self?: number) {
    const holder = tree.bySlug(slug);
    if (holder && holder.id !== self) throw new InvalidInput({ slug: [adminCatalogMessages.slugTaken] });
  }

  function parentOf(tree: CategoryTree, parentId: number | null) {
    if (parentId === null) return null;
    const parent = tree.get(parentId);
    if (!parent) throw new InvalidInput({ parent_id: [adminCatalogMessages.noSuchParent] });
    return parent;
  }

  return {
    async list(query: AdminCategoryListQuery): Promise<{ count: number; results: AdminCategory[] }> {
      const tree = categoryTree(await repo.all());
      const q = query.q?.toLowerCase();
      const ids = query.id ? new Set(query.id) : undefined;
      let rows = tree
        .inTreeOrder()
        .map(tree.toAdmin)
        .filter(
          (c) =>
            (query.parent_id === undefined || c.parent_id === query.parent_id) &&
            (query.depth === undefined || c.depth === query.depth) &&
            (!ids || ids.has(c.id)) &&
            (!q || [c.name, c.name_ru, c.slug].some((text) => text.toLowerCase().includes(q))),
        );
      const { sort } = query;
      if (sort) {
        const sign = query.order === 'desc' ? -1 : 1;
        rows = rows.sort((a, b) => {
          const x = a[sort];
          const y = b[sort];
          const order = typeof x === 'string' && typeof y === 'string' ? collator.compare(x, y) : Number(x) - Number(y);
          return sign * order || a.id - b.id;
        });
      }
      const start = (query.page - 1) * query.page_size;
      return { count: rows.length, results: rows.slice(start, start + query.page_size) };
    },

    async tree(): Promise<AdminCategoryNode[]> {
      return categoryTree(await repo.all()).nodes();
    },

    async get(id: number): Promise<AdminCategory> {
      const tree = categoryTree(await repo.all());
      const record = tree.get(id);
      if (!record) throw notFound();
      return tree.toAdmin(record);
    },

    create(actor: StaffMember, input: AdminCategoryCreate): Promise<AdminCategory> {
      return change(async (tx, tree) => {
        const parentId = input.parent_id ?? null;
        const parent = parentOf(tree, parentId);
        if ((parent?.depth ?? 0) + 1 > maxCategoryDepth) {
          throw new InvalidInput({ parent_id: [adminCatalogMessages.tooDeep] });
        }
        if (input.slug) checkSlug(tree, input.slug);
        const slug = input.slug || (await derivedSlug(tx, input.name));
        const id = await writer.createCategory(
          {
            parentId,
            slug,
            name: input.name,
            nameRu: input.name_ru,
            position: input.position ?? nextPosition(tree, parentId),
          },
          tx,
        );
        const after = await reread(tx, id);
        await audit.record(tx, actor, {
          action: 'category.create',
          entity: 'category',
          entityId: id,
          before: null,
          after: auditedCategory(after.record),
        });
        return after.tree.toAdmin(after.record);
      });
    },

    /** Renames (names, slug) and moves (parent_id) a category; its subcategories' paths follow. */
    update(actor: StaffMember, id: number, input: AdminCategoryUpdate): Promise<AdminCategory> {
      return change(async (tx, tree) => {
        const before = tree.get(id);
        if (!before) throw notFound();
        const moves = input.parent_id !== undefined && input.parent_id !== before.parentId;
        if (moves) {
          const parentId = input.parent_id ?? null;
          const parent = parentOf(tree, parentId);
          const below = tree.descendants(id);
          if (parent && (parent.id === id || below.some((d) => d.id === parent.id))) {
            throw new InvalidInput({ parent_id: [adminCatalogMessages.underItself] });
          }
          const levelsBelow = Math.max(0, ...below.map((d) => d.depth - before.depth));
          if ((parent?.depth ?? 0) + 1 + levelsBelow > maxCategoryDepth) {
            throw new InvalidInput({ parent_id: [adminCatalogMessages.tooDeep] });
          }
        }
        if (input.slug) checkSlug(tree, input.slug, id);
        // An emptied slug is derived again from the name (its own slug is no clash).
        const slug = input.slug === '' ? await derivedSlug(tx, input.name ?? before.name, id) : input.slug;
        const parentId = moves ? (input.parent_id ?? null) : before.parentId;
        const changes = {
          name: input.name,
          nameRu: input.name_ru,
          slug: slug === before.slug ? undefined : slug,
          parentId: moves ? parentId : undefined,
          // A category that moves goes last under its new parent unless told where.
          position: input.position ?? (moves ? nextPosition(tree, parentId, id) : undefined),
        };
        await writer.updateCategory(id, changes, tx);
        const after = await reread(tx, id);
        const was = auditedCategory(before);
        const is = auditedCategory(after.record);
        if (JSON.stringify(was) !== JSON.stringify(is)) {
          await audit.record(tx, actor, {
            action: moves ? 'category.move' : 'category.update',
            entity: 'category',
            entityId: id,
            before: was,
            after: is,
          });
        }
        return after.tree.toAdmin(after.record);
      });
    },

    /** Puts the subcategories of one parent in the order given; each one whose place changed is logged. */
    order(actor: StaffMember, input: AdminCategoryOrder): Promise<AdminCategory[]> {
      return change(async (tx, tree) => {
        parentOf(tree, input.parent_id);
        const current = tree.children(input.parent_id);
        const given = new Set(input.ids);
        if (given.size !== input.ids.length || given.size !== current.length || current.some((c) => !given.has(c.id))) {
          throw new InvalidInput({ ids: [adminCatalogMessages.orderNotWhole] });
        }
        await writer.orderCategories(input.ids, tx);
        const after = categoryTree(await repo.all(tx));
        for (const record of current) {
          const moved = after.get(record.id);
          if (!moved || moved.position === record.position) continue;
          await audit.record(tx, actor, {
            action: 'category.reorder',
            entity: 'category',
            entityId: record.id,
            before: auditedCategory(record),
            after: auditedCategory(moved),
          });
        }
        return after.children(input.parent_id).map(after.toAdmin);
      });
    },

    /** Refused while products are filed in it or under it, or while it has subcategories. */
    remove(actor: StaffMember, id: number): Promise<void> {
      return change(async (tx, tree) => {
        const record = tree.get(id);
        if (!record) throw notFound();
        const { total_product_count: products, subcategory_count: subcategories } = tree.toAdmin(record);
        if (products > 0) {
          throw new Conflict(
            `The category still holds ${plural(products, 'product', 'products')}.`,
            adminCatalogCodes.categoryHoldsProducts,
          );
        }
        if (subcategories > 0) {
          throw new Conflict(
            `The category still has ${plural(subcategories, 'subcategory', 'subcategories')}.`,
            adminCatalogCodes.categoryHasSubcategories,
          );
        }
        await writer.deleteCategory(id, tx);
        await audit.record(tx, actor, {
          action: 'category.delete',
          entity: 'category',
          entityId: id,
          before: auditedCategory(record),
          after: null,
        });
      });
    },
  };
}

export type AdminCategoriesService = ReturnType<typeof adminCategoriesService>;
