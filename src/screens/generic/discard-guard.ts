import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslate } from './use-translate';

/**
 * Leaving a form with unsaved changes asks first. `dirty` says whether the user changed anything
 * since the form was loaded; the returned function runs `leave` at once when nothing changed,
 * and otherwise after the user confirms discarding. While the form is dirty, closing or
 * reloading the browser tab asks too (the browser's own dialog).
 */
export function useDiscardGuard(dirty: boolean): (leave: () => void) => void {
  const t = useTranslate();
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const asking = useRef(false);

  useEffect(() => {
    if (!dirty) return undefined;
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
      if (!dirtyRef.current) {
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
        onOk: () => {
          dirtyRef.current = false;
          leave();
        },
        afterClose: () => {
          asking.current = false;
        },
      });
    },
    [modal, t],
  );
}
