import { cities, warehouses } from '@kram/contract/endpoints/shop';
import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { api } from '../../api.ts';

/** A city or a branch of the carrier's directory: its reference and its name. */
export interface Place {
  ref: string;
  name: string;
}

/** Typing settles for this long before the directory is asked. */
const typingPause = 300;

/**
 * A city or a branch (parcel lockers included) picked from the carrier's directory, as the shop's
 * checkout looks them up: cities from two letters typed, a city's branches at once and as typed.
 */
export function DirectoryPicker({
  kind,
  cityRef,
  value,
  onChange,
  label,
  error,
  helperText,
  disabled,
  testId,
}: {
  kind: 'city' | 'warehouse';
  /** The city whose branches are offered (a branch picker only). */
  cityRef?: string;
  value: Place;
  onChange: (place: Place) => void;
  label: string;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState(value.name);
  const [search, setSearch] = useState('');
  useEffect(() => setInput(value.name), [value.name]);
  useEffect(() => {
    const typed = input === value.name ? '' : input.trim();
    const timer = setTimeout(() => setSearch(typed), typingPause);
    return () => clearTimeout(timer);
  }, [input, value.name]);

  const enabled = kind === 'city' ? search.length >= 2 : Boolean(cityRef);
  const { data, isFetching } = useQuery({
    queryKey: ['directory', kind, cityRef ?? '', search],
    queryFn: async ({ signal }): Promise<Place[]> =>
      kind === 'city'
        ? (await api.call(cities, { query: { search }, signal })).cities.map((c) => ({
            ref: c.ref,
            name: c.description,
          }))
        : (await api.call(warehouses, { query: { city_ref: cityRef ?? '', search }, signal })).warehouses.map((w) => ({
            ref: w.ref,
            name: w.description,
          })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const found = enabled ? (data ?? []) : [];
  const current = value.ref ? value : null;
  const options = current && !found.some((o) => o.ref === current.ref) ? [current, ...found] : found;

  return (
    <Autocomplete<Place, false, false, false>
      options={options}
      value={current}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      onChange={(_, place) => onChange(place ?? { ref: '', name: '' })}
      isOptionEqualToValue={(a, b) => a.ref === b.ref}
      getOptionLabel={(place) => place.name}
      getOptionKey={(place) => place.ref}
      // The directory has filtered already, by words in any order.
      filterOptions={(all) => all}
      loading={isFetching}
      disabled={disabled}
      noOptionsText={translate(
        kind === 'city' && search.length < 2 ? 'resources.shipping.picker.type_more' : 'resources.shipping.picker.none',
      )}
      loadingText={translate('ra.page.loading')}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          error={Boolean(error)}
          helperText={error ?? helperText ?? ' '}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
