/**
 * The membership card's rules as WeChat and Alipay document them (DOMAIN.md "Channel
 * integrations"), once for the three readers: the declaration (`member-card.resource.ts`), the
 * server's check of a save (server/modules/channels/member-card.hooks.ts, 400 naming the field
 * with the platform and its limit) and the browser's live preview of both wallets
 * (src/views/member/wallet-card/), which shows the same problems as they are typed.
 *
 * Plain data and pure functions: no React, no database.
 */

/** The two wallets a card design is published to. */
export type Wallet = 'wechat' | 'alipay';

/**
 * WeChat's 14 named card colours and their values. Alipay takes a colour as `rgb(r,g,b)`: the
 * same colour, written its way ({@link alipayColour}).
 */
export const WECHAT_COLOURS = {
  Color010: '#63b359',
  Color020: '#2c9f67',
  Color030: '#509fc9',
  Color040: '#5885cf',
  Color050: '#9062c0',
  Color060: '#d09a45',
  Color070: '#e4b138',
  Color080: '#ee903c',
  Color081: '#f08500',
  Color082: '#a9d92d',
  Color090: '#dd6549',
  Color100: '#cc463d',
  Color101: '#cf3e36',
  Color102: '#5E6671',
} as const;

export type WechatColour = keyof typeof WECHAT_COLOURS;

