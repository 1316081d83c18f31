import { fileURLToPath } from 'node:url';
import { logoImageSize, shareImageSize } from '@kram/contract/share-images';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';

/**
 * The link-preview pictures (decision 030), drawn with sharp. Text goes through sharp's own text
 * renderer with a font file shipped beside this module: SVG text would use the machine's fonts, and a
 * server without any draws empty boxes for every letter. The file is DejaVu Sans Bold 2.37, under
 * the licence beside it (font/LICENSE).
 */
const fontFile = fileURLToPath(new URL('./font/DejaVuSans-Bold.ttf', import.meta.url));
const font = 'DejaVu Sans Bold';

/** The storefront's colours (apps/storefront/app/styles/base.css). */
const colours = { olive: '#3e4a22', oliveDark: '#2c3517', sand: '#f7f6f1', ink: '#1f2417', muted: '#c9ccb8' };

const { width: W, height: H } = shareImageSize;
const margin = 72;

/** Bumped when a drawing changes, so every kept picture is drawn again. */
export const drawingVersion = 1;

/** The logo's mark (apps/storefront/public/favicon.svg), in its own 32 × 32 units. */
const markPaths =
  `<rect width="32" height="32" rx="6" fill="${colours.olive}"/>` +
  `<path d="M9 7h4v7l6-7h5l-7 8 7 10h-5l-5-7-1 1v6H9z" fill="${colours.sand}"/>`;

/** The mark `size` pixels square; framed in sand, so that it stands out on the olive. */
const markSvg = (size: number, framed = false) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" ` +
      (framed
        ? `viewBox="-2 -2 36 36"><rect x="-2" y="-2" width="36" height="36" rx="8" fill="${colours.sand}"/>`
        : 'viewBox="0 0 32 32">') +
      `${markPaths}</svg>`,
  );

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface TextBlock {
  input: Buffer;
  width: number;
  height: number;
}

/** One block of text, wrapped at `width` pixels, white or the given colour, `size` pixels high per line. */
async function text(value: string, options: { size: number; width: number; colour?: string }): Promise<TextBlock> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${options.colour ?? colours.sand}">${escapeMarkup(value)}</span>`,
      font: `${font} ${options.size}`,
      fontfile: fontFile,
      width: options.width,
      wrap: 'word-char',
      rgba: true,
      // 72 dots per inch: a point is a pixel, so `size` is the line's height in pixels.
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height };
}

/** The largest of `sizes` at which `value` fits in `lines` lines of `width` pixels. */
async function fittedText(value: string, sizes: number[], width: number, lines: number): Promise<TextBlock> {
  let block: TextBlock | undefined;
  for (const size of sizes) {
    block = await text(value, { size, width });
    // A line of DejaVu Sans takes about 1.17 times its size.
    if (block.height <= Math.ceil(size * 1.25 * lines)) return block;
  }
  return block as TextBlock;
}

const jpeg = (image: Sharp) => image.jpeg({ quality: 84, mozjpeg: true }).toBuffer();

const canvas = (background: string) => sharp({ create: { width: W, height: H, channels: 3, background } });

/** Faint diagonal lines over the olive, like the stitching of a strap. */
const backgroundSvg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colours.olive}"/>` +
    `<stop offset="1" stop-color="${colours.oliveDark}"/></linearGradient>` +
    `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">` +
    `<rect width="3" height="28" fill="#ffffff" fill-opacity="0.045"/></pattern></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/><rect width="${W}" height="${H}" fill="url(#p)"/></svg>`,
);

/** The mark and the shop's name, side by side, `size` pixels high. */
async function brand(name: string, size: number, colour = colours.sand): Promise<OverlayOptions[]> {
  const word = await text(name, { size: Math.round(size * 0.8), width: W, colour });
  return [
    { input: markSvg(size, true), left: 0, top: 0 },
    { input: word.input, left: Math.round(size * 1.3), top: Math.round((size - word.height) / 2) },
  ];
}

const at = (items: OverlayOptions[], left: number, top: number): OverlayOptions[] =>
  items.map((item) => ({ ...item, left: (item.left ?? 0) + left, top: (item.top ?? 0) + top }));

