import type { Sort } from '@kram/contract/catalog';
import { PageSizeMenu } from '../../features/catalog/page-size-menu';
import { SortMenu } from '../../features/catalog/sort-menu';
import './listing.css';

export function ListingToolbar({
  sort,
  limit,
  signedIn,
  onSort,
  onLimit,
  count,
}: {
  sort: Sort;
  limit: number;
  signedIn: boolean;
  onSort: (sort: Sort) => void;
  onLimit: (limit: number) => void;
  count?: React.ReactNode;
}) {
  return (
    <div className="listing-toolbar">
      {count}
      <SortMenu value={sort} signedIn={signedIn} onChange={onSort} />
      <PageSizeMenu value={limit} onChange={onLimit} />
    </div>
  );
}
