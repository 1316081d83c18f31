import crypto from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CategoryNode, productListQuery } from '@kram/contract/catalog';
import type { Language } from '@kram/contract/languages';
import type { CatalogApi } from '../catalog/index.ts';
import { drawCategoryImage, drawHomeImage, drawingVersion, drawLogo, drawProductImage } from './share-drawing.ts';

/** A drawn picture on disk, and what tells one version from the next. */
export interface ShareFile {
  file: string;
  etag: string;
  type: 'image/jpeg' | 'image/png';
}

export interface ShareImagesOptions {
  mediaDir: string;
  catalog: Pick<CatalogApi, 'categoryTree' | 'listProducts'>;
  /** The shop's name, drawn on its pictures. */
  shopName: string;
  /** The shop's address as shoppers see it: its host is drawn on the shop's picture. */
  publicUrl: string;
}

/** A product photo's name in the media folder (decision 020; demo photos are named alike). */
const photoName = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const photoOf = /^\/media\/products\/([a-z0-9]+(?:-[a-z0-9]+)*)-1200\.webp$/;

const digest = (parts: unknown[]) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([drawingVersion, ...parts]))
    .digest('hex')
    .slice(0, 16);

const statOf = (file: string) => stat(file).catch(() => undefined);

/**
 * The link-preview pictures (decision 030), drawn on first request and kept in `$DATA_DIR/media/share/`.
 * Each is kept under a name holding a digest of what it shows (`kurtky.<digest>.jpg`): when a category
 * is renamed or its photos change, the digest changes, the picture is drawn again and the old file
 * goes. Processes sharing the media folder may both draw one picture; each writes under a temporary
 * name and renames, so nobody reads half a file.
 */
export function shareImages(options: ShareImagesOptions) {
  const root = path.join(options.mediaDir, 'share');
  const drawing = new Map<string, Promise<void>>();

  /** Writes `file` once per process at a time; the other files of the same picture are removed after. */
  async function keep(file: string, draw: () => Promise<Buffer>, siblings?: RegExp): Promise<void> {
    if (await statOf(file)) return;
    let pending = drawing.get(file);
    if (!pending) {
      pending = (async () => {
        const bytes = await draw();
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
        try {
          await writeFile(temporary, bytes);
          await rename(temporary, file);
        } finally {
          await rm(temporary, { force: true });
        }
        if (siblings) {
          const dir = path.dirname(file);
          const stale = (await readdir(dir)).filter((name) => siblings.test(name) && name !== path.basename(file));
          await Promise.all(stale.map((name) => rm(path.join(dir, name), { force: true })));
        }
      })().finally(() => drawing.delete(file));
      drawing.set(file, pending);
    }
    await pending;
  }

  /** A picture named `<name>.<digest>.<ext>` in `folder`, drawn when no file has this digest yet. */
  async function versioned(
    folder: string,
    name: string,
    ext: 'jpg' | 'png',
    parts: unknown[],
    draw: () => Promise<Buffer>,
  ): Promise<ShareFile> {
    const hash = digest(parts);
    const file = path.join(root, folder, `${name}.${hash}.${ext}`);
    await keep(file, draw, new RegExp(`^${name}\\.[0-9a-f]{16}\\.${ext}$`));
    return { file, etag: `"${hash}"`, type: ext === 'png' ? 'image/png' : 'image/jpeg' };
  }

  const shopHost = new URL(options.publicUrl).host;

  /** The first photo of each of the category's first products, as far as they are in the media folder. */
  async function categoryPhotos(slug: string): Promise<{ names: string[]; files: string[] }> {
    const query = productListQuery.parse({ category_slug: slug, limit: '12' });
    const list = await options.catalog.listProducts(query, null);
    const names = [
      ...new Set(
        list.results.products.flatMap((p) => {
          const name = photoOf.exec(p.product_images[0]?.image ?? '')?.[1];
          return name ? [name] : [];
        }),
      ),
    ];
    const found: { names: string[]; files: string[] } = { names: [], files: [] };
    for (const name of names) {
      if (found.names.length === 4) break;
      const file = path.join(options.mediaDir, 'products', `${name}-400.webp`);
      if (await statOf(file)) {
        found.names.push(name);
        found.files.push(file);
      }
    }
    return found;
  }

  return {
    home: () =>
      versioned('', 'home', 'jpg', [options.shopName, shopHost], () =>
        drawHomeImage({ name: options.shopName, host: shopHost }),
      ),

    logo: () => versioned('', 'logo', 'png', [], drawLogo),

    /** Undefined for a slug that names no category. */
    async category(lng: Language, slug: string): Promise<ShareFile | undefined> {
      const trail = findTrail(await options.catalog.categoryTree(), slug);
      if (!trail) return undefined;
      const nameOf = (node: CategoryNode) => (lng === 'ru' && node.name_ru ? node.name_ru : node.name);
      const name = nameOf(trail.at(-1) as CategoryNode);
      const parents = trail.slice(0, -1).map(nameOf);
      const photos = await categoryPhotos(slug);
      return versioned(
        path.join(lng, 'category'),
        slug,
        'jpg',
        [options.shopName, name, parents, photos.names],
        async () =>
          drawCategoryImage({
            name,
            parents,
            shopName: options.shopName,
            photos: await Promise.all(photos.files.map((file) => readFile(file))),
          }),
      );
    },

    /**
     * A product photo cut to the preview's size; undefined when there is no such photo. The cut is
     * drawn again when the photo's file is newer, and removed once the photo is gone.
     */
    async product(name: string): Promise<ShareFile | undefined> {
      if (!photoName.test(name)) return undefined;
      const file = path.join(root, 'products', `${name}.jpg`);
      const source = path.join(options.mediaDir, 'products', `${name}-1200.webp`);
      const [photo, kept] = await Promise.all([statOf(source), statOf(file)]);
      if (!photo) {
        if (kept) await rm(file, { force: true });
        return undefined;
      }
      if (kept && kept.mtimeMs < photo.mtimeMs) await rm(file, { force: true });
      await keep(file, async () => drawProductImage(await readFile(source)));
      const done = await stat(file);
      return { file, etag: `"${digest([done.size, done.mtimeMs])}"`, type: 'image/jpeg' };
    },
  };
}

export type ShareImages = ReturnType<typeof shareImages>;

/** The categories from the top down to the one with `slug`, or undefined. */
function findTrail(nodes: readonly CategoryNode[], slug: string): CategoryNode[] | undefined {
  for (const node of nodes) {
    if (node.slug === slug) return [node];
    const below = findTrail(node.subcategories, slug);
    if (below) return [node, ...below];
  }
  return undefined;
}
