/** The pagination window of spec section 2: every page up to 9, else 9 pages around the current one. */
export const paginationWindow = 9;

export function pageNumbers(current: number, total: number, size = paginationWindow): number[] {
  if (total <= 0) return [];
  if (total <= size) return Array.from({ length: total }, (_, i) => i + 1);
  const half = Math.floor(size / 2);
  const start = Math.min(Math.max(1, current - half), total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Page numbers are shown with two digits: 01, 02, … */
export function padPage(page: number): string {
  return String(page).padStart(2, '0');
}

export function pageCount(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}
