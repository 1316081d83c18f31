import { data, Link } from 'react-router';
import { translate, useT } from '../lib/i18n';
import { rootMetaData } from '../lib/seo';
import type { Route } from './+types/not-found';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const { messages } = rootMetaData(matches);
  return [
    { title: translate(messages, 'meta.notFoundTitle') },
    { name: 'description', content: translate(messages, 'meta.notFoundDescription') },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function NotFound() {
  const t = useT();
  return (
    <div className="container page">
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
