import { describe, expect, it } from 'vitest';
import { categoryTrail, orderAfterStep, parentChoices, siblingsOf } from './category-tree.ts';

const category = (id: number, parent_id: number | null, path: string, position = 0) => ({
  id,
  parent_id,
  path,
  position,
  depth: path.split('/').length,
  name: `uk-${path.split('/').at(-1)}`,
  name_ru: `ru-${path.split('/').at(-1)}`,
});

// odyag > verkhnii > kurtky; odyag > shtany; vzuttia > cherevyky; aksesuary (empty top level)
const tree = [
  category(1, null, 'odyag', 0),
  category(2, 1, 'odyag/verkhnii', 0),
  category(3, 2, 'odyag/verkhnii/kurtky', 0),
  category(4, 1, 'odyag/shtany', 1),
  category(5, null, 'vzuttia', 1),
  category(6, 5, 'vzuttia/cherevyky', 0),
  category(7, null, 'aksesuary', 2),
];
const ids = (choices: { id: number }[]) => choices.map((c) => c.id);
const at = (id: number) => tree.find((c) => c.id === id) as (typeof tree)[number];

describe('parentChoices', () => {
  it('offers every category above the third level for a new category', () => {
    expect(ids(parentChoices(tree, undefined, 'uk'))).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it('leaves out the category itself and everything under it', () => {
    expect(ids(parentChoices(tree, at(3), 'uk'))).not.toContain(3);
    expect(ids(parentChoices(tree, at(1), 'uk')).some((id) => [1, 2, 3, 4].includes(id))).toBe(false);
  });

  it('leaves out parents under which the category and its subtree would pass the third level', () => {
    // verkhnii holds one level: it may go under a top-level category only (its own parent included).
    expect(ids(parentChoices(tree, at(2), 'uk'))).toEqual([1, 5, 7]);
    // odyag holds two levels: it may stay top level only.
    expect(ids(parentChoices(tree, at(1), 'uk'))).toEqual([]);
    // A leaf may go under any second-level category.
    expect(ids(parentChoices(tree, at(3), 'uk'))).toEqual([1, 2, 4, 5, 6, 7]);
  });

  it('names each choice by its trail, in the language asked for', () => {
    expect(parentChoices(tree, undefined, 'uk').find((c) => c.id === 2)?.name).toBe('uk-odyag › uk-verkhnii');
    expect(parentChoices(tree, undefined, 'ru').find((c) => c.id === 6)?.name).toBe('ru-vzuttia › ru-cherevyky');
  });
});

describe('categoryTrail', () => {
  it('falls back to the Ukrainian name when the Russian one is empty', () => {
    const byId = new Map(tree.map((c) => [c.id, c]));
    expect(categoryTrail({ ...category(8, 5, 'vzuttia/x'), name_ru: '' }, byId, 'ru')).toBe('ru-vzuttia › uk-x');
  });
});

describe('orderAfterStep', () => {
  it('swaps a category with its neighbour among its siblings', () => {
    expect(orderAfterStep(tree, at(5), -1)).toEqual([5, 1, 7]);
    expect(orderAfterStep(tree, at(5), 1)).toEqual([1, 7, 5]);
    expect(orderAfterStep(tree, at(2), 1)).toEqual([4, 2]);
  });

  it('answers nothing at either end', () => {
    expect(orderAfterStep(tree, at(1), -1)).toBeUndefined();
    expect(orderAfterStep(tree, at(7), 1)).toBeUndefined();
    expect(orderAfterStep(tree, at(3), 1)).toBeUndefined();
  });

  it('orders siblings by position, then id, as the shop does', () => {
    const tied = [category(10, null, 'b', 1), category(9, null, 'a', 1), category(11, null, 'c', 0)];
    expect(siblingsOf(tied, null).map((c) => c.id)).toEqual([11, 9, 10]);
  });
});
