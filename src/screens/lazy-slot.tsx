import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A slot's component fetched when first drawn, for manifests (manifest.ts): the manifest lists
 * it at start-up without carrying its code. A tab waits behind a skeleton, a toolbar item behind
 * nothing (`fallback: 'none'`), so the toolbar does not jump.
 */
export function lazySlot<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: 'skeleton' | 'none' = 'skeleton',
): ComponentType<P> {
  // lazy() types its props for any component; these are exactly the loaded component's.
  const Loaded = lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
  function LazySlot(props: P) {
    return (
      <Suspense fallback={fallback === 'none' ? null : <Skeleton active />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazySlot;
}
