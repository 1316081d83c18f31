import { slugFromName } from '@kram/contract/slug';
import { useEffect, useRef } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

/**
 * A product's or category's slug. On a new record it fills itself from the Ukrainian name as the
 * name is typed, until the manager types a slug of their own (emptied, it follows the name again);
 * on a saved record it stays as it is unless edited, since changing it changes the record's address.
 * It is lower-cased as typed.
 */
export function SlugInput({
  maxLength,
  followsName,
  ...props
}: Omit<TextInputProps, 'source'> & { maxLength: number; followsName: boolean }) {
  const { setValue, getValues } = useFormContext();
  const name = useWatch({ name: 'name' }) as string | null | undefined;
  // Whether the slug is still the name's: a slug typed by hand stops it following the name.
  const following = useRef(followsName);
  useEffect(() => {
    if (!followsName || !following.current) return;
    setValue('slug', slugFromName(name ?? '', maxLength), { shouldDirty: true });
  }, [name, followsName, maxLength, setValue]);
  return (
    <TextInput
      source="slug"
      {...props}
      parse={(value: string | null) => {
        const slug = (value ?? '').trim().toLowerCase();
        following.current = slug === '' || slug === slugFromName(getValues('name') ?? '', maxLength);
        return slug;
      }}
    />
  );
}

/**
 * A new record's values as they are sent: a slug that is the one the name gives goes empty, so that
 * the server derives it and makes it unique (`-2`, `-3`… when another record holds it) rather than
 * refuse it; a slug typed otherwise goes as typed, and is refused when another record holds it.
 */
export function withDerivedSlug(values: Record<string, unknown>, maxLength: number): Record<string, unknown> {
  const name = typeof values.name === 'string' ? values.name : '';
  const slug = typeof values.slug === 'string' ? values.slug.trim() : '';
  return { ...values, slug: slug === slugFromName(name, maxLength) ? '' : slug };
}
