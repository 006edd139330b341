// IndexedDB for jsdom, which has none (the kept translation tables live there: providers/kept-tables.ts).
import 'fake-indexeddb/auto';

/**
 * Runs before each file of the unit project (vitest.config.ts `setupFiles`). That project keeps a
 * worker's modules and, for jsdom files, its window from one file to the next (`isolate: false`),
 * so each file starts here from what a fresh worker would give it: no React tree of the file
 * before still mounted, empty storage, an empty page, the root route and the console's i18next
 * instance behind react-i18next's hooks.
 */
if (typeof window !== 'undefined') {
  // Unmount what the previous file rendered before emptying the page: a tree whose nodes were
  // removed under it throws "The node to be removed is not a child of this node" when React
  // unmounts it later, in whichever file is running then.
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  const [{ forgetKeptText }, { keptTableKey }, { LOCALES }] = await Promise.all([
    import('../../providers/kept-tables'),
    import('../../providers/i18n'),
    import('../../resources/messages/bilingual'),
  ]);
  await Promise.all(LOCALES.map((locale) => forgetKeptText(keptTableKey(locale))));
  // What is left on the page after that belongs to no test's tree: containers antd appended to
  // the body (portals, message holders) whose owners remove them on a timer. One that fires
  // during the next file finds its container already taken off here, and jsdom throws the same
  // error as an uncaught exception. Such a removal meant what was already done: it is let pass,
  // for exactly the nodes taken off here (any other removal of a node that is not a child still
  // throws).
  const page = globalThis as typeof globalThis & { takenOffPage?: WeakSet<Node> };
  if (!page.takenOffPage) {
    const taken = new WeakSet<Node>();
    page.takenOffPage = taken;
    const removeChild = Node.prototype.removeChild;
    Node.prototype.removeChild = function removeChildTakenOff<T extends Node>(this: Node, child: T): T {
      if (child.parentNode === null && taken.has(child)) return child;
      return removeChild.call(this, child) as T;
    };
  }
  for (const node of Array.from(document.body.childNodes)) page.takenOffPage.add(node);
  document.body.innerHTML = '';
  document.title = '';
  window.location.hash = '';
}

// React work scheduled outside a test's `act` (antd's static message and modal holders render in
// roots of their own) runs on a later turn of the event loop. After a worker's last file its page
// is taken down, and such work would then meet no `window` and fail the run as an uncaught error:
// each file ends by letting it finish.
if (typeof window !== 'undefined') {
  const { afterAll } = await import('vitest');
  afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 25)));
}

// react-i18next's hooks read one global instance, the last one set up with `initReactI18next`.
// The screen harnesses set up their own instance, so a file after them would read that one and
// not the console's (providers/i18n.ts binds it only on its first start). Point the hooks back at
// the console's instance once it has started, as a fresh worker's second start would leave them.
const [{ default: i18next }, { setI18n }] = await Promise.all([import('i18next'), import('react-i18next')]);
if (i18next.isInitialized) setI18n(i18next);

export {};
