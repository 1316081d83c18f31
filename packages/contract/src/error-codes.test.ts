import { describe, expect, it } from 'vitest';
import { errorCodeOf, readErrorCodes, writeErrorCodes } from './error-codes.ts';

describe('error codes in a header', () => {
  it('travel as ASCII and read back as written, Ukrainian values included', () => {
    const codes = [
      { field: 'email', code: 'account.not_unique' },
      { code: 'catalog.no_such_size', params: { ids: '12, 13', name: 'Куртка' } },
    ];
    const header = writeErrorCodes(codes);
    expect(header).toMatch(/^[\x20-\x7e]*$/);
    expect(readErrorCodes(header)).toEqual(codes);
  });

  it('give nothing for a missing or malformed header, and drop malformed entries', () => {
    expect(readErrorCodes(null)).toEqual([]);
    expect(readErrorCodes('not json')).toEqual([]);
    expect(readErrorCodes('{"code":"x"}')).toEqual([]);
    expect(readErrorCodes('[{"field":"a"},{"code":"b","params":{"x":[1]}},{"code":"c","field":1}]')).toEqual([
      { code: 'b' },
      { code: 'c' },
    ]);
  });

  it('find the code of a field, or of the request as a whole', () => {
    const codes = [{ field: 'email', code: 'a' }, { code: 'b' }];
    expect(errorCodeOf(codes, 'email')?.code).toBe('a');
    expect(errorCodeOf(codes)?.code).toBe('b');
    expect(errorCodeOf(codes, 'phone')).toBeUndefined();
  });
});
