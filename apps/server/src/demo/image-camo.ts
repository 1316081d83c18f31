// Camouflage patterns for the colours that have no single RGB value.
import { hashString, mulberry32, type Rng } from './demo-random.ts';

/** Tones of the camouflage colours (first = background) and how their blotches look. */
const camo: Record<string, { style: 'blobs' | 'woodland' | 'pixel'; tones: readonly string[] }> = {
  multicam: { style: 'blobs', tones: ['#b5a684', '#8a7752', '#6b7345', '#5a4833', '#d6cbad'] },
  'pixel-mm14': { style: 'pixel', tones: ['#9c9879', '#6a6e4c', '#4d5336', '#6d5a43'] },
  'multicam-black': { style: 'blobs', tones: ['#3b3b3a', '#262626', '#50504d', '#181818'] },
  woodland: { style: 'woodland', tones: ['#8a8a5c', '#4c5b34', '#6b4e31', '#1f211b'] },
};
const fallbackCamo = camo.multicam as (typeof camo)[string];

/** A random blob around (cx, cy), turned by `turn` radians: its outline points. */
function blob(rng: Rng, cx: number, cy: number, rx: number, ry: number, turn: number): [number, number][] {
  const pts: [number, number][] = [];
  const n = 8;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  for (let i = 0; i < n; i++) {
    const a = ((i + rng() * 0.6) / n) * Math.PI * 2;
    const k = 0.5 + rng() * 0.65;
    const [x, y] = [Math.cos(a) * rx * k, Math.sin(a) * ry * k];
    pts.push([cx + x * cos - y * sin, cy + x * sin + y * cos]);
  }
  return pts;
}

/** A smooth closed path through the midpoints of `pts`, shifted by (dx, dy). */
function smooth(pts: [number, number][], dx: number, dy: number): string {
  const n = pts.length;
  const at = (i: number) => pts[i % n] as [number, number];
  const f = (v: number) => v.toFixed(1);
  const mid = (i: number) => `${f((at(i)[0] + at(i + 1)[0]) / 2 + dx)} ${f((at(i)[1] + at(i + 1)[1]) / 2 + dy)}`;
  let d = `M${mid(0)}`;
  for (let i = 1; i <= n; i++) d += ` Q${f(at(i)[0] + dx)} ${f(at(i)[1] + dy)} ${mid(i)}`;
  return `${d} Z`;
}

/** Offsets at which a shape spanning [lo, hi] must be repeated to wrap around a tile of `size`. */
const wraps = (lo: number, hi: number, size: number) => [0, ...(lo < 0 ? [size] : []), ...(hi > size ? [-size] : [])];

/**
 * A seamless camouflage pattern with the id "camo", drawn `zoom` times its natural size. `transform` maps the
 * user space of the shapes that use it back to canvas pixels: rsvg paints a pattern that is not scaled or
 * rotated relative to the canvas several times faster.
 */
export function camoPattern(colorKey: string, transform: string, zoom: number): string {
  const { style, tones } = camo[colorKey] ?? fallbackCamo;
  const rng = mulberry32(hashString(colorKey));
  const size = 360;
  let body = `<rect width="${size}" height="${size}" fill="${tones[0]}"/>`;
  for (let t = 1; t < tones.length; t++) {
    let d = '';
    if (style === 'pixel') {
      const cell = 15;
      const cells = size / cell;
      for (let k = 0; k < 12; k++) {
        let x = Math.floor(rng() * cells);
        let y = Math.floor(rng() * cells);
        for (let s = 0; s < 9; s++) {
          const px = (((x % cells) + cells) % cells) * cell;
          const py = (((y % cells) + cells) % cells) * cell;
          for (const dx of wraps(px, px + 2 * cell, size)) d += `M${px + dx} ${py}h${2 * cell}v${cell}h${-2 * cell}z`;
          if (rng() < 0.5) x += rng() < 0.5 ? 1 : -1;
          else y += rng() < 0.5 ? 1 : -1;
        }
      }
    } else {
      const woodland = style === 'woodland';
      for (let k = 0; k < (woodland ? 6 : 11); k++) {
        const rx = woodland ? 65 + rng() * 45 : 18 + rng() * 40;
        const ry = woodland ? 24 + rng() * 18 : 10 + rng() * 22;
        const turn = woodland ? rng() * 0.8 - 0.4 : rng() * Math.PI;
        const pts = blob(rng, rng() * size, rng() * size, rx, ry, turn);
        const xs = pts.map((p) => p[0]);
        const ys = pts.map((p) => p[1]);
        // Repeated across the tile's edges so the pattern is seamless.
        for (const dx of wraps(Math.min(...xs), Math.max(...xs), size)) {
          for (const dy of wraps(Math.min(...ys), Math.max(...ys), size)) d += smooth(pts, dx, dy);
        }
      }
    }
    body += `<path fill="${tones[t]}" d="${d}"/>`;
  }
  const tile = Math.round(size * zoom);
  return (
    `<pattern id="camo" patternUnits="userSpaceOnUse" width="${tile}" height="${tile}" patternTransform="${transform}">` +
    `<g transform="scale(${tile / size})">${body}</g></pattern>`
  );
}

/** The tones of a camouflage colour, background first. */
export function camoTones(colorKey: string): readonly string[] {
  return (camo[colorKey] ?? fallbackCamo).tones;
}
