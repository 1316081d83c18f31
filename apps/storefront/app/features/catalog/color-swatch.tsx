import type { Product } from '@kram/contract/catalog';
import type { CSSProperties } from 'react';
import './product-card.css';

type Color = Product['colors'][number];

/**
 * Whether a shopper can choose a colour: it needs something to show, an RGB value or a pattern
 * swatch (camouflage). Only a colour with neither is dimmed and cannot be chosen.
 */
export function colorChoosable(color: Color): boolean {
  return color.color_rgb !== null || Boolean(color.swatch_image);
}

/** The swatch's look: the RGB value, else the pattern tile, else the generic striped pattern. */
export function swatchStyle(color: Color): CSSProperties | undefined {
  if (color.color_rgb !== null) return { backgroundColor: color.color_rgb };
  if (color.swatch_image) return { backgroundImage: `url("${encodeURI(color.swatch_image)}")` };
  return undefined;
}

/** A round sample of a colour; decorative, the colour's name is always given beside it. */
export function ColorSwatch({ color, large = false }: { color: Color; large?: boolean }) {
  const style = swatchStyle(color);
  const classes = ['swatch'];
  if (large) classes.push('swatch--large');
  if (color.color_rgb === null) classes.push(color.swatch_image ? 'swatch--image' : 'swatch--pattern');
  return <span className={classes.join(' ')} style={style} aria-hidden="true" data-testid="color-swatch" />;
}
