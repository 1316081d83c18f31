import type { CategoryNode } from '@kram/contract/catalog';
import type { ReactNode } from 'react';
import { CallCentre } from '../../features/legal/call-centre';
import { Blocks, DocumentContents, DocumentSections } from '../../features/legal/document-blocks';
import type { TextDocument } from '../../features/legal/legal-document';
import { useT } from '../../lib/i18n';
import { InfoPage } from './info-page';
import '../../features/legal/legal.css';

/**
 * A text page: the legal ones get the side menu, a table of contents and the call-centre links at
 * the foot; delivery and about only the text. `children` come after the text (the consent button).
 */
export function TextPageView({
  doc,
  categories,
  legal = false,
  smoothScroll = false,
  testId,
  children,
}: {
  doc: TextDocument;
  categories: readonly CategoryNode[];
  legal?: boolean;
  smoothScroll?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <InfoPage
      categories={categories}
      title={doc.title}
      lead={doc.edition}
      sideMenu={legal}
      smoothScroll={smoothScroll}
      testId={testId}
    >
      <div className="doc">
        <Blocks blocks={doc.intro} />
        {legal && doc.sections.length > 3 && <DocumentContents sections={doc.sections} label={t('legal.contents')} />}
        <DocumentSections sections={doc.sections} />
        {children}
      </div>
      {legal && <CallCentre />}
    </InfoPage>
  );
}
