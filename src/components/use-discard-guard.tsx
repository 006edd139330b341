import { App } from 'antd';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type BlockerFunction, UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

/** A form that is open: whether it holds changes, and how it is let go when Back discards them. */
interface OpenForm {
  readonly dirty: () => boolean;
  readonly discard: () => void;
}

/** The forms open now, asked by the one router-level blocker. */
class OpenForms {
  private readonly forms = new Set<OpenForm>();
  private readonly listeners = new Set<() => void>();
  add(form: OpenForm): () => void {
    this.forms.add(form);
    this.listeners.forEach((listener) => listener());
    return () => {
      this.forms.delete(form);
      this.listeners.forEach((listener) => listener());
    };
  }
  changed(): OpenForm[] {
    return [...this.forms].filter((form) => form.dirty());
  }
  readonly size = () => this.forms.size;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

const OpenFormsContext = createContext<OpenForms | null>(null);

/** Asks whether to discard the changes; `onOk` discards. */
function confirmDiscard(args: {
  modal: Omit<ModalStaticFunctions, 'warn'>;
  t: TFunction;
  onOk: () => void;
  onCancel?: () => void;
  afterClose: () => void;
}) {
  const { t } = args;
  args.modal.confirm({
    title: t('screens.discard.title'),
    content: t('screens.discard.content'),
    okText: t('screens.discard.ok'),
    cancelText: t('screens.discard.keep'),
    okButtonProps: { danger: true },
    onOk: args.onOk,
    onCancel: args.onCancel,
    afterClose: args.afterClose,
  });
}

/**
 * The one blocker of the router (react-router obeys only the newest blocker, so each form cannot
 * hold its own): the browser's Back / Forward, or a link or menu entry to another screen, asks
 * first while any open form — a drawer, a page, a dialog — holds changes, stays when the user
 * keeps editing, and on discard lets every changed form go (a dialog closes) before leaving.
 */
function BackBlocker(props: { readonly forms: OpenForms }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const asking = useRef(false);
  const { forms } = props;
  const blocker = useBlocker(
    useCallback(
      ({ historyAction, currentLocation, nextLocation }: Parameters<BlockerFunction>[0]) =>
        // Back / Forward, or a link or menu entry to another screen; a form's own address changes
        // (a drawer's `?view=`, a list's filters) are not leaving it.
        (historyAction === 'POP' || currentLocation.pathname !== nextLocation.pathname) && forms.changed().length > 0,
      [forms],
    ),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    confirmDiscard({
      modal,
      t,
      onOk: () => {
        for (const form of forms.changed()) form.discard();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [blocker, forms, modal, t]);
  return null;
}

/**
 * Holds the forms that are open, for the router's Back blocker. Mounted once inside the data
 * router (shell/app-routes.tsx); outside one (component tests under a MemoryRouter) nothing blocks
 * navigation and the forms still ask when they are closed.
 */
export function DiscardGuardProvider(props: { readonly children: ReactNode }) {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const forms = useMemo(() => new OpenForms(), []);
  // The blocker is held only while a form is open: with a blocker, react-router warns on every
  // Back to an address it did not make (a link's `href="#/…"`, a typed address).
  const open = useSyncExternalStore(forms.subscribe, forms.size) > 0;
  if (!inDataRouter) return <>{props.children}</>;
  return (
    <OpenFormsContext.Provider value={forms}>
      {open ? <BackBlocker forms={forms} /> : null}
      {props.children}
    </OpenFormsContext.Provider>
  );
}

/**
 * Asks before `leave` discards changes; `saved(leave)` leaves at once after a save, which a form
 * must use for a navigation of its own after saving (its `dirty` state lags one render behind).
 */
export interface DiscardGuard {
  (leave: () => void): void;
  readonly saved: (leave: () => void) => void;
}

/**
 * Leaving a form with unsaved changes asks first. `dirty` says whether the user changed anything
 * since the form was loaded (or is asked when leaving, for a form that knows it itself); the
 * returned function runs `leave` at once when nothing changed, and otherwise after the user
 * confirms discarding. While the form is open, the browser's Back / Forward and a link or menu
 * entry to another screen ask too when it is changed (DiscardGuardProvider), then call `onBackDiscard` (a dialog closes itself; a drawer or
 * page addressed by the url goes with the url). While a boolean `dirty` is true, closing or
 * reloading the browser tab asks too (the browser's own dialog).
 */
export function useDiscardGuard(dirty: boolean | (() => boolean), onBackDiscard?: () => void): DiscardGuard {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const forms = useContext(OpenFormsContext);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const onBackRef = useRef(onBackDiscard);
  onBackRef.current = onBackDiscard;
  const asking = useRef(false);
  // Once the user chose to leave, the form's own navigation away is not asked about again.
  const leaving = useRef(false);
  const changed = () => (typeof dirtyRef.current === 'function' ? dirtyRef.current() : dirtyRef.current);

  useEffect(() => {
    if (!forms) return undefined;
    return forms.add({
      dirty: () => !leaving.current && changed(),
      discard: () => {
        leaving.current = true;
        onBackRef.current?.();
      },
    });
  }, [forms]);

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

  const ask = useCallback(
    (leave: () => void) => {
      if (!changed()) {
        leaving.current = true;
        leave();
        return;
      }
      // Esc and a click on the mask may both arrive: one question is enough.
      if (asking.current) return;
      asking.current = true;
      confirmDiscard({
        modal,
        t,
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
  return useMemo(
    () =>
      Object.assign(ask, {
        saved: (leave: () => void) => {
          // The form saved: its changes are kept, whatever its `dirty` still says this render.
          leaving.current = true;
          leave();
        },
      }),
    [ask],
  );
}
