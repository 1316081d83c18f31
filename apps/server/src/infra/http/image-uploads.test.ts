import { imageUploadMessages } from '@kram/contract/admin-uploads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { filesUnder, flatImage } from '../../../test/images.ts';
import { bearer, staffUser, type TestUser } from '../../../test/users.ts';
import { uploadFormMessages } from './image-uploads.ts';

/**
 * The three upload routes (product photo, colour swatch, home-page picture) given bodies that are not
 * the form they take: every one is a 400 in the API's shape, never a 500, and nothing is written.
 */
describe('image uploads given malformed forms', () => {
  let ctx: TestContext;
  let staff: TestUser;
  let routes: { url: string; fields: Record<string, string> }[];
  let png: Buffer;

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    staff = await staffUser(ctx.app, ctx.database);
    const [product] = await ctx.database.rows<{ id: number }>(sql`select id from products order by id limit 1`);
    const [color] = await ctx.database.rows<{ id: number }>(sql`select id from colors order by id limit 1`);
    routes = [
      { url: `/api/admin/products/${product?.id}/images/`, fields: {} },
      { url: `/api/admin/colors/${color?.id}/swatch/`, fields: {} },
      { url: '/api/admin/content/home/images/', fields: { slot: 'tile_1' } },
    ];
    png = await flatImage('png', 40, 40);
  });
  afterAll(() => ctx?.close());

  const post = (url: string, contentType: string, payload: string | Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(staff.access), 'content-type': contentType },
      payload,
    });

  const field = (boundary: string, name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (boundary: string, name = 'file') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const fieldsOf = (boundary: string, fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([name, value]) => field(boundary, name, value))
      .join('');

  const malformed = { detail: uploadFormMessages.malformed };

  it('answers a JSON body sent as a form, or a form without or with a broken boundary, with 400', async () => {
    for (const { url } of routes) {
      const files = await filesUnder(ctx.config.mediaDir);
      for (const [type, payload] of [
        ['multipart/form-data; boundary=zz', '{"slot":"tile_1"}'],
        ['multipart/form-data; boundary=zz', ''],
        ['multipart/form-data', '{"slot":"tile_1"}'],
        ['multipart/form-data; boundary=', 'x'],
        [`multipart/form-data; boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n`],
        ['multipart/form-data; boundary=zz', '--zz\r\nthis is no header\r\n\r\nx\r\n--zz--\r\n'],
      ] as const) {
        const res = await post(url, type, payload);
        expect([res.statusCode, res.json()], `${url} ${type}`).toEqual([400, malformed]);
      }
      expect(await filesUnder(ctx.config.mediaDir)).toEqual(files);
    }
  });

  it('answers a form cut short in the middle of its file with 400', async () => {
    for (const { url, fields } of routes) {
      const b = 'kramcut';
      const payload = Buffer.concat([Buffer.from(fieldsOf(b, fields) + fileHead(b)), png.subarray(0, 30)]);
      const res = await post(url, `multipart/form-data; boundary=${b}`, payload);
      expect([res.statusCode, res.json()], url).toEqual([400, malformed]);
    }
  });

  it('answers two files, or more fields than an upload has, with 400', async () => {
    for (const { url, fields } of routes) {
      const b = 'kramtoomany';
      const twoFiles = Buffer.concat([
        Buffer.from(fieldsOf(b, fields) + fileHead(b)),
        png,
        Buffer.from(`\r\n${fileHead(b)}`),
        png,
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      const tooMany = { detail: uploadFormMessages.tooManyParts };
      const two = await post(url, `multipart/form-data; boundary=${b}`, twoFiles);
      expect([two.statusCode, two.json()], url).toEqual([400, tooMany]);

      const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
      const manyFields = `${fieldsOf(b, many)}--${b}--\r\n`;
      const fieldsRes = await post(url, `multipart/form-data; boundary=${b}`, manyFields);
      expect([fieldsRes.statusCode, fieldsRes.json()], url).toEqual([400, tooMany]);
    }
  });

  it('answers a field named like a prototype key, or a JSON field that is not JSON, with 400', async () => {
    for (const { url } of routes) {
      const b = 'kramproto';
      const proto = await post(url, `multipart/form-data; boundary=${b}`, `${field(b, '__proto__', 'x')}--${b}--\r\n`);
      expect([proto.statusCode, proto.json()], url).toEqual([400, malformed]);
      const json =
        `--${b}\r\nContent-Disposition: form-data; name="slot"\r\nContent-Type: application/json\r\n\r\n{nope\r\n` +
        `--${b}--\r\n`;
      const notJson = await post(url, `multipart/form-data; boundary=${b}`, json);
      expect([notJson.statusCode, notJson.json()], url).toEqual([400, malformed]);
    }
  });

  it('answers a text field where the file goes, or a field longer than 1,000 characters, with a field error', async () => {
    for (const { url, fields } of routes) {
      const b = 'kramfield';
      const text = await post(
        url,
        `multipart/form-data; boundary=${b}`,
        `${fieldsOf(b, { ...fields, file: 'not a file' })}--${b}--\r\n`,
      );
      expect([text.statusCode, text.json()], url).toEqual([400, { file: [imageUploadMessages.required] }]);

      const long = await post(
        url,
        `multipart/form-data; boundary=${b}`,
        Buffer.concat([
          Buffer.from(fieldsOf(b, { ...fields, note: 'ж'.repeat(1200) }) + fileHead(b)),
          png,
          Buffer.from(`\r\n--${b}--\r\n`),
        ]),
      );
      expect([long.statusCode, long.json()], url).toEqual([400, { note: [uploadFormMessages.fieldTooLong] }]);
    }
  });

  it('still takes a well-formed form', async () => {
    for (const { url, fields } of routes) {
      const b = 'kramgood';
      const res = await post(
        url,
        `multipart/form-data; boundary=${b}`,
        Buffer.concat([Buffer.from(fieldsOf(b, fields) + fileHead(b)), png, Buffer.from(`\r\n--${b}--\r\n`)]),
      );
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    }
  });
});
