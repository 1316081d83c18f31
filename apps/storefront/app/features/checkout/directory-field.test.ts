import { describe, expect, it } from 'vitest';
import { blurField, branchSearch, citySearch, emptyDirectoryValue, focusField, typeInField } from './directory-field';

const kyiv = { text: 'Київ', ref: 'city-kyiv' };

describe('a directory field (city, branch)', () => {
  it('on focus stores the value and clears the field', () => {
    const { value, remembered } = focusField(kyiv);
    expect(value.text).toBe('');
    expect(remembered).toEqual(kyiv);
  });

  it('on blur while empty brings the previous value back, choice included', () => {
    const { value, remembered } = focusField(kyiv);
    expect(blurField(value, remembered)).toEqual(kyiv);
    // Typed, then erased: still the previous choice.
    expect(blurField(typeInField('   '), remembered)).toEqual(kyiv);
    // Nothing before: nothing after.
    expect(blurField(focusField(emptyDirectoryValue).value, emptyDirectoryValue)).toEqual(emptyDirectoryValue);
  });

  it('on blur with typed text keeps the text, without a choice', () => {
    const { remembered } = focusField(kyiv);
    expect(blurField(typeInField('Львів'), remembered)).toEqual({ text: 'Львів', ref: null });
  });

  it('searches cities only for typed, non-blank text', () => {
    expect(citySearch(emptyDirectoryValue, true)).toBeNull();
    expect(citySearch(typeInField('  '), true)).toBeNull();
    expect(citySearch(kyiv, false)).toBeNull();
    expect(citySearch(typeInField(' Оде '), true)?.path).toBe('/api/novaposhta/cities/?search=%D0%9E%D0%B4%D0%B5');
  });

  it('lists branches only once a city is chosen, with search only while typing and nothing selected', () => {
    expect(branchSearch(null, typeInField('1'), true)).toBeNull();
    expect(branchSearch('city-kyiv', emptyDirectoryValue, false)?.path).toBe(
      '/api/novaposhta/warehouses/?city_ref=city-kyiv',
    );
    expect(branchSearch('city-kyiv', typeInField('12'), true)?.path).toBe(
      '/api/novaposhta/warehouses/?city_ref=city-kyiv&search=12',
    );
    // A branch is selected: the toggle shows the whole list, not the selected name's matches.
    expect(branchSearch('city-kyiv', { text: 'Відділення №12', ref: 'wh-12' }, true)?.path).toBe(
      '/api/novaposhta/warehouses/?city_ref=city-kyiv',
    );
    expect(branchSearch('city-kyiv', typeInField('12'), false)?.path).toBe(
      '/api/novaposhta/warehouses/?city_ref=city-kyiv',
    );
  });
});
