/**
 * The weekdays of the specification: 1 = Monday … 7 = Sunday (ISO order), as `weekdays` fields
 * store them, workbooks spell them and the screens name them. Types and constants only.
 */
import type { Bilingual } from '../messages/bilingual';

/** A weekday number of the specification: 1 = Monday … 7 = Sunday (ISO order). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The seven weekdays in order, each with its name in both locales. */
export const WEEKDAYS: readonly { readonly value: Weekday; readonly name: Bilingual }[] = [
  { value: 1, name: ['周一', 'Monday'] },
  { value: 2, name: ['周二', 'Tuesday'] },
  { value: 3, name: ['周三', 'Wednesday'] },
  { value: 4, name: ['周四', 'Thursday'] },
  { value: 5, name: ['周五', 'Friday'] },
  { value: 6, name: ['周六', 'Saturday'] },
  { value: 7, name: ['周日', 'Sunday'] },
];
