import { describe, expect, it } from 'vitest';
import { notFoundMeta } from './not-found';

const root = { lng: 'uk' as const, messages: {}, origin: 'https://shop.example', categories: [] };
const ogUrl = (tags: ReturnType<typeof notFoundMeta>) =>
  tags.find((tag) => 'property' in tag && tag.property === 'og:url') as { content: string } | undefined;

describe('a missing page’s tags', () => {
  it('name the address asked for under the shop’s own origin', () => {
    expect(ogUrl(notFoundMeta(root, '/no-such-page'))?.content).toBe('https://shop.example/no-such-page');
    expect(ogUrl(notFoundMeta({ ...root, lng: 'ru' }, '/ru/no-such-page'))?.content).toBe(
      'https://shop.example/ru/no-such-page',
    );
  });

  it('keep a path that starts with // on the shop, whatever follows it', () => {
    expect(ogUrl(notFoundMeta(root, '//evil.example/x'))?.content).toBe('https://shop.example//evil.example/x');
    expect(ogUrl(notFoundMeta(root, '//%00'))?.content).toBe('https://shop.example//%00');
  });
});
