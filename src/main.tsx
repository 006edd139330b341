/**
 * Startup (§7): load the language first (zh_CN by default, or the `locale` query parameter, or
 * the session's choice), then render. Nothing is drawn before the texts are there (a splash
 * drawn by index.html was tried: Lighthouse then counts the start-up's script tasks as blocking
 * time after the first paint, and the login page's mobile score fell from 80 to 71).
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { centreChosen, isSignedIn, startSessionRefresh } from '../providers/auth';
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

/**
 * Resolves in a task of its own: a message the page sends itself (a timer's would wait up to a
 * second in a tab opened in the background). Start-up's steps are split at these points, so the
 * evaluation of the entry's code, the insertion of the console's styles (the cached file parsed as
 * it goes in), the session's request and the language's are each a task of their own: together
 * they were one task of about 75 ms on this machine, which a phone's Lighthouse run
 * (bench/lighthouse.bench.ts) partly counted as blocking time after the first paint.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * How long the first drawing of a tab with no marketing centre chosen yet (a link opened in a new
 * tab: the choice is kept per tab) waits for the session's reading to choose one. Without it the
 * shell drew a spinner where the screen goes, then the screen in a second pass once the reading
 * answered: two drawings, the second (the list's chrome, about 80 ms on this machine) after the
 * first paint, which a phone's Lighthouse run counts as blocking time.
 */
const CENTRE_WAIT_MS = 1500;

async function start(): Promise<void> {
  // A page opened inside the shell (a reload, a link) fetches the console's code, its styles,
  // the screen of the address and the session's current state while the language loads, instead
  // of one after the other; the shell and that screen then draw in one pass (a spinner for each
  // step before: the session check, the access rule, the screen's code), and the list's query
  // leaves with that first drawing.
  await nextTask();
  const shell = startsOutsideShell() ? undefined : preloadConsole();
  let centre: Promise<void> | undefined;
  if (shell && isSignedIn()) {
    await nextTask();
    startSessionRefresh();
    centre = centreChosen(CENTRE_WAIT_MS);
  }
  await nextTask();
  await Promise.all([initI18n(), shell, centre]);
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
