import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type ListingParams, listingSearch } from '../../features/catalog/catalog-api';
import { useLocalizedNavigate } from '../../lib/localized-links';

/**
 * Moves a listing to new parameters through the URL. Anything but a page change starts again at
 * page 1 (spec section 4).
 */
export function useListingNavigation(params: ListingParams, extra: Record<string, string> = {}) {
  const navigate = useLocalizedNavigate();
  const { pathname } = useLocation();
  const extraKey = JSON.stringify(extra);
  const hrefFor = useCallback(
    (next: Partial<ListingParams>) =>
      `${pathname}${listingSearch({ ...params, page: 1, ...next }, JSON.parse(extraKey) as Record<string, string>)}`,
    [pathname, params, extraKey],
  );
  const change = useCallback(
    (next: Partial<ListingParams>) => navigate(hrefFor(next), { preventScrollReset: true }),
    [navigate, hrefFor],
  );
  return { hrefFor, change };
}
