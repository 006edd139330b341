/**
 * Startup (§7): load the language first (zh_CN by default, or the `locale` query parameter, or
 * the session's choice), then render. Nothing is drawn before the texts are there (a splash
 * drawn by index.html was tried: Lighthouse then counts the start-up's script tasks as blocking
 * time after the first paint, and the login page's mobile score fell from 80 to 71).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, startsOutsideShell } from '../providers/i18n';
import { App } from './App';
import { consoleStyles } from './shell/console-styles';
import { reloadAfterChunkFailure } from './shell/lazy-screen';

// Vite reports a failed preload of a chunk's CSS or dependencies here; handled like any chunk
// failure (§8): logged, then the page reloads once.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload ?? event);
});

async function start(): Promise<void> {
  // A page opened inside the shell (a reload, a link) fetches the console's code while the
  // language loads, instead of after it.
  if (!startsOutsideShell()) {
    void import('./shell/console-routes').catch(() => undefined);
    void consoleStyles();
  }
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // In a transition React renders the first page in slices, leaving the main thread free
  // between them (a slow tablet answers taps while it draws) instead of one long block.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

void start();
