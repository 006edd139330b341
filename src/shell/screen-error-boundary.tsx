import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../../providers/i18n';

interface Props {
  readonly children: ReactNode;
}

interface State {
  readonly failed: boolean;
}

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
      <Result
        status="warning"
        title={t('shell.loadFailed.title')}
        subTitle={t('shell.loadFailed.hint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('shell.reload')}
          </Button>
        }
      />
    );
  }
}
