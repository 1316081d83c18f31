/**
 * The home content's sizes without zod (see catalog-rules.ts): the storefront lays the banner out with
 * them, and the server cuts uploaded pictures to them.
 */

/** The banner's pictures: wide above 500 px of screen, narrow up to it. */
export const bannerSizes = {
  wide: { width: 1200, height: 520 },
  narrow: { width: 500, height: 500 },
} as const;

/** A tile's picture: a square, shown at 32 px, kept at three times that for sharp screens. */
export const tileImageSize = { width: 96, height: 96 } as const;
