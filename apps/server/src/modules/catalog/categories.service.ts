import {
  type AdminCategory,
  type AdminCategoryCreate,
  type AdminCategoryListQuery,
  type AdminCategoryNode,
  type AdminCategoryOrder,
  type AdminCategoryUpdate,
  adminCatalogCodes,
  adminCatalogMessages,
} from '@kram/contract/admin-catalog';
import { maxCategoryDepth } from '@kram/contract/catalog-rules';
import { categorySlugMaxLength, slugFromName } from '@kram/contract/slug';
import type { Executor } from '../../db/client.ts';
import { Conflict, InvalidInput, noMatch } from '../../lib/domain-errors.ts';
import type { StaffMember } from '../accounts/index.ts';
import type { AuditLog } from '../audit/index.ts';
import { type CategoryInsert, catalogWritesRepository as writes } from './catalog-writes.repository.ts';
import { type CatalogWrite, firstFreeSlug } from './catalog-writes.ts';
import type { CategoriesRepository } from './categories.repository.ts';
import { auditedCategory, type CategoryTree, categoryTree } from './category-tree.ts';

export interface CategoriesDeps {
  repo: CategoriesRepository;
  write: CatalogWrite;
  audit: AuditLog;
}

/** A new category: under `parentId` (null: the top level), its slug derived from its name when empty. */
export interface CategoryDraft {
  parentId: number | null;
  slug: string | undefined;
  name: string;
  nameRu: string;
  /** After its last sibling when absent. */
  position: number | undefined;
}

const notFound = () => noMatch('Category');
const collator = new Intl.Collator('uk');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Reads the tree after locking it: the checks made on it then hold until the transaction ends. */
async function lockedTree(repo: CategoriesRepository, tx: Executor): Promise<CategoryTree> {
  await repo.lockTree(tx);
  return categoryTree(await repo.all(tx));
}

const nextPosition = (tree: CategoryTree, parentId: number | null, except?: number) =>
  Math.max(-1, ...tree.children(parentId).flatMap((c) => (c.id === except ? [] : [c.position]))) + 1;

/**
 * The slug a category named `name` gets when none is typed: its Ukrainian name transliterated,
 * with `-2`, `-3`… when another category holds it ("category" for a name with nothing to write).
 * The caller holds the tree's lock.
 */
const derivedSlug = (tx: Executor, name: string, self?: number) =>
  firstFreeSlug(slugFromName(name, categorySlugMaxLength) || 'category', categorySlugMaxLength, (slugs) =>
    writes.takenCategorySlugs(tx, slugs, self),
  );

/** Slugs are unique across the tree: the storefront finds a category by its last slug. */
function checkSlug(tree: CategoryTree, slug: string, self?: number) {
  const holder = tree.bySlug(slug);
  if (holder && holder.id !== self) throw new InvalidInput({ slug: [adminCatalogMessages.slugTaken] });
}

/** A category under `parent` (null: the top level), with `levelsBelow` levels under it, sits too deep. */
function refuseTooDeep(parent: { depth: number } | null, levelsBelow = 0) {
  if ((parent?.depth ?? 0) + 1 + levelsBelow > maxCategoryDepth) {
    throw new InvalidInput({ parent_id: [adminCatalogMessages.tooDeep] });
  }
}

function parentOf(tree: CategoryTree, parentId: number | null) {
  if (parentId === null) return null;
  const parent = tree.get(parentId);
  if (!parent) throw new InvalidInput({ parent_id: [adminCatalogMessages.noSuchParent] });
  return parent;
}

/**
 * Adds a category to the locked `tree`, keeping the tree's rules: its parent exists, it sits no deeper
 * than maxCategoryDepth, its slug is no other category's. Its depth and path follow its parent; a slug
 * that was another category's old slug now leads to it. Answers its id.
 */
async function addCategory(tx: Executor, tree: CategoryTree, draft: CategoryDraft): Promise<number> {
  const parent = parentOf(tree, draft.parentId);
  refuseTooDeep(parent);
  if (draft.slug) checkSlug(tree, draft.slug);
  const slug = draft.slug || (await derivedSlug(tx, draft.name));
  await writes.releaseCategorySlug(tx, slug);
  return writes.insertCategory(tx, {
    parentId: parent?.id ?? null,
    slug,
    name: draft.name,
    nameRu: draft.nameRu,
    position: draft.position ?? nextPosition(tree, draft.parentId),
    depth: (parent?.depth ?? 0) + 1,
    path: parent ? `${parent.path}/${slug}` : slug,
  });
}

/** Adds a category inside `tx` with the tree's rules, recording nothing: the demo seed's way in. */
export async function importCategory(repo: CategoriesRepository, tx: Executor, draft: CategoryDraft): Promise<number> {
  return addCategory(tx, await lockedTree(repo, tx), draft);
}

/**
 * Renames or moves a category: its depth and path, and those of every category under it, follow
 * its parent and slug, and a slug it gives up stays its old slug (its old addresses lead to it).
 * The tree's rules are checked before; the path walk refuses a loop or a depth past the last level,
 * so a move that would still break them fails.
 */
async function changeCategory(
  tx: Executor,
  id: number,
  changes: Partial<Pick<CategoryInsert, 'parentId' | 'slug' | 'name' | 'nameRu' | 'position'>>,
): Promise<void> {
  if (changes.slug !== undefined) await writes.renameCategorySlug(tx, id, changes.slug);
  await writes.updateCategory(tx, id, changes);
  const pathChanges = changes.parentId !== undefined || changes.slug !== undefined;
  if (pathChanges) await writes.rebuildPaths(tx, id, maxCategoryDepth);
}

/**
 * The category tree: at most maxCategoryDepth levels, globally unique slugs, a path that follows the
 * slugs from the top (and so every product's category_full_path), and no category removed while
 * products or subcategories hang off it. Changes run on the locked tree (decision 023).
 */
export function categoriesService({ repo, write, audit }: CategoriesDeps) {
  /** Runs a change on the locked tree. */
  const change = <T>(work: (tx: Executor, tree: CategoryTree) => Promise<T>): Promise<T> =>
    write(async (tx) => work(tx, await lockedTree(repo, tx)));

  const reread = async (tx: Executor, id: number) => {
    const tree = categoryTree(await repo.all(tx));
    const record = tree.get(id);
    if (!record) throw new Error(`category ${id} vanished inside its own transaction`);
    return { tree, record };
  };

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
        const id = await addCategory(tx, tree, {
          parentId: input.parent_id ?? null,
          slug: input.slug,
          name: input.name,
          nameRu: input.name_ru,
          position: input.position,
        });
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
          refuseTooDeep(parent, Math.max(0, ...below.map((d) => d.depth - before.depth)));
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
        await changeCategory(tx, id, changes);
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
        await writes.setCategoryPositions(tx, input.ids);
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
        await writes.deleteCategory(tx, id);
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

export type CategoriesService = ReturnType<typeof categoriesService>;
