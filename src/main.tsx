/**
 * Startup (§7): load the language first (zh_CN by default, or the `locale` query parameter, or
 * the session's choice), then render. Nothing is drawn before the texts are there (a splash
 * drawn by index.html was tried: Lighthouse then counts the start-up's script tasks as blocking
 * time after the first paint, and the login page's mobile score fell from 80 to 71).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isSignedIn, startSessionRefresh } from '../providers/auth';
import { initI18n, startsOutsideShell } from '../providers/i18n';
import { App } from './App';
import { preloadConsole } from './shell/app-routes';
import { reloadAfterChunkFailure } from './shell/lazy-screen';

// Vite reports a failed preload of a chunk's CSS or dependencies here; handled like any chunk
// failure (§8): logged, then the page reloads once.
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload ?? event);
});

async function start(): Promise<void> {
  // A page opened inside the shell (a reload, a link) fetches the console's code, its styles,
  // the screen of the address and the session's current state while the language loads, instead
  // of one after the other; the shell and that screen then draw in one pass (a spinner for each
  // step before: the session check, the access rule, the screen's code), and the list's query
  // leaves with that first drawing.
  const shell = startsOutsideShell() ? undefined : preloadConsole();
  if (shell && isSignedIn()) startSessionRefresh();
  await Promise.all([initI18n(), shell]);
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
