/**
 * The text colour a wallet draws over a card colour: the wallets print a card's title and number
 * dark on a light card and white on a dark one, and the preview must stay readable for everyone
 * (WCAG 2.1 AA asks 4.5:1 for normal text). Of white and black, the one with the higher contrast
 * against the colour is taken; for any colour that one reaches at least 4.58:1 (both meet at a
 * luminance of about 0.18), so every one of WeChat's 14 named colours is covered.
 */

/** Relative luminance of a `#rrggbb` colour, as WCAG 2.1 defines it. */
export function relativeLuminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** White or black, whichever reads better on the `#rrggbb` background. */
export function readableTextOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}