/** The shop's own picture: the mark and name large in the middle of the shop's olive, its address beneath. */
export async function drawHomeImage(shop: { name: string; host: string }): Promise<Buffer> {
  const markSize = 168;
  const gap = 44;
  const word = await text(shop.name, { size: 150, width: W - 2 * margin - markSize - gap });
  const host = await text(shop.host, { size: 38, width: W - 2 * margin, colour: colours.muted });
  const left = Math.round((W - markSize - gap - word.width) / 2);
  const top = Math.round((H - markSize - 40 - host.height) / 2);
  return jpeg(
    canvas(colours.olive).composite([
      { input: backgroundSvg, left: 0, top: 0 },
      { input: markSvg(markSize, true), left, top },
      { input: word.input, left: left + markSize + gap, top: top + Math.round((markSize - word.height) / 2) },
      { input: host.input, left: Math.round((W - host.width) / 2), top: top + markSize + 40 },
    ]),
  );
}

/** The logo's mark as a square PNG. */
export async function drawLogo(): Promise<Buffer> {
  return sharp(markSvg(logoImageSize)).png().toBuffer();
}

/**
 * A category's picture: up to four product photos side by side (each fills its column), darkened
 * towards the bottom, the category's name large over them, its parents above it, the shop's brand at
 * the top. Without photos, the name stands on the shop's olive.
 */
export async function drawCategoryImage(category: {
  name: string;
  parents: string[];
  shopName: string;
  photos: Buffer[];
}): Promise<Buffer> {
  const photos = category.photos.slice(0, 4);
  const layers: OverlayOptions[] = [];
  if (photos.length === 0) {
    layers.push({ input: backgroundSvg, left: 0, top: 0 });
  } else {
    const columns = await Promise.all(
      photos.map((photo, i) => {
        const left = Math.round((i * W) / photos.length);
        const width = Math.round(((i + 1) * W) / photos.length) - left;
        return sharp(photo)
          .resize(width, H, { fit: 'cover', position: 'attention' })
          .toBuffer()
          .then((input) => ({ input, left, top: 0 }));
      }),
    );
    layers.push(...columns);
    layers.push({
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>` +
          `<linearGradient id="s" x1="0" y1="0" x2="0" y2="1">` +
          `<stop offset="0" stop-color="${colours.oliveDark}" stop-opacity="0.55"/>` +
          `<stop offset="0.45" stop-color="${colours.oliveDark}" stop-opacity="0.45"/>` +
          `<stop offset="1" stop-color="${colours.oliveDark}" stop-opacity="0.92"/></linearGradient></defs>` +
          `<rect width="${W}" height="${H}" fill="url(#s)"/></svg>`,
      ),
      left: 0,
      top: 0,
    });
  }
  const width = W - 2 * margin;
  const name = await fittedText(category.name, [96, 84, 72, 62, 54, 46], width, 2);
  const bottom = H - margin + 8;
  layers.push({ input: name.input, left: margin, top: bottom - name.height });
  if (category.parents.length > 0) {
    const parents = await text(category.parents.join('  ›  '), { size: 34, width, colour: colours.muted });
    layers.push({ input: parents.input, left: margin, top: bottom - name.height - 14 - parents.height });
  }
  layers.push(...at(await brand(category.shopName, 64), margin, margin - 16));
  return jpeg(canvas(colours.oliveDark).composite(layers));
}

/**
 * A product's picture: its photo whole in the middle (photos are 2:3, decision 020), its left and right
 * edges drawn out to the sides and softened, so a photo on white and one on a coloured ground both
 * fill the width without a seam.
 */
export async function drawProductImage(photo: Buffer): Promise<Buffer> {
  const front = await sharp(photo)
    .resize({ width: W, height: H, fit: 'inside' })
    .removeAlpha()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((W - front.info.width) / 2);
  const top = Math.round((H - front.info.height) / 2);
  const ground = await sharp(front.data)
    .extend({ left, right: W - front.info.width - left, top, bottom: H - front.info.height - top, extendWith: 'copy' })
    .blur(12)
    .toBuffer();
  return jpeg(sharp(ground).composite([{ input: front.data, left, top }]));
}
