import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HomeContent } from '@kram/contract/site-content';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { filesUnder, flatImage, multipartForm, noisyJpeg } from '../../../test/images.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { defaultHomeContent } from './home-content-default.ts';

describe.each(pgliteOnly)('the home content in the back office on %s', (backend) => {
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

  const upload = (slot: string, bytes: Buffer, type = 'image/jpeg') => {
    const form = multipartForm({ slot }, { name: 'picture.jpg', type, bytes });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/content/home/images/',
      headers: { ...bearer(staff.access), ...form.headers },
      payload: form.payload,
    });
  };
  const homeFiles = () => filesUnder(path.join(ctx.config.mediaDir, 'home'));
  const sizeOf = async (url: string) => {
    const { width, height, format } = await sharp(
      path.join(ctx.config.mediaDir, url.slice('/media/'.length)),
    ).metadata();
    return { width, height, format };
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
    // Pictures already in the media folder (as an upload leaves them).
    const pictures = {
      wide: '/media/home/banner-wide-aaaaaaaaaaaa-1200.webp',
      narrow: '/media/home/banner-narrow-aaaaaaaaaaaa-500.webp',
      tile: '/media/home/tile-aaaaaaaaaaaa-96.webp',
    };
    await mkdir(path.join(ctx.config.mediaDir, 'home'), { recursive: true });
    for (const url of Object.values(pictures)) {
      await writeFile(path.join(ctx.config.mediaDir, url.slice('/media/'.length)), await flatImage('webp', 96, 96));
    }
    const content = edited((c) => {
      c.banner.title = { uk: '  Зимовий розпродаж  ', ru: 'Зимняя распродажа' };
      c.banner.image = { wide: pictures.wide, narrow: pictures.narrow };
      c.tiles[1] = { ...c.tiles[1], link: '/category/odyag', image: pictures.tile } as HomeContent['tiles'][1];
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
    expect(shown.tiles[1]).toMatchObject({ link: '/category/odyag', image: pictures.tile });

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

  it('takes a picture for each slot, cut to its size, saves it in the content at once and deletes the one it replaced', async () => {
    const wide = await upload('banner_wide', await noisyJpeg(2400, 1600));
    expect(wide.statusCode, wide.body).toBe(200);
    const first = wide.json().content.banner.image.wide as string;
    expect(first).toMatch(/^\/media\/home\/banner-wide-[0-9a-f]{12}-1200\.webp$/);
    expect(await sizeOf(first)).toEqual({ width: 1200, height: 520, format: 'webp' });
    expect((await ctx.app.inject('/api/home-content/')).json().banner.image.wide).toBe(first);

    const narrow = await upload('banner_narrow', await flatImage('png', 800, 300), 'image/png');
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect(await sizeOf(narrow.json().content.banner.image.narrow)).toEqual({
      width: 500,
      height: 500,
      format: 'webp',
    });

    const tile = await upload('tile_2', await flatImage('webp', 300, 200), 'image/webp');
    expect(tile.statusCode, tile.body).toBe(200);
    const tileUrl = tile.json().content.tiles[1].image as string;
    expect(tileUrl).toMatch(/^\/media\/home\/tile-[0-9a-f]{12}-96\.webp$/);
    expect(await sizeOf(tileUrl)).toEqual({ width: 96, height: 96, format: 'webp' });
    expect(tile.json().content.tiles[0].image).toBeNull();

    const log = (
      await ctx.app.inject({ url: '/api/admin/audit/?action=content.image', headers: bearer(staff.access) })
    ).json();
    expect(log.count).toBe(3);
    expect(log.results[0].before.tiles[1].image).toBeNull();
    expect(log.results[0].after.tiles[1].image).toBe(tileUrl);

    // A new banner picture replaces the old one's file.
    const again = await upload('banner_wide', await noisyJpeg(1300, 600));
    const second = again.json().content.banner.image.wide as string;
    expect(second).not.toBe(first);
    const files = await homeFiles();
    expect(files).toContain(path.basename(second));
    expect(files).not.toContain(path.basename(first));

    // Saving the content without the tile's picture deletes its file.
    const content = again.json().content as HomeContent;
    content.tiles[1] = { ...content.tiles[1], image: null } as HomeContent['tiles'][1];
    const saved = await save(content);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await homeFiles()).not.toContain(path.basename(tileUrl));
    expect(await homeFiles()).toHaveLength(2);
  });

  it('refuses a file that is not a picture, an unknown slot, and a picture that is not in the shop', async () => {
    const before = (await read()).json();
    const text = await upload('banner_wide', Buffer.from('just some text, not an image'), 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ file: ['The file is not a JPEG, PNG or WebP image.'] });
    const slot = await upload('footer', await flatImage('png'), 'image/png');
    expect(slot.statusCode).toBe(400);
    expect(Object.keys(slot.json())).toEqual(['slot']);

    // A form still showing a picture since replaced (its file deleted) cannot bring it back.
    const stale = await save(
      edited((c) => {
        c.banner.image.wide = '/media/home/banner-wide-000000000000-1200.webp';
        c.tiles[2] = { ...c.tiles[2], image: '/media/home/tile-000000000000-96.webp' } as HomeContent['tiles'][2];
      }),
    );
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      'banner.image.wide': ['There is no such image in the shop: upload it again.'],
      'tiles.2.image': ['There is no such image in the shop: upload it again.'],
    });
    expect((await read()).json()).toEqual(before);
  });
});
