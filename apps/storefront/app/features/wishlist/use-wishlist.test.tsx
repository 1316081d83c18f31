import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useSavedInWishlist, useWishlist } from './use-wishlist';

let renders = 0;
function Counted() {
  renders++;
  const { count } = useWishlist();
  return <span>{count}</span>;
}

const heartRenders = new Map<number, number>();
function Heart({ id }: { id: number }) {
  heartRenders.set(id, (heartRenders.get(id) ?? 0) + 1);
  return <span>{useSavedInWishlist(id) ? 'saved' : 'not saved'}</span>;
}

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  heartRenders.clear();
});

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Server-renders `tree`, hydrates it, and leaves the container for a look. */
async function hydrate(tree: React.ReactElement): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  renders = 0;
  heartRenders.clear();
  await act(async () => {
    hydrateRoot(container, tree);
  });
  return container;
}

/** Server-renders `cards` counters, hydrates them, and counts renders in the browser. */
async function hydrateCards(cards: number): Promise<number> {
  await hydrate(
    <>
      {ids(cards).map((id) => (
        <Counted key={id} />
      ))}
    </>,
  );
  return renders;
}

describe('useWishlist while hydrating', () => {
  it('does not render every card again when nothing is stored', async () => {
    // A guest with no wishlist reads the very list the server rendered with: one render per card.
    expect(await hydrateCards(20)).toBe(20);
  });

  it('renders again with what a guest has stored', async () => {
    window.localStorage.setItem('wishlist', JSON.stringify([{ id: 1 }]));
    expect(await hydrateCards(3)).toBe(6);
  });
});

describe('useSavedInWishlist', () => {
  const hearts = (n: number) => (
    <>
      {ids(n).map((id) => (
        <Heart key={id} id={id} />
      ))}
    </>
  );

  it('renders each heart once while hydrating a guest with nothing stored', async () => {
    await hydrate(hearts(100));
    expect([...heartRenders.values()].every((n) => n === 1)).toBe(true);
  });

  it('renders again only the hearts whose product the guest saved, and follows a change', async () => {
    window.localStorage.setItem('wishlist', JSON.stringify([{ id: 2 }]));
    const container = await hydrate(hearts(3));
    expect(heartRenders).toEqual(
      new Map([
        [1, 1],
        [2, 2],
        [3, 1],
      ]),
    );
    expect(container.textContent).toBe('not savedsavednot saved');

    await act(async () => {
      window.localStorage.setItem('wishlist', JSON.stringify([{ id: 3 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'wishlist' }));
    });
    expect(container.textContent).toBe('not savednot savedsaved');
  });

  it('reads the server’s list for a signed-in shopper, not the browser’s', async () => {
    window.localStorage.setItem('access', 'token');
    window.localStorage.setItem('wishlist', JSON.stringify([{ id: 1 }]));
    const container = await hydrate(hearts(2));
    expect(container.textContent).toBe('not savednot saved');
  });
});
