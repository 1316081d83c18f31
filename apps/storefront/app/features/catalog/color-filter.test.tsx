import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import uk from '../../../public/locales/uk.json';
import { I18nProvider, type Messages } from '../../lib/i18n';
import { ColorFilter } from './color-filter';

const olive = { id: 1, name: 'Олива', name_ru: 'Олива', color_rgb: '#5A5D37', swatch_image: null };
const multicam = {
  id: 4,
  name: 'Мультикам',
  name_ru: 'Мультикам',
  color_rgb: null,
  swatch_image: '/media/swatches/multicam.webp',
};
const bare = { id: 9, name: 'Візерунок', name_ru: 'Узор', color_rgb: null, swatch_image: null };
// Colours kept in an order line may come without the field at all.
const old = { id: 11, name: 'Вудленд', name_ru: 'Вудленд', color_rgb: null };

function renderFilter(selected: number[] = [], onChange = vi.fn()) {
  render(
    <I18nProvider lng="uk" messages={uk as Messages}>
      <ColorFilter colors={[olive, multicam, bare, old]} selected={selected} onChange={onChange} />
    </I18nProvider>,
  );
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
  const swatch = (name: string) => box(name).parentElement?.querySelector('.swatch') as HTMLElement;
  return { onChange, box, swatch };
}

describe('ColorFilter', () => {
  it('shows an RGB colour as a plain swatch and a camouflage colour as its pattern tile', () => {
    const { swatch } = renderFilter();
    expect(swatch('Олива').style.backgroundColor).not.toBe('');
    expect(swatch('Олива').style.backgroundImage).toBe('');
    expect(swatch('Мультикам').style.backgroundImage).toContain('/media/swatches/multicam.webp');
    expect(swatch('Мультикам').className).toContain('swatch--image');
  });

  it('lets a shopper choose a camouflage colour that has a swatch', () => {
    const { box, onChange } = renderFilter([1]);
    expect(box('Мультикам').disabled).toBe(false);
    fireEvent.click(box('Мультикам'));
    expect(onChange).toHaveBeenCalledWith([1, 4]);
    fireEvent.click(box('Олива'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('dims a colour with neither an RGB value nor a swatch, and it cannot be chosen', () => {
    const { box, swatch } = renderFilter();
    for (const name of ['Візерунок', 'Вудленд']) {
      expect(box(name).disabled).toBe(true);
      expect(box(name).closest('li')?.className).toBe('is-dimmed');
      expect(swatch(name).className).toContain('swatch--pattern');
    }
    expect(box('Мультикам').closest('li')?.className).toBe('');
  });

  it('still lets a dimmed colour chosen through the address be cleared', () => {
    const { box, onChange } = renderFilter([9]);
    expect(box('Візерунок').disabled).toBe(false);
    fireEvent.click(box('Візерунок'));
    expect(onChange).toHaveBeenCalledWith([]);
  });
});
