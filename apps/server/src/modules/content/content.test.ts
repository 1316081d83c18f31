import { homeContent } from '@kram/contract/site-content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dialectBackends, type TestContext } from '../../../test/helpers.ts';
import { contentRepository } from './content.repository.ts';
import { contentService } from './content.service.ts';
import { defaultHomeContent } from './home-content-default.ts';
import { homeImages } from './home-images.ts';

const silentLog = { warn: () => {} } as unknown as Parameters<typeof contentService>[1]['log'];

describe.each(dialectBackends)('the home content on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());

  it('answers the shop’s own texts until staff save any', async () => {
    const res = await ctx.app.inject('/api/home-content/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(defaultHomeContent);
    expect(body.banner.title.uk).toBe('Тактичне спорядження для міста, походу й служби');
    expect(body.tiles.map((t: { link: string }) => t.link)).toEqual(['/delivery', '/about', '/return']);
    expect(homeContent.safeParse(body).success).toBe(true);
  });

  it('is listed in the API document', async () => {
    const document = (await ctx.app.inject('/api/docs')).json();
    expect(document.paths['/api/home-content/'].get.tags).toEqual(['content']);
  });

  it('falls back to the defaults when the saved row no longer fits the contract', async () => {
    await ctx.database.db.execute(
      sql`insert into site_content (key, content) values ('home', '{"banner": {"title": "old shape"}}'::jsonb)`,
    );
    try {
      const res = await ctx.app.inject('/api/home-content/');
      expect(res.json()).toEqual(defaultHomeContent);
    } finally {
      await ctx.database.db.execute(sql`delete from site_content where key = 'home'`);
    }
  });

  it('is read from the database at most once per interval, and at once after a save on this process', async () => {
    let clock = 0;
    const reads: string[] = [];
    const repo = contentRepository(ctx.database);
    const counted = {
      ...repo,
      byKey: (...args: Parameters<typeof repo.byKey>) => {
        reads.push(args[0]);
        return repo.byKey(...args);
      },
    };
    const audit = { record: async () => {} } as unknown as Parameters<typeof contentService>[1]['audit'];
    const service = contentService(counted, {
      audit,
      log: silentLog,
      images: homeImages(ctx.config.mediaDir),
      checkIntervalMs: 1000,
      now: () => clock,
    });
    const [a, b] = await Promise.all([service.home(), service.home()]);
    expect(a).toBe(b);
    expect(reads).toEqual(['home']);
    clock = 999;
    await service.home();
    expect(reads).toHaveLength(1);

    // Another process saves: this one sees it once the interval has passed.
    const changed = structuredClone(defaultHomeContent);
    changed.banner.title.uk = 'Новий заголовок';
    await repo.save('home', changed);
    expect((await service.home()).banner.title.uk).toBe(defaultHomeContent.banner.title.uk);
    clock = 1000;
    expect((await service.home()).banner.title.uk).toBe('Новий заголовок');
    expect(reads).toHaveLength(2);

    // This process saves: no wait, no read.
    changed.banner.title.uk = 'Ще новіший';
    await service.saveHome({ id: 1, email: 'staff@example.com', isSuperuser: false }, changed);
    expect((await service.home()).banner.title.uk).toBe('Ще новіший');
    await ctx.database.db.execute(sql`delete from site_content where key = 'home'`);
  });
});
