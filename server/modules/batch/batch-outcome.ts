import type { Locale } from '../../../resources/messages/bilingual';
import type { AppError } from '../../http/envelope';
import { translate } from '../i18n/translate';

/**
 * The result of one line of a batch operation and how it reads. A line stores a message key and
 * its values (JSON), never a sentence, so each reader sees it in their own language. A value
 * whose name ends in `Key` is itself a message key, translated with the same values and passed
 * on under the name without the suffix (`stateKey: 'res.member.state.blocked'` fills `{state}`).
 */

/** Values of a line's message. */
export type OutcomeValues = Readonly<Record<string, string | number>>;

/** What applying the operation to one member came to. */
export interface LineOutcome {
  readonly result: 'succeeded' | 'failed';
  /** Message key; null for a plain success. */
  readonly key: string | null;
  readonly values: OutcomeValues;
}

export const succeeded = (key: string | null = null, values: OutcomeValues = {}): LineOutcome => ({ result: 'succeeded', key, values });
export const failed = (key: string, values: OutcomeValues = {}): LineOutcome => ({ result: 'failed', key, values });

/** A refusal of a module the operation called (ledger, level change), as the line's failure. */
export function refusal(error: AppError): LineOutcome {
  return failed('batch.line.refused', { ...error.values, reasonKey: error.key });
}

/** The stored form of an outcome's values (null when there are none). */
export function storedValues(outcome: LineOutcome): string | null {
  return Object.keys(outcome.values).length === 0 ? null : JSON.stringify(outcome.values);
}

function parseValues(stored: string | null | undefined): Record<string, string | number> {
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, string | number>) : {};
  } catch {
    return {};
  }
}

/** A line's message in one language; null when the line has none. */
export function lineMessage(args: { locale: Locale; key: string | null | undefined; values: string | null | undefined }): string | null {
  if (!args.key) return null;
  const values = parseValues(args.values);
  const filled: Record<string, string | number> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    if (name.endsWith('Key') && typeof value === 'string') filled[name.slice(0, -3)] = translate(args.locale, value, values);
  }
  return translate(args.locale, args.key, filled);
}
