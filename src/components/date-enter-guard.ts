import { useEffect } from 'react';

/**
 * Enter in a date or time field confirms what was typed there and nothing else. The browser
 * would also take Enter in any input as "submit the form" (implicit submission), so a clerk who
 * confirmed a start date saved a half-filled activity. The date picker has already taken the
 * date when the key reaches the document; cancelling the key's default action there stops the
 * submission for every form of the console, whichever screen draws it.
 */
export function preventSubmitFromDateFields(event: KeyboardEvent): void {
  if (event.key !== 'Enter' || event.isComposing) return;
  const target = event.target;
  if (target instanceof HTMLInputElement && target.form !== null && target.closest('.ant-picker') !== null) event.preventDefault();
}

/** Installs {@link preventSubmitFromDateFields} on the page while the console is mounted. */
export function useDateEnterGuard(): void {
  useEffect(() => {
    document.addEventListener('keydown', preventSubmitFromDateFields);
    return () => document.removeEventListener('keydown', preventSubmitFromDateFields);
  }, []);
}
