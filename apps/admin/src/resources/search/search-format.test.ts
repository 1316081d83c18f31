import { synonymMessages, synonymTakenMessage } from '@kram/contract/admin-search';
import type { ErrorCode } from '@kram/contract/error-codes';
import { describe, expect, it } from 'vitest';
import {
  daysAgo,
  formatTerms,
  newSynonymSearch,
  parseTerms,
  storefrontSearchUrl,
  synonymProblem,
} from './search-format.ts';

describe('synonym terms in one field', () => {
  it('split at commas, blanks dropped, and join back', () => {
    expect(parseTerms(' худі, толстовка ,, hoodie ,')).toEqual(['худі', 'толстовка', 'hoodie']);
    expect(parseTerms('')).toEqual([]);
    expect(parseTerms(['a', 'b'])).toEqual(['a', 'b']);
    expect(formatTerms(['худі', 'спальний мішок'])).toBe('худі, спальний мішок');
  });
});

describe('links from a search query', () => {
  it('open the storefront search and a new group with the query', () => {
    expect(storefrontSearchUrl('худі чорне & co')).toBe(
      '/search?query=%D1%85%D1%83%D0%B4%D1%96+%D1%87%D0%BE%D1%80%D0%BD%D0%B5+%26+co',
    );
    const search = newSynonymSearch('кофта');
    expect(search.startsWith('?source=')).toBe(true);
    expect(JSON.parse(new URLSearchParams(search).get('source') ?? '')).toEqual({ terms: ['кофта'] });
  });
});

describe('a refused synonym group', () => {
  const refused = (body: Record<string, unknown>, codes: ErrorCode[]) => ({ body, codes });
  it('is told in the staff language by its codes: known rules by key, a taken term with its group', () => {
    expect(
      synonymProblem(refused({ terms: [synonymMessages.groupSize] }, [{ field: 'terms', code: 'synonym.group_size' }])),
    ).toEqual({ key: 'resources.search/synonyms.errors.group_size' });
    expect(
      synonymProblem(
        refused({ 'terms.1': [synonymMessages.termFormat] }, [{ field: 'terms.1', code: 'synonym.term_format' }]),
      ),
    ).toEqual({ key: 'resources.search/synonyms.errors.term_format' });
    expect(synonymProblem(refused({ detail: synonymMessages.tooMany }, [{ code: 'synonym.too_many' }]))).toEqual({
      key: 'resources.search/synonyms.errors.too_many',
    });
    const taken = { term: 'hudi', id: 7, group: 'худі, кофта' };
    expect(
      synonymProblem(
        refused({ terms: [synonymTakenMessage('hudi', 7, ['худі', 'кофта'])] }, [
          { field: 'terms', code: 'synonym.taken', params: taken },
        ]),
      ),
    ).toEqual({ key: 'resources.search/synonyms.errors.taken', args: { term: 'hudi', id: '7', group: 'худі, кофта' } });
  });

  it('keeps the server words for a code no synonym rule has, or no code at all', () => {
    expect(synonymProblem(refused({ terms: ['Something new.'] }, [{ field: 'terms', code: 'invalid' }]))).toEqual({
      text: 'Something new.',
    });
    expect(synonymProblem(refused({ terms: ['Something new.'] }, []))).toEqual({ text: 'Something new.' });
    expect(synonymProblem(new Error('offline'))).toBeUndefined();
  });
});

describe('a default range', () => {
  it('counts back calendar days', () => {
    expect(daysAgo('2026-03-01', 29)).toBe('2026-01-31');
  });
});
