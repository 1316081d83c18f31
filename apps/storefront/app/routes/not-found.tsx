import { data } from 'react-router';
import { notFoundMeta } from '../lib/not-found';
import { rootMetaData } from '../lib/seo';
import { NotFoundView } from '../widgets/shell/not-found-view';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return notFoundMeta(rootMetaData(matches), location.pathname);
}

export default function NotFound() {
  return <NotFoundView />;
}
