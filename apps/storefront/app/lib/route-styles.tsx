import { createContext, useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * The text of a built stylesheet by its URL; given by the server only (entry.server.tsx reads the
 * client build's files), undefined when there is no such file.
 */
export const StylesheetsContext = createContext<((href: string) => string | undefined) | null>(null);

// In the browser: the stylesheets the server wrote into this document. They stay for the page's life,
// so going back to the first page needs no request.
let inlined: string[] | null = null;

function inlinedInDocument(): string[] {
  inlined ??= Array.from(document.querySelectorAll('style[data-href]'), (s) => s.getAttribute('data-href') ?? '');
  return inlined;
}

/**
 * The CSS of the routes on the page (React Router's manifest lists each route's stylesheets, its
 * components' CSS): the server writes it inline, so the first paint waits for no stylesheet request
 * and a page carries only the CSS of what it renders. Routes reached later in the browser get a
 * stylesheet link, which React loads before it shows them.
 */
export function RouteStyles() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const read = useContext(StylesheetsContext);
  const matches = useMatches();
  const routes = framework?.manifest.routes ?? {};
  // A route's list names the CSS of the chunks it imports before its own; the root's own is the base
  // (reset, tokens, .button…) that every component's CSS builds on, so it goes first of all.
  const base = routes.root?.css?.at(-1);
  const listed = matches.flatMap((m) => routes[m.id]?.css ?? []);
  const hrefs = [...new Set(base && listed.includes(base) ? [base, ...listed] : listed)];
  const link = (href: string) => <link key={href} rel="stylesheet" href={href} precedence="route" />;
  if (read) {
    return hrefs.map((href) => {
      const css = read(href);
      if (css === undefined) return link(href);
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheets from the build.
      return <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />;
    });
  }
  const kept = inlinedInDocument();
  return (
    <>
      {kept.map((href) => (
        // Written by the server; hydration keeps it as it is (React does not compare inner HTML).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, the server's text stays.
        <style key={href} data-href={href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />
      ))}
      {hrefs.filter((href) => !kept.includes(href)).map(link)}
    </>
  );
}
