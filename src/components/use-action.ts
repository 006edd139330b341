import { App } from 'antd';
import { useCallback, useEffect } from 'react';

/** The text of a rejected call: the http client rejects with the server's localized msg. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * True when the user has already been told about this failure: the http client toasts every
 * failure it classifies and marks the error `handled`, so screens must not repeat it.
 */
export function alreadyReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { handled?: unknown }).handled === true;
}

/** A function that shows an error message unless the http client already did. */
export function useErrorReporter(): (error: unknown) => void {
  const { message } = App.useApp();
  return useCallback(
    (error: unknown) => {
      if (!alreadyReported(error)) void message.error(errorText(error));
    },
    [message],
  );
}

/**
 * Runs a changing call and reports it: a success message with `successText`, or the error (once).
 * Resolves to whether the call succeeded, so callers can reload on success.
 * Needs an antd `<App>` above (screens wrap themselves in one).
 */
export function useAction(): (action: () => Promise<unknown>, successText: string) => Promise<boolean> {
  const { message } = App.useApp();
  const reportError = useErrorReporter();
  return useCallback(
    async (action, successText) => {
      try {
        await action();
        void message.success(successText);
        return true;
      } catch (error) {
        reportError(error);
        return false;
      }
    },
    [message, reportError],
  );
}

/** Reports a failed load once (the list keeps its last data). */
export function useLoadError(error: Error | undefined): void {
  const reportError = useErrorReporter();
  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);
}
