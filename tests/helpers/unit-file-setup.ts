/**
 * Runs before each file of the unit project (vitest.config.ts `setupFiles`). That project keeps a
 * worker's modules and, for jsdom files, its window from one file to the next (`isolate: false`),
 * so each file starts here from what a fresh worker would give it: no React tree of the file
 * before still mounted, empty storage, an empty page and the root route.
 */
if (typeof window !== 'undefined') {
  // Unmount what the previous file rendered before emptying the page: a tree whose nodes were
  // removed under it throws "The node to be removed is not a child of this node" when React
  // unmounts it later, in whichever file is running then.
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.title = '';
  window.location.hash = '';
}

export {};
