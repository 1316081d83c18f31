import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useWishlist } from './use-wishlist';

let renders = 0;
function Counted() {
  renders++;
  const { count } = useWishlist();
  return <span>{count}</span>;
}

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
});

/** Server-renders `cards` counters, hydrates them, and counts renders in the browser. */
async function hydrateCards(cards: number): Promise<number> {
  const tree = (
    <>
      {Array.from({ length: cards }, (_, i) => (
        <Counted key={i} />
      ))}
    </>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, tree);
  });
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
