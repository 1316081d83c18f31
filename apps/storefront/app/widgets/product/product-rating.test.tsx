import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notify';
import { storageKeys } from '../../lib/storage';
import { ProductRating } from './product-rating';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));

const star = (n: number) => screen.getAllByRole('radio')[n - 1] as HTMLElement;
const checked = () =>
  screen.getAllByRole('radio').findIndex((radio) => radio.getAttribute('aria-checked') === 'true') + 1;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

describe('ProductRating', () => {
  it('asks a guest to sign in and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ProductRating productId={4} average={3} />);
    fireEvent.click(star(5));
    expect(notify).toHaveBeenCalledWith('error', 'rating_add_error');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(checked()).toBe(3);
  });

  it('shows the new rating at once and keeps it when the server accepts', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    render(<ProductRating productId={4} average={2.6} />);
    expect(checked()).toBe(3);
    fireEvent.click(star(5));
    expect(checked()).toBe(5);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/rate-product/',
      expect.objectContaining({ method: 'POST', body: '{"product_id":4,"rating":5}' }),
    );
    await act(async () => answer(new Response('{"product_id":4,"rating":5,"average_rating":4}', { status: 200 })));
    expect(notify).toHaveBeenCalledWith('success', 'rating_add');
    expect(checked()).toBe(5);
  });

  it('puts the rating back and shows the reason when the server refuses', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"No Product matches the given query."}', { status: 404 })),
    );
    render(<ProductRating productId={4} average={3} />);
    await act(async () => fireEvent.click(star(1)));
    expect(checked()).toBe(3);
    expect(notify).toHaveBeenCalledWith('error', 'No Product matches the given query.');
  });

  it('falls back to its own message when the refusal has no detail', async () => {
    localStorage.setItem(storageKeys.access, 'token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 500 })),
    );
    render(<ProductRating productId={4} average={3} />);
    await act(async () => fireEvent.click(star(4)));
    expect(checked()).toBe(3);
    expect(notify).toHaveBeenCalledWith('error', 'rating.sendError');
  });

  it('ignores a click on the current rating', () => {
    localStorage.setItem(storageKeys.access, 'token');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ProductRating productId={4} average={3} />);
    fireEvent.click(star(3));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('says the rating could not be loaded instead of showing 0', () => {
    render(<ProductRating productId={4} average={null} />);
    expect(screen.getByTestId('rating-error').textContent).toBe('error_get_rating');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });
});
