import type { CategoryNode } from '@kram/contract/catalog';
import { type ReactNode, useRef } from 'react';
import { Breadcrumbs } from '../../features/catalog/breadcrumbs';
import { useScrollToTitle } from '../../lib/use-scroll-to-title';
import { InfoSideMenu } from './info-side-menu';
import { useSmoothScrollToTitle } from './use-smooth-scroll-to-title';
import './info-page.css';

/**
 * The frame of the shop's information pages: breadcrumbs (hidden on mobile), the title the page
 * scrolls to, and on the legal pages a side menu of the other pages.
 */
export function InfoPage({
  categories,
  title,
  lead,
  sideMenu = false,
  smoothScroll = false,
  testId,
  children,
}: {
  categories: readonly CategoryNode[];
  title: string;
  /** A line under the title, such as the edition date of a legal text. */
  lead?: ReactNode;
  sideMenu?: boolean;
  smoothScroll?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="container page info-page" data-testid={testId}>
      <Breadcrumbs categories={categories} />
      <div className={sideMenu ? 'info-page__layout info-page__layout--menu' : 'info-page__layout'}>
        {sideMenu && <InfoSideMenu />}
        <article className="info-page__body">
          {smoothScroll ? <SmoothTitle title={title} /> : <Title title={title} />}
          {lead && <p className="info-page__lead">{lead}</p>}
          {children}
        </article>
      </div>
    </div>
  );
}

function Title({ title }: { title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useScrollToTitle(ref);
  return (
    <h1 ref={ref} className="page-title" tabIndex={-1}>
      {title}
    </h1>
  );
}

function SmoothTitle({ title }: { title: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useSmoothScrollToTitle(ref);
  return (
    <h1 ref={ref} className="page-title" tabIndex={-1}>
      {title}
    </h1>
  );
}