/** Alipay's `bg_color` for a WeChat colour name: `rgb(99,179,89)` for Color010. */
export function alipayColour(name: WechatColour): string {
  const hex = WECHAT_COLOURS[name].slice(1);
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r},${g},${b})`;
}

/**
 * How a platform counts a text: WeChat documents its limits in Chinese characters, a full-width
 * character counting one and a half-width (Latin letter, digit) half; Alipay counts characters.
 */
export type TextMeasure = 'chinese' | 'chars';

/** The width of a text as WeChat counts it: 1 per full-width character, ½ per half-width one. */
export function chineseWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) > 0xff ? 1 : 0.5;
  return width;
}

/** One platform's limit on a text field of the design. */
export interface TextLimit {
  readonly wallet: Wallet;
  /** The design's field (a path inside an object: `alipayButtons.buttons[].text`). */
  readonly field: string;
  readonly max: number;
  readonly measure: TextMeasure;
}

/**
 * Every documented text limit, per platform. A field only one wallet shows has that wallet's
 * limit only (the brand name is WeChat's, the buttons Alipay's).
 */
export const TEXT_LIMITS: readonly TextLimit[] = [
  { wallet: 'wechat', field: 'title', max: 9, measure: 'chinese' },
  // WeChat refuses a title of more than 16 characters on create, whatever their width.
  { wallet: 'wechat', field: 'title', max: 16, measure: 'chars' },
  { wallet: 'alipay', field: 'title', max: 10, measure: 'chars' },
  { wallet: 'wechat', field: 'brandName', max: 12, measure: 'chinese' },
  { wallet: 'wechat', field: 'notice', max: 16, measure: 'chinese' },
  { wallet: 'wechat', field: 'description', max: 1024, measure: 'chars' },
  { wallet: 'wechat', field: 'prerogative', max: 1024, measure: 'chars' },
  { wallet: 'alipay', field: 'alipayButtons.buttons[].text', max: 6, measure: 'chars' },
];

/** Alipay shows at most this many buttons under its card. */
export const ALIPAY_MAX_BUTTONS = 3;

/** Alipay's card number (the prefix + the member number, its suffix) is at most 32 characters. */
export const ALIPAY_CARD_NUMBER_MAX = 32;

/** A member number as the engine draws it (`M` + 9 digits, resources/member/member.resource.ts). */
export const MEMBER_NUMBER_LENGTH = 10;

/** An image's documented limits on one platform. */
export interface ImageLimit {
  readonly wallet: Wallet;
  readonly field: 'logo' | 'background';
  /** Largest size in bytes. */
  readonly maxBytes: number;
  /** Smallest width and height in pixels. */
  readonly minWidth: number;
  readonly minHeight: number;
  /** Width and height must be equal. */
  readonly square?: boolean;
}

const MB = 1024 * 1024;

/**
 * The images' limits: WeChat's logo is 300×300 (a larger square scales down), under 1 MB with
 * its background; Alipay's logo a square of at least 500×500 under 1 MB, its background at
 * least 1020×643 under 2 MB.
 */
export const IMAGE_LIMITS: readonly ImageLimit[] = [
  { wallet: 'wechat', field: 'logo', maxBytes: MB, minWidth: 300, minHeight: 300, square: true },
  { wallet: 'alipay', field: 'logo', maxBytes: MB, minWidth: 500, minHeight: 500, square: true },
  { wallet: 'wechat', field: 'background', maxBytes: MB, minWidth: 1000, minHeight: 600 },
  { wallet: 'alipay', field: 'background', maxBytes: 2 * MB, minWidth: 1020, minHeight: 643 },
];

/** A design's text values as the check reads them (the form's values or a save's). */
export interface CardTexts {
  readonly title?: string | null;
  readonly brandName?: string | null;
  readonly notice?: string | null;
  readonly description?: string | null;
  readonly prerogative?: string | null;
  readonly numberPrefix?: string | null;
  readonly alipayButtons?: { readonly buttons?: readonly ({ readonly text?: string | null } | null | undefined)[] | null } | null;
}

/** What breaks a platform's rule: the field (its path), the platform, and the limit broken. */
export type CardProblem =
  | { readonly kind: 'tooLong'; readonly field: string; readonly wallet: Wallet; readonly max: number; readonly measure: TextMeasure }
  | { readonly kind: 'tooManyButtons'; readonly field: string; readonly wallet: 'alipay'; readonly max: number }
  | { readonly kind: 'cardNumberTooLong'; readonly field: string; readonly wallet: 'alipay'; readonly max: number }
  | { readonly kind: 'imageTooLarge'; readonly field: string; readonly wallet: Wallet; readonly maxMb: number }
  | { readonly kind: 'imageTooSmall'; readonly field: string; readonly wallet: Wallet; readonly width: number; readonly height: number }
  | { readonly kind: 'imageNotSquare'; readonly field: string; readonly wallet: Wallet };

const measureOf = (text: string, measure: TextMeasure) => (measure === 'chinese' ? chineseWidth(text) : [...text].length);

/**
 * Every text rule the design breaks on either platform, in declaration order: what the server
 * refuses (each a 400 naming the field) and what the preview marks as it is typed.
 */
export function cardTextProblems(card: CardTexts): CardProblem[] {
  const problems: CardProblem[] = [];
  const buttons = card.alipayButtons?.buttons ?? [];
  for (const limit of TEXT_LIMITS) {
    const texts: [string, string | null | undefined][] =
      limit.field === 'alipayButtons.buttons[].text'
        ? buttons.map((button, index) => [`alipayButtons.buttons[${index}].text`, button?.text])
        : [[limit.field, card[limit.field as keyof Omit<CardTexts, 'alipayButtons'>]]];
    for (const [field, text] of texts) {
      if (text && measureOf(text, limit.measure) > limit.max)
        problems.push({ kind: 'tooLong', field, wallet: limit.wallet, max: limit.max, measure: limit.measure });
    }
  }
  if (buttons.length > ALIPAY_MAX_BUTTONS)
    problems.push({ kind: 'tooManyButtons', field: 'alipayButtons.buttons', wallet: 'alipay', max: ALIPAY_MAX_BUTTONS });
  if ([...(card.numberPrefix ?? '')].length + MEMBER_NUMBER_LENGTH > ALIPAY_CARD_NUMBER_MAX)
    problems.push({ kind: 'cardNumberTooLong', field: 'numberPrefix', wallet: 'alipay', max: ALIPAY_CARD_NUMBER_MAX });
  return problems;
}

/** The card number a member with this number gets on Alipay (and shows on WeChat). */
export const cardNumberOf = (args: { prefix?: string | null; memberNumber: string }) => `${args.prefix ?? ''}${args.memberNumber}`;

/** What is known of an uploaded image: its size in bytes and its pixels. */
export interface ImageFacts {
  readonly bytes: number;
  readonly width: number;
  readonly height: number;
}

/** Every platform rule an image of the design breaks (its size, its smallest pixels, its shape). */
export function cardImageProblems(field: ImageLimit['field'], image: ImageFacts): CardProblem[] {
  const problems: CardProblem[] = [];
  for (const limit of IMAGE_LIMITS.filter((l) => l.field === field)) {
    const { wallet } = limit;
    if (image.bytes > limit.maxBytes) problems.push({ kind: 'imageTooLarge', field, wallet, maxMb: limit.maxBytes / MB });
    if (image.width < limit.minWidth || image.height < limit.minHeight)
      problems.push({ kind: 'imageTooSmall', field, wallet, width: limit.minWidth, height: limit.minHeight });
    if (limit.square === true && image.width !== image.height) problems.push({ kind: 'imageNotSquare', field, wallet });
  }
  return problems;
}
