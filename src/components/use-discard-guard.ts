import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Leaving a form with unsaved changes asks first. `dirty` says whether the user changed anything
 * since the form was loaded (or is asked when leaving, for a form that knows it itself); the returned function runs `leave` at once when nothing changed,
 * and otherwise after the user confirms discarding. While the form is dirty, closing or
 * reloading the browser tab asks too (the browser's own dialog).
 */
export function useDiscardGuard(dirty: boolean | (() => boolean)): (leave: () => void) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const asking = useRef(false);

  useEffect(() => {
    if (dirty !== true) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return useCallback(
    (leave: () => void) => {
      const changed = typeof dirtyRef.current === 'function' ? dirtyRef.current() : dirtyRef.current;
      if (!changed) {
        leave();
        return;
      }
      // Esc and a click on the mask may both arrive: one question is enough.
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('screens.discard.title'),
        content: t('screens.discard.content'),
        okText: t('screens.discard.ok'),
        cancelText: t('screens.discard.keep'),
        okButtonProps: { danger: true },
        onOk: leave,
        afterClose: () => {
          asking.current = false;
        },
      });
    },
    [modal, t],
  );
}
