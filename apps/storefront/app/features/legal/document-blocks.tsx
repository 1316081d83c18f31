import { Fragment } from 'react';
import { Link } from '../../lib/localized-links';
import type { Block, DocumentSection, Text } from './legal-document';
import './legal.css';

export function RichText({ text }: { text: Text }) {
  if (typeof text === 'string') return text;
  return (
    <>
      {text.map((part, index) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered.
        if (typeof part === 'string') return <Fragment key={index}>{part}</Fragment>;
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        if ('strong' in part) return <strong key={index}>{part.strong}</strong>;
        return 'to' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <Link key={index} to={part.to}>
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <a key={index} href={part.href}>
            {part.text}
          </a>
        );
      })}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  if ('h3' in block) return <h3 className="doc__subheading">{block.h3}</h3>;
  if ('p' in block) {
    return (
      <p>
        <RichText text={block.p} />
      </p>
    );
  }
  if ('n' in block) {
    return (
      <div className="doc__clause">
        <span className="doc__number">{block.n}.</span>
        <div>
          <p>
            <RichText text={block.text} />
          </p>
          {block.items && <TextList items={block.items} />}
        </div>
      </div>
    );
  }
  return (
    <>
      {block.lead !== undefined && (
        <p className="doc__lead">
          <RichText text={block.lead} />
        </p>
      )}
      <TextList items={block.list} ordered={block.ordered} tiles={block.tiles} />
    </>
  );
}

function TextList({ items, ordered, tiles }: { items: readonly Text[]; ordered?: boolean; tiles?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={tiles ? 'doc__tiles' : 'doc__list'}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered.
        <li key={index}>
          <RichText text={item} />
        </li>
      ))}
    </List>
  );
}

export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered.
        <BlockView key={index} block={block} />
      ))}
    </>
  );
}

/** The sections of a document, each a titled region the table of contents links to. */
export function DocumentSections({ sections }: { sections: readonly DocumentSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="doc__section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className="doc__heading">
            {section.heading}
          </h2>
          {section.image && (
            <img
              className="doc__banner"
              src={section.image.src}
              alt={section.image.alt}
              width={section.image.width}
              height={section.image.height}
              loading="lazy"
              decoding="async"
            />
          )}
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </>
  );
}

/** Links to the sections, for long documents. */
export function DocumentContents({ sections, label }: { sections: readonly DocumentSection[]; label: string }) {
  return (
    <nav className="doc__contents" aria-label={label}>
      <p className="doc__contents-title">{label}</p>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.heading}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
