import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The document's hydration is a state of the module: each test starts from a fresh copy.
beforeEach(() => {
  vi.resetModules();
});

async function items(first = 3) {
  const { useRenderedInSteps } = await import('./use-rendered-in-steps');
  const { markDocumentHydrated } = await import('./use-hydrated');
  const rendered: number[] = [];
  function Items({ total }: { total: number }) {
    const shown = useRenderedInSteps(total, first, 2);
    rendered.push(shown);
    return (
      <ul>
        {Array.from({ length: shown }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are their positions
          <li key={index}>item {index + 1}</li>
        ))}
      </ul>
    );
  }
  return { Items, rendered, markDocumentHydrated };
}

describe('useRenderedInSteps', () => {
  it('holds the first items in the document and hydrates them, then renders the rest a step per task', async () => {
    const { Items, rendered } = await items();
    const html = renderToString(<Items total={10} />);
    expect(html.match(/<li>/g)).toHaveLength(3);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // A mismatch with the server's document would be a console error, which fails the test.
    render(<Items total={10} />, { container, hydrate: true });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    expect(screen.getByText('item 10')).toBeTruthy();
    // The server's 3, hydrated as 3, then two more per step.
    expect([...new Set(rendered)]).toEqual([3, 5, 7, 9, 10]);
  });

  it('renders every item at once in what the browser renders after the document has hydrated', async () => {
    const { Items, rendered, markDocumentHydrated } = await items();
    markDocumentHydrated();
    render(<Items total={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(rendered[0]).toBe(10);
  });

  it('renders a longer list shown in the same place after its steps whole, at once', async () => {
    const { Items, rendered } = await items();
    const { rerender } = render(<Items total={4} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    rendered.length = 0;
    rerender(<Items total={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(rendered[0]).toBe(10);
  });

  it('takes no steps without a first count (every item in the document), however the list grows', async () => {
    const { Items, rendered } = await items(Number.POSITIVE_INFINITY);
    const { rerender } = render(<Items total={0} />);
    rendered.length = 0;
    // A guest's wishlist: empty on the server and in hydration, read from storage right after.
    rerender(<Items total={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(rendered[0]).toBe(10);
  });

  it('renders a list no longer than the first items whole, with nothing left to follow', async () => {
    const { Items, rendered } = await items();
    render(<Items total={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rendered.every((count) => count === 2)).toBe(true);
  });
});
