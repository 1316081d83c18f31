// SVG building blocks for the product silhouettes. Every shape is drawn in a 1000x1000 box.

/** How to paint one product: its fill (a colour or the camouflage pattern) and derived tones. */
export interface Paint {
  /** Fill of the product's fabric: "#rrggbb" or "url(#camo)". */
  fill: string;
  /** A solid colour standing for the fill (the pattern's base tone for camouflage). */
  base: string;
  /** Darker (or, on very dark products, lighter) tone for panels, velcro and webbing. */
  dark: string;
  /** Outline and seam colour. */
  line: string;
  /** Lighter tone for highlights. */
  light: string;
  /** Back view: shapes may draw their back side. */
  back: boolean;
}

export const METAL = '#b4bac0';
export const METAL_DARK = '#6d747a';
export const RUBBER = '#262626';
export const RED = '#c9302c';
export const WHITE = '#f7f7f4';
export const LENS = '#fff4c2';

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Linear mix of two "#rrggbb" colours (t = 0 gives a, 1 gives b). */
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  const c = x.map((v, i) => Math.round(v + ((y[i] as number) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function paintFor(fill: string, base: string, back: boolean): Paint {
  const darkBase = luminance(base) < 0.22;
  return {
    fill,
    base,
    dark: darkBase ? mix(base, '#ffffff', 0.14) : mix(base, '#000000', 0.28),
    line: darkBase ? mix(base, '#ffffff', 0.32) : mix(base, '#000000', 0.5),
    light: mix(base, '#ffffff', 0.3),
    back,
  };
}

/** A point [x, y], or a quadratic segment [cx, cy, x, y]. */
export type Seg = readonly [number, number] | readonly [number, number, number, number];

/**
 * A closed path symmetric about x = 500: `start` lies on the axis, `segs` trace the right half down to
 * a point on the axis, and the left half is the mirror image traced back up.
 */
export function symPath(start: readonly [number, number], segs: readonly Seg[]): string {
  const m = (x: number) => 1000 - x;
  let d = `M${start[0]} ${start[1]}`;
  for (const s of segs) d += s.length === 2 ? ` L${s[0]} ${s[1]}` : ` Q${s[0]} ${s[1]} ${s[2]} ${s[3]}`;
  const ends: (readonly [number, number])[] = [
    start,
    ...segs.map((s) => (s.length === 2 ? s : ([s[2], s[3]] as const))),
  ];
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i] as Seg;
    const to = ends[i] as readonly [number, number];
    d += s.length === 2 ? ` L${m(to[0])} ${to[1]}` : ` Q${m(s[0])} ${s[1]} ${m(to[0])} ${to[1]}`;
  }
  return `${d} Z`;
}

/** Mirrors a group of elements about x = 500. */
export const mirror = (svg: string) => `<g transform="matrix(-1 0 0 1 1000 0)">${svg}</g>`;

/** A filled, outlined path. */
export const shape = (d: string, fill: string, p: Paint | string, width = 6) =>
  `<path d="${d}" fill="${fill}" stroke="${typeof p === 'string' ? p : p.line}" stroke-width="${width}" stroke-linejoin="round"/>`;

/** A flat tint over part of a shape (shading, panels). */
export const tint = (d: string, color: string, opacity: number) =>
  `<path d="${d}" fill="${color}" opacity="${opacity}"/>`;

/** An open stroke. */
export const line = (d: string, color: string, width = 5, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}/>`;

/** A dashed stitching line. */
export const seam = (d: string, p: Paint) => line(d, p.line, 3, 'stroke-dasharray="9 7" opacity="0.65"');

export const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, stroke = 'none', sw = 5) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" stroke="${stroke}" stroke-width="${sw}"/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, stroke = 'none', sw = 5) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${stroke}" stroke-width="${sw}"/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, stroke = 'none', sw = 5) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" stroke="${stroke}" stroke-width="${sw}"/>`;

/** A vertical zipper from y1 to y2 at x, with a pull tab at the top. */
export function zipper(x: number, y1: number, y2: number, p: Paint): string {
  return (
    line(`M${x} ${y1} L${x} ${y2}`, p.line, 12) +
    line(`M${x} ${y1} L${x} ${y2}`, METAL_DARK, 6, 'stroke-dasharray="4 4"') +
    rect(x - 9, y1 + 6, 18, 44, 6, METAL, p.line, 3)
  );
}

/** A velcro patch. */
export const velcro = (x: number, y: number, w: number, h: number, p: Paint) =>
  rect(x, y, w, h, 10, p.dark, p.line, 4) + rect(x + 10, y + 10, w - 20, h - 20, 6, 'none', p.light, 2);

/** Rows of MOLLE webbing across [x, x + w], starting at y, `rows` rows. */
export function molle(x: number, y: number, w: number, rows: number, p: Paint): string {
  let out = '';
  for (let r = 0; r < rows; r++) {
    const ry = y + r * 46;
    out += rect(x, ry, w, 24, 3, p.dark, p.line, 3);
    for (let sx = x + 38; sx < x + w - 10; sx += 38) out += line(`M${sx} ${ry + 2} L${sx} ${ry + 22}`, p.line, 4);
  }
  return out;
}

/** A black plastic side-release buckle centred at (x, y). */
export const buckle = (x: number, y: number, w = 60, h = 36) =>
  rect(x - w / 2, y - h / 2, w, h, 8, RUBBER, '#111111', 3) + rect(x - w / 4, y - h / 4, w / 2, h / 2, 4, '#3a3a3a');

/** Soft light and shade over the left and right halves of a shape's bounding box. */
export const shading = (x1: number, y1: number, x2: number, y2: number) => {
  const mid = (x1 + x2) / 2;
  return (
    tint(`M${x1} ${y1} L${mid - 60} ${y1} L${mid - 140} ${y2} L${x1} ${y2} Z`, '#ffffff', 0.07) +
    tint(`M${mid + 90} ${y1} L${x2} ${y1} L${x2} ${y2} L${mid + 20} ${y2} Z`, '#000000', 0.08)
  );
};

/** A shape clipped by itself, so that shading and textures stay inside it. */
let clipCounter = 0;
export function clipped(d: string, fill: string, p: Paint, inner: string): string {
  const id = `c${++clipCounter}`;
  return (
    `<clipPath id="${id}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="${fill}"/><g clip-path="url(#${id})">${inner}</g>` +
    `<path d="${d}" fill="none" stroke="${p.line}" stroke-width="6" stroke-linejoin="round"/>`
  );
}
