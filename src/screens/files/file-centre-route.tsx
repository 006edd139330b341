/**
 * The file centre's route. The catalogue (specification §2) has no file-centre screen, so it is
 * a shell route of its own, outside the menu, reached from the user menu and from the export
 * message; every signed-in user has one (it lists only their own tasks).
 */
import { Spin } from 'antd';
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/lazy-screen';

/** Path of the file centre in the hash router (`#/files`). */
export const FILE_CENTRE_PATH = '/files';

const FileCentreScreen = lazyScreen({ key: 'files/centre', loader: () => import('./file-centre-screen') });

/** The file centre, loaded on demand. */
export function FileCentreRoute() {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
      <FileCentreScreen />
    </Suspense>
  );
}
