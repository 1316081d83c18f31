import { synonymMessages, synonymTakenMessage } from '@kram/contract/admin-search';
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
  it('is told in the staff language: known rules by key, a taken term with its group', () => {
    expect(synonymProblem({ body: { terms: [synonymMessages.groupSize] } })).toEqual({
      key: 'resources.search/synonyms.errors.group_size',
    });
    expect(synonymProblem({ body: { 'terms.1': [synonymMessages.termFormat] } })).toEqual({
      key: 'resources.search/synonyms.errors.term_format',
    });
    expect(synonymProblem({ body: { detail: synonymMessages.tooMany } })).toEqual({
      key: 'resources.search/synonyms.errors.too_many',
    });
    expect(synonymProblem({ body: { terms: [synonymTakenMessage('hudi', 7, ['худі', 'кофта'])] } })).toEqual({
      key: 'resources.search/synonyms.errors.taken',
      args: { term: 'hudi', id: '7', group: 'худі, кофта' },
    });
    expect(synonymProblem({ body: { terms: ['Something new.'] } })).toEqual({ text: 'Something new.' });
    expect(synonymProblem(new Error('offline'))).toBeUndefined();
  });
});

describe('a default range', () => {
  it('counts back calendar days', () => {
    expect(daysAgo('2026-03-01', 29)).toBe('2026-01-31');
  });
});
