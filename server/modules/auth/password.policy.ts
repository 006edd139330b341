import { COMMON_PASSWORDS } from './common-passwords';

/** The part of a tenant's settings the password rules read. */
export interface PasswordPolicy {
  /** Strict rules (length 8, three classes, not common, not the login) instead of length 6. */
  readonly useStrict: boolean;
}

const STRICT_MIN_LENGTH = 8;
const RELAXED_MIN_LENGTH = 6;
const MAX_LENGTH = 128;
const CLASSES: readonly RegExp[] = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

/**
 * Rows of keys people walk along (US layout, unshifted and shifted digits) and the alphabet,
 * in lower case. A run is three or more neighbours of one row in either direction (`qwe`,
 * `4321`, `!@#`, `cba`) or the same character three times or more (`aaa`, `111`).
 */
const SEQUENCES: readonly string[] = ['1234567890', '!@#$%^&*()', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz'];
const MIN_RUN = 3;
/** A password whose characters all lie in runs except at most this many is a keyboard walk. */
const MAX_OUTSIDE_RUNS = 2;

/** How many characters of the (lower-case) text lie outside runs of {@link MIN_RUN} or more. */
function charactersOutsideRuns(text: string): number {
  const chars = [...text];
  const inRun = new Array<boolean>(chars.length).fill(false);
  const mark = (linked: (a: string, b: string) => boolean) => {
    let start = 0;
    for (let i = 1; i <= chars.length; i += 1) {
      if (i < chars.length && linked(chars[i - 1], chars[i])) continue;
      if (i - start >= MIN_RUN) inRun.fill(true, start, i);
      start = i;
    }
  };
  mark((a, b) => a === b);
  // A run stays on one row, in one direction.
  for (const row of SEQUENCES) {
    mark((a, b) => row.indexOf(a) >= 0 && row[row.indexOf(a) + 1] === b);
    mark((a, b) => row.indexOf(a) >= 1 && row[row.indexOf(a) - 1] === b);
  }
  return inRun.filter((marked) => !marked).length;
}

/**
 * True for the common-password list and its usual disguises: any case (`PASSWORD`), digits
 * added anywhere (`Qwerty12`, `2024password!`), and keyboard or alphabet walks with at most two
 * other characters (`Qwer1234`, `Zxcvbn!@#`, `Abc@1234`).
 */
export function isGuessable(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/[0-9]/g, ''))) return true;
  const letters = lower.replace(/[^a-z]/g, '');
  // The letters alone are one walk (`Qwerty12!`): the digits and symbols are only decoration.
  if (letters.length >= MIN_RUN + 1 && charactersOutsideRuns(letters) === 0) return true;
  return charactersOutsideRuns(lower) <= MAX_OUTSIDE_RUNS;
}

/**
 * Checks a new password against the tenant's policy. Returns null when it is acceptable, or the
 * message key (with slot values) of the first rule it breaks, so the caller can attach it to
 * whichever field carried the password.
 */
export function checkPasswordPolicy(args: {
  password: string;
  login: string;
  policy: PasswordPolicy;
}): { key: string; values?: Record<string, string | number> } | null {
  const { password, login, policy } = args;
  const minLength = policy.useStrict ? STRICT_MIN_LENGTH : RELAXED_MIN_LENGTH;
  if (password.length < minLength) return { key: 'auth.password.tooShort', values: { min: minLength } };
  // scrypt takes any length, but an endless password is only a way to burn server time.
  if (password.length > MAX_LENGTH) return { key: 'auth.password.tooLong', values: { max: MAX_LENGTH } };
  if (!policy.useStrict) return null;
  const classes = CLASSES.filter((pattern) => pattern.test(password)).length;
  if (classes < 3) return { key: 'auth.password.classes' };
  if (password.toLowerCase() === login.toLowerCase()) return { key: 'auth.password.sameAsLogin' };
  if (isGuessable(password)) return { key: 'auth.password.common' };
  return null;
}
