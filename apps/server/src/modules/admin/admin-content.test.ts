import type { HomeContent } from '@kram/contract/site-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { defaultHomeContent } from '../content/home-content-default.ts';

describe.each(backends)('the home content in the back office on %s', (backend) => {
  let ctx: TestContext;
  let staff: TestUser;

  const read = () => ctx.app.inject({ url: '/api/admin/content/home/', headers: bearer(staff.access) });
  const save = (payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/admin/content/home/', headers: bearer(staff.access), payload });
  const edited = (change: (content: HomeContent) => void) => {
    const content = structuredClone(defaultHomeContent);
    change(content);
    return content;
  };

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    staff = await staffUser(ctx.app, ctx.database);
  });
  afterAll(() => ctx?.close());

  it('shows the defaults, never saved, until staff save', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: defaultHomeContent, updated_at: null });
  });

  it('saves the content whole, shows it on the storefront at once, and logs it before and after', async () => {
    const content = edited((c) => {
      c.banner.title = { uk: '  Зимовий розпродаж  ', ru: 'Зимняя распродажа' };
      c.banner.image = { wide: '/media/content/banner-wide-1.webp', narrow: '/media/content/banner-narrow-1.webp' };
      c.tiles[1] = {
        ...c.tiles[1],
        link: '/category/odyag',
        image: '/media/content/tile-1.webp',
      } as HomeContent['tiles'][1];
      c.promo.text.ru = 'Скидки до 30%.';
    });
    const res = await save(content);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    // Texts are trimmed.
    expect(saved.content.banner.title).toEqual({ uk: 'Зимовий розпродаж', ru: 'Зимняя распродажа' });
    expect(Date.parse(saved.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await read()).json()).toEqual(saved);

    const shown = (await ctx.app.inject('/api/home-content/')).json();
    expect(shown).toEqual(saved.content);
    expect(shown.tiles[1]).toMatchObject({ link: '/category/odyag', image: '/media/content/tile-1.webp' });

    const log = (
      await ctx.app.inject({ url: '/api/admin/audit/?entity=site_content', headers: bearer(staff.access) })
    ).json();
    expect(log.count).toBe(1);
    expect(log.results[0]).toMatchObject({
      actor_id: staff.id,
      actor_email: staff.email,
      action: 'content.update',
      entity_id: 'home',
      before: defaultHomeContent,
      after: saved.content,
    });

    // The next save's "before" is what the first one saved.
    const again = await save(edited((c) => (c.promo.title.uk = 'Акції')));
    expect(again.statusCode).toBe(200);
    const latest = (
      await ctx.app.inject({ url: '/api/admin/audit/?entity=site_content', headers: bearer(staff.access) })
    ).json().results[0];
    expect(latest.before).toEqual(saved.content);
    expect(latest.after.promo.title.uk).toBe('Акції');
  });

  it('refuses content that breaks a rule, field by field, and keeps what was saved', async () => {
    const before = (await read()).json();
    const cases: [object, Record<string, string[]>][] = [
      [edited((c) => (c.banner.title.ru = '   ')), { 'banner.title.ru': ['This field may not be blank.'] }],
      [
        edited((c) => (c.promo.text.uk = 'x'.repeat(1001))),
        { 'promo.text.uk': ['Ensure this field has no more than 1000 characters.'] },
      ],
      [
        edited((c) => (c.tiles[0] = { ...c.tiles[0], link: '//evil.example/x' } as HomeContent['tiles'][0])),
        { 'tiles.0.link': ['Enter a path of the shop, beginning with a single “/”.'] },
      ],
      [
        edited((c) => (c.tiles[2] = { ...c.tiles[2], link: '/api/orders/' } as HomeContent['tiles'][2])),
        { 'tiles.2.link': ['Enter a path of the shop, beginning with a single “/”.'] },
      ],
      [
        edited((c) => (c.banner.image.wide = 'https://example.com/banner.jpg')),
        { 'banner.image.wide': ['Enter the address of an image uploaded to the shop.'] },
      ],
      [
        edited((c) => (c.banner.image.narrow = '/media/../../etc/passwd.png')),
        { 'banner.image.narrow': ['Enter the address of an image uploaded to the shop.'] },
      ],
      [edited((c) => c.tiles.pop()), { tiles: ['The home page has exactly three tiles.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(errors)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    // Unknown fields are refused, not dropped.
    const extra = await save({ ...defaultHomeContent, footer: 'x' });
    expect(extra.statusCode).toBe(400);
    expect((await read()).json()).toEqual(before);
  });
});
