import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component fetched when first drawn: a manifest's slot (manifest.ts), listed at start-up
 * without carrying its code, or a field kind's heavy part (a document's lines tables). A tab
 * waits behind a skeleton, a toolbar item behind nothing (`fallback: 'none'`), so the toolbar
 * does not jump; a part that knows better draws its own placeholder from its props (a form field
 * its label and a spinner).
 */
export function lazySlot<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: 'skeleton' | 'none' | ((props: P) => ReactNode) = 'skeleton',
): ComponentType<P> {
  // lazy() types its props for any component; these are exactly the loaded component's.
  const Loaded = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  const placeholder = (props: P): ReactNode =>
    typeof fallback === 'function' ? fallback(props) : fallback === 'none' ? null : <Skeleton active />;
  function LazySlot(props: P) {
    return (
      <Suspense fallback={placeholder(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazySlot;
}
