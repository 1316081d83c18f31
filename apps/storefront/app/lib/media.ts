/** Product images come as WebP variants 160, 400, 800 and 1200 pixels wide, 1.5 times as tall. */
export const imageRatio = 1.5;

export function srcSetOf(variants: Record<string, string> | undefined): string | undefined {
  if (!variants) return undefined;
  const entries = Object.entries(variants)
    .map(([width, url]) => [Number(width), url] as const)
    .filter(([width]) => Number.isFinite(width) && width > 0)
    .sort((a, b) => a[0] - b[0]);
  return entries.length ? entries.map(([width, url]) => `${url} ${width}w`).join(', ') : undefined;
}

/** The smallest variant at least `width` pixels wide, else the largest there is. */
export function variantFor(variants: Record<string, string> | undefined, width: number, fallback = ''): string {
  if (!variants) return fallback;
  const sorted = Object.entries(variants)
    .map(([w, url]) => [Number(w), url] as const)
    .sort((a, b) => a[0] - b[0]);
  return (sorted.find(([w]) => w >= width) ?? sorted.at(-1))?.[1] ?? fallback;
}
