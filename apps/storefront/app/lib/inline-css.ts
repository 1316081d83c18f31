import { createContext } from 'react';

/** The shop's styles, given by the server only; in the browser they are already in the page. */
export const InlineCssContext = createContext('');
