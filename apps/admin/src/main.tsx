import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { messages } from './i18n/i18n-provider.ts';
import { languageFromPath } from './language.ts';

const language = languageFromPath(window.location.pathname);
document.documentElement.lang = language;
document.title = messages[language].kram.title;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App language={language} />
    </StrictMode>,
  );
}
