import type { MessageBook } from './bilingual';
import { errorMessages } from './errors.messages';

/**
 * Every message book of the product. A module that adds visible strings adds its book here;
 * the i18n endpoint and the completeness tests read this list. Books derived from the
 * catalogue and the resource declarations are appended by `allMessageBooks()` in the server's
 * i18n module, so they are not listed by hand.
 */
export const MESSAGE_BOOKS: readonly MessageBook[] = [
  errorMessages,
];
