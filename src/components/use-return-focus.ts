import { useEffect, useState } from 'react';

/**
 * Gives the focus back to what had it when a dialog or drawer opened (the link or button that
 * opened it) once the dialog is gone, so a keyboard user who closes it with Esc goes on from
 * where they were instead of from the top of the page. The element is taken while the dialog
 * first renders, before the dialog moves the focus into itself.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null,
  );
  useEffect(
    () => () => {
      if (opener === null) return;
      // After the dialog's own focus handling has let go; not when the opener left the page.
      requestAnimationFrame(() => {
        if (opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
