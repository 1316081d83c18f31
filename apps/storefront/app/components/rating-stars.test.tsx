import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RatingStars } from './rating-stars';

describe('RatingStars', () => {
  it('is read only without onRate', () => {
    render(<RatingStars value={4} />);
    expect(screen.getByRole('img')).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
  });

  it('is a radio group with one Tab stop on the current rating', () => {
    render(<RatingStars value={3.6} onRate={() => {}} />);
    expect(screen.getByRole('radiogroup')).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'false', 'false', 'true', 'false']);
    expect(radios.map((r) => r.tabIndex)).toEqual([-1, -1, -1, 0, -1]);
  });

  it('puts the Tab stop on the first star while unrated', () => {
    render(<RatingStars value={0} onRate={() => {}} />);
    expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
  });

  it('moves focus with the arrow keys, Home and End without rating', () => {
    const onRate = vi.fn();
    render(<RatingStars value={2} onRate={onRate} />);
    const radios = screen.getAllByRole('radio');
    radios[1]?.focus();
    fireEvent.keyDown(radios[1] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radios[2]);
    fireEvent.keyDown(radios[2] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(radios[4]);
    fireEvent.keyDown(radios[4] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(radios[4]);
    fireEvent.keyDown(radios[4] as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(radios[0]);
    fireEvent.keyDown(radios[0] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radios[0]);
    expect(onRate).not.toHaveBeenCalled();
  });

  it('rates with another star, never with the current one or while busy', () => {
    const onRate = vi.fn();
    const { rerender } = render(<RatingStars value={2} onRate={onRate} />);
    const radios = screen.getAllByRole('radio');
    fireEvent.click(radios[1] as HTMLElement);
    expect(onRate).not.toHaveBeenCalled();
    fireEvent.click(radios[4] as HTMLElement);
    expect(onRate).toHaveBeenCalledWith(5);
    rerender(<RatingStars value={2} onRate={onRate} busy />);
    fireEvent.click(screen.getAllByRole('radio')[0] as HTMLElement);
    expect(onRate).toHaveBeenCalledTimes(1);
  });
});
