import { Button, Typography } from 'antd';
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../../providers/i18n';
import { PageSpin } from './status-pages';

interface Props {
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

/** The reload offer without Result's chunk, when that chunk cannot be fetched either (offline). */
function PlainLoadFailed() {
  return (
    <div className="console-page-spin" style={{ flexDirection: 'column' }}>
      <Typography.Paragraph>{`${t('shell.loadFailed.title')} ${t('shell.loadFailed.hint')}`}</Typography.Paragraph>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('shell.reload')}
      </Button>
    </div>
  );
}

// antd's Result comes in a chunk of its own (status-results.tsx), loaded only when a screen fails.
const LoadFailedResult = lazy(() =>
  import('./status-results').then(
    (m) => ({ default: m.LoadFailedResult }),
    () => ({ default: PlainLoadFailed }),
  ),
);

/**
 * Catches a screen that failed to load (after the reload guard declined another reload) or
 * threw while rendering, so the menu and header stay usable.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={<PageSpin />}>
        <LoadFailedResult />
      </Suspense>
    );
  }
}
