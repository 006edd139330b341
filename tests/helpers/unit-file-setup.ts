/**
 * Runs before each file of the unit project (vitest.config.ts `setupFiles`). That project keeps a
 * worker's modules and, for jsdom files, its window from one file to the next (`isolate: false`),
 * so each file starts here from what a fresh worker would give it: empty storage, an empty page
 * and the root route.
 */
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = '';
  window.location.hash = '';
}
