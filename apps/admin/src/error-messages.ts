import { type ErrorCode, errorCodeOf } from '@kram/contract/error-codes';
import { useNotify, useTranslate } from 'react-admin';
import { uk } from './i18n/uk.ts';

/** A message as react-admin translates it: a key with its values, or the server's own words (no key). */
export interface Translatable {
  message: string;
  args: Record<string, string | number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bodyOf = (error: unknown): Record<string, unknown> => {
  const body = (error as { body?: unknown } | null)?.body;
  return isRecord(body) ? body : {};
};

const firstWords = (value: unknown): string | undefined =>
  Array.isArray(value) ? value.find((item): item is string => typeof item === 'string') : undefined;

/** The codes of a failed call (the client's ApiError and the back office's HttpError both carry them). */
export function errorCodes(error: unknown): readonly ErrorCode[] {
  const codes = (error as { codes?: unknown } | null)?.codes;
  return Array.isArray(codes) ? (codes as ErrorCode[]) : [];
}

/** Whether the back office has a text under `key` (both languages have the same keys). */
function hasText(key: string): boolean {
  let node: unknown = uk;
  for (const part of key.split('.')) {
    if (!isRecord(node)) return false;
    node = node[part];
  }
  return typeof node === 'string';
}

/**
 * One message in the back office's language: the text of its code as the screen's area words it
 * (`errors.<area>.<code>`), else the code's own (`errors.<code>`), with the values the message names;
 * the server's words when no text has the code.
 */
export function messageOf(code: ErrorCode | undefined, words: string, area?: string): Translatable {
  if (code) {
    const keys = area ? [`errors.${area}.${code.code}`, `errors.${code.code}`] : [`errors.${code.code}`];
    const key = keys.find(hasText);
    if (key) return { message: key, args: { ...code.params } };
  }
  return { message: words, args: {} };
}

/**
 * A refused save's field problems (a 400), each field's first message, under the field's name as the
 * server gives it (dotted for a nested one: `compositions.0.title`). A problem of no single field is
 * not among them, nor the `errors` the client adds for react-admin.
 */
export function fieldErrors(error: unknown, area?: string): Record<string, Translatable> {
  if ((error as { status?: unknown } | null)?.status !== 400) return {};
  const codes = errorCodes(error);
  const errors: Record<string, Translatable> = {};
  for (const [field, value] of Object.entries(bodyOf(error))) {
    if (field === 'errors' || field === 'non_field_errors') continue;
    const words = firstWords(value);
    if (words) errors[field] = messageOf(errorCodeOf(codes, field), words, area);
  }
  return errors;
}

/** The field problems as a form's `onSubmit` returns them to show under the inputs, in words. */
export function formErrors(
  error: unknown,
  translate: (key: string, args?: Record<string, unknown>) => string,
  area?: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error, area)).map(([field, problem]) => [
      field,
      translate(problem.message, problem.args),
    ]),
  );
}

/**
 * What to tell staff when a call failed: the refusal of the request as a whole, else the first
 * field's problem, else a problem of no single field, else the error's own words.
 */
export function errorMessage(error: unknown, area?: string): Translatable {
  const body = bodyOf(error);
  const codes = errorCodes(error);
  const words = typeof body.detail === 'string' ? body.detail : typeof body.message === 'string' ? body.message : '';
  if (words) return messageOf(errorCodeOf(codes), words, area);
  const [first] = Object.values(fieldErrors(error, area));
  if (first) return first;
  const general = firstWords(body.non_field_errors);
  if (general) return messageOf(errorCodeOf(codes, 'non_field_errors'), general, area);
  return { message: error instanceof Error && error.message ? error.message : 'ra.notification.http_error', args: {} };
}

/** Tells staff of a failed call; `args` are values the screen knows that a text may name (`%{count}`). */
export function useErrorNotice(area?: string) {
  const notify = useNotify();
  return (error: unknown, args?: Record<string, string | number>) => {
    const problem = errorMessage(error, area);
    notify(problem.message, { type: 'error', messageArgs: { ...args, ...problem.args } });
  };
}

/** A form's save: the field problems of a failed call, in words, for `onSubmit` to return. */
export function useFormErrors(area?: string) {
  const translate = useTranslate();
  return (error: unknown) => formErrors(error, translate, area);
}

/**
 * A form's save through `save`: the server's field problems come back in words, for `onSubmit` to
 * return (they land under their inputs); any other refusal is told in a notice. What was typed stays
 * either way. A save that went through hands its answer to `saved` (to say so, to move on).
 */
export function useFormSave(area?: string) {
  const fieldsOf = useFormErrors(area);
  const tell = useErrorNotice(area);
  return async <T>(save: () => Promise<T>, saved: (answer: T) => void): Promise<Record<string, string> | undefined> => {
    let answer: T;
    try {
      answer = await save();
    } catch (error) {
      const fields = fieldsOf(error);
      if (Object.keys(fields).length > 0) return fields;
      tell(error);
      return undefined;
    }
    saved(answer);
    return undefined;
  };
}
