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
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return { key: 'auth.password.common' };
  return null;
}
