/**
 * The shape of the shop's long text pages (the legal pages, delivery, about): written out per
 * language in `content/{uk,ru}/*.ts` and read only by the route that shows it, so no other page
 * carries them.
 */

/** Running text: words, words in bold, a link inside the shop (`to`) or outside it (`href`: tel:, mailto:). */
export type Inline = string | { strong: string } | { text: string; to: string } | { text: string; href: string };
export type Text = string | readonly Inline[];

export type Block =
  /** A paragraph. */
  | { p: Text }
  /** A numbered clause of a contract: "5.3", then its text. */
  | { n: string; text: Text; items?: readonly Text[] }
  /** A bulleted (or numbered) list, with an optional lead-in line; `tiles` draws the items as cards. */
  | { lead?: Text; list: readonly Text[]; ordered?: boolean; tiles?: boolean }
  /** A short heading inside a section. */
  | { h3: string };

export interface DocumentSection {
  /** The anchor of the section, for the table of contents and links from elsewhere. */
  id: string;
  heading: string;
  /** A banner drawn for the section, shown above its text. */
  image?: { src: string; alt: string; width: number; height: number };
  blocks: readonly Block[];
}

export interface TextDocument {
  /** The page's <title> and description. */
  meta: { title: string; description: string };
  title: string;
  /** "Редакція від …": when the text was last changed. */
  edition?: string;
  intro: readonly Block[];
  sections: readonly DocumentSection[];
}
