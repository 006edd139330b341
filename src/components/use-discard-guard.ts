import { App } from 'antd';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type Blocker, type BlockerFunction, UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

/** Outside a data router (component tests under a MemoryRouter) nothing blocks navigation. */
function useNoBlocker(_block: BlockerFunction): Blocker | undefined {
  return undefined;
}

/**
 * Leaving a form with unsaved changes asks first. `dirty` says whether the user changed anything
 * since the form was loaded (or is asked when leaving, for a form that knows it itself); the returned function runs `leave` at once when nothing changed,
 * and otherwise after the user confirms discarding. While the form is dirty, closing or
 * reloading the browser tab asks too (the browser's own dialog), and a form whose `dirty` is a
 * boolean (a drawer or page addressed by the url) asks before the browser's Back / Forward
 * leaves it, staying on the form when the user keeps editing.
 */
export function useDiscardGuard(dirty: boolean | (() => boolean)): (leave: () => void) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const asking = useRef(false);
  const leaving = useRef(false);
  // Constant for the life of a call site: the same hooks run on every render.
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const useBackBlocker = inDataRouter && typeof dirty === 'boolean' ? useBlocker : useNoBlocker;
  const blocker = useBackBlocker(
    useCallback(
      ({ historyAction }: Parameters<BlockerFunction>[0]) => historyAction === 'POP' && dirtyRef.current === true && !leaving.current,
      [],
    ),
  );

  useEffect(() => {
    if (blocker?.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('screens.discard.title'),
      content: t('screens.discard.content'),
      okText: t('screens.discard.ok'),
      cancelText: t('screens.discard.keep'),
      okButtonProps: { danger: true },
      onOk: () => {
        leaving.current = true;
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, modal, t]);

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
        leaving.current = true;
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
          leaving.current = true;
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
