import { describe, expect, it } from 'vitest';
import { joinFullName, splitFullName } from './full-name';

describe('splitFullName', () => {
  it('splits on the first space', () => {
    expect(splitFullName('Тарас Шевченко')).toEqual({ first_name: 'Тарас', last_name: 'Шевченко' });
    expect(splitFullName('Анна Марія Коваль')).toEqual({ first_name: 'Анна', last_name: 'Марія Коваль' });
  });

  it('ignores spaces around the name and between its parts', () => {
    expect(splitFullName('  Тарас   Шевченко  ')).toEqual({ first_name: 'Тарас', last_name: 'Шевченко' });
  });

  it('keeps a single word as the first name', () => {
    expect(splitFullName('Тарас')).toEqual({ first_name: 'Тарас', last_name: '' });
    expect(splitFullName('   ')).toEqual({ first_name: '', last_name: '' });
  });

  it('round-trips with joinFullName', () => {
    const profile = { first_name: 'Леся', last_name: 'Українка' };
    expect(splitFullName(joinFullName(profile))).toEqual(profile);
    expect(joinFullName({ first_name: 'Леся', last_name: '' })).toBe('Леся');
  });
});
