/**
 * The live preview of the membership card design in both wallets (issue 27 §5): a phone-sized
 * WeChat card and a phone-sized Alipay card side by side, drawn from the form's values as they
 * are typed, with each platform's broken limits listed under its own card (the same rules the
 * server's save refuses, resources/member/wallet-card-rules.ts).
 */
import { Alert, Flex, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import {
  alipayColour,
  cardNumberOf,
  cardTextProblems,
  WECHAT_COLOURS,
  type CardProblem,
  type CardTexts,
  type Wallet,
  type WechatColour,
} from '../../../../resources/member/wallet-card-rules';
import type { Translate } from '../../../fields/field-kind';
import { uploadContentUrl } from '../../../fields/kinds/file.kind';
import { readableTextOn } from './readable-text';

/** The design's values the preview reads (the form's, possibly half typed). */
export interface CardDesignValues extends CardTexts {
  readonly logo?: string | null;
  readonly background?: string | null;
  readonly colour?: string | null;
  readonly wechatCells?: readonly string[] | null;
  readonly alipayColumns?: readonly string[] | null;
  readonly codeMode?: string | null;
  readonly alipayButtons?: {
    readonly buttons?: readonly ({ readonly text?: string | null; readonly url?: string | null } | null)[] | null;
  } | null;
}

/** Props of {@link WalletCardPreview}. */
export interface WalletCardPreviewProps {
  readonly values: CardDesignValues;
  /** The resource whose uploads the logo and background are (`member-card` or its Alipay view). */
  readonly resource: string;
  readonly t: Translate;
}

// A member number as the engine draws it, for the sample card number.
const SAMPLE_MEMBER_NUMBER = 'M000000001';
// Black at 55 %: the lightest picture under it is #737373, on which white reads at 4.7:1.
const PICTURE_VEIL = 'rgba(0, 0, 0, 0.55)';
// Alipay's button blue, one step darker than antd's primary (#1677ff reads at 4.1:1 on white; this, 6.2:1).
const BUTTON_BLUE = '#0958d9';

const colourOf = (value: string | null | undefined): WechatColour =>
  value && value in WECHAT_COLOURS ? (value as WechatColour) : 'Color010';

/** The message of a problem, as the server words it (channels.messages.ts). */
export function problemText(problem: CardProblem, label: string, t: Translate): string {
  const values = { label, platform: t(`walletCard.platform.${problem.wallet}`) };
  switch (problem.kind) {
    case 'tooLong':
      return t(`walletCard.tooLong.${problem.measure}`, { ...values, max: problem.max });
    case 'tooManyButtons':
    case 'cardNumberTooLong':
      return t(`walletCard.${problem.kind}`, { ...values, max: problem.max });
    case 'imageTooLarge':
      return t('walletCard.imageTooLarge', { ...values, maxMb: problem.maxMb });
    case 'imageTooSmall':
      return t('walletCard.imageTooSmall', { ...values, width: problem.width, height: problem.height });
    case 'imageNotSquare':
      return t('walletCard.imageNotSquare', values);
  }
}

// The label of a problem's field (its path without line numbers: a button's text is one label).
const labelKey = (field: string) => `res.member-card.${field.replace(/\[\d+\]/g, '')}`;

// A phone keeps its wallet's width, narrower only when the screen is (390 px: one above the other).
const phone: CSSProperties = {
  width: 260,
  maxWidth: '100%',
  minHeight: 420,
  border: '8px solid #1f1f1f',
  borderRadius: 28,
  padding: '28px 12px 12px',
  background: '#f5f5f5',
  boxSizing: 'border-box',
};

const logoStyle: CSSProperties = { width: 36, height: 36, borderRadius: '50%', objectFit: 'cover', background: '#fff' };

function Logo(props: { readonly src?: string }) {
  return props.src ? (
    <img src={props.src} alt="" style={logoStyle} />
  ) : (
    <span aria-hidden style={{ ...logoStyle, display: 'inline-block' }} />
  );
}

/** One wallet's phone: its name, the card, what is under the card, and its broken limits. */
function Phone(props: {
  readonly wallet: Wallet;
  readonly t: Translate;
  readonly card: ReactNode;
  readonly below: ReactNode;
  readonly problems: readonly string[];
}) {
  const { t } = props;
  return (
    <section aria-label={t(`walletCard.preview.${props.wallet}`)} data-wallet={props.wallet}>
      <Typography.Text strong>{t(`walletCard.preview.${props.wallet}`)}</Typography.Text>
      <div style={phone}>
        {props.card}
        <div style={{ marginTop: 12 }}>{props.below}</div>
      </div>
      <div style={{ width: 260, maxWidth: '100%', marginTop: 8 }}>
        {props.problems.length === 0 ? (
          <Alert type="success" showIcon message={t('walletCard.preview.ok')} />
        ) : (
          <Alert
            type="warning"
            showIcon
            message={
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {props.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
      </div>
    </section>
  );
}

/** Both wallets' cards, side by side, from the design being edited. */
export function WalletCardPreview(props: WalletCardPreviewProps) {
  const { values, t } = props;
  const colour = colourOf(values.colour);
  const image = (id: string | null | undefined) => (id ? uploadContentUrl(props.resource, id) : undefined);
  const problems = cardTextProblems(values);
  const messagesOf = (wallet: Wallet) => problems.filter((p) => p.wallet === wallet).map((p) => problemText(p, t(labelKey(p.field)), t));
  const cells = (values.wechatCells ?? []).map((cell) => t(`res.member-card.wechatCells.${cell}`));
  const columns = (values.alipayColumns ?? []).map((column) => t(`res.member-card.alipayColumns.${column}`));
  const buttons = (values.alipayButtons?.buttons ?? []).filter((b) => b !== null);
  const background = image(values.background);
  // An uploaded picture lies under a dark veil with white text over it (whatever the picture,
  // white stays above 4.5:1 on it); a named colour takes the text that reads best on it.
  const fill = background
    ? `linear-gradient(${PICTURE_VEIL}, ${PICTURE_VEIL}), center / cover url("${background}")`
    : WECHAT_COLOURS[colour];
  const face: CSSProperties = {
    borderRadius: 12,
    padding: 14,
    color: background ? '#ffffff' : readableTextOn(WECHAT_COLOURS[colour]),
    minHeight: 150,
    boxSizing: 'border-box',
    backgroundSize: 'cover',
  };

  const wechatCard = (
    <div data-testid="wechat-card" style={{ ...face, background: fill }}>
      <Flex gap={8} align="center">
        <Logo src={image(values.logo)} />
        <div>
          <div style={{ fontSize: 12 }}>{values.brandName}</div>
          <div style={{ fontSize: 16, fontWeight: 600 }} data-testid="wechat-title">
            {values.title}
          </div>
        </div>
      </Flex>
      <div style={{ marginTop: 40, fontSize: 12, letterSpacing: 1 }}>{cardNumberOf({ memberNumber: SAMPLE_MEMBER_NUMBER })}</div>
    </div>
  );
  const wechatBelow = (
    <Flex vertical gap={6} style={{ fontSize: 12 }}>
      <Flex justify="space-around" style={{ background: '#fff', borderRadius: 8, padding: 8 }}>
        {cells.map((cell) => (
          <span key={cell}>{cell}</span>
        ))}
      </Flex>
      <div style={{ textAlign: 'center', color: '#595959' }}>{values.notice}</div>
    </Flex>
  );
  const alipayCard = (
    <div data-testid="alipay-card" style={{ ...face, background: background ? fill : alipayColour(colour), borderRadius: 10 }}>
      <Flex gap={8} align="center">
        <Logo src={image(values.logo)} />
        <div style={{ fontSize: 16, fontWeight: 600 }} data-testid="alipay-title">
          {values.title}
        </div>
      </Flex>
      <div style={{ marginTop: 40, fontSize: 12 }}>
        {t('walletCard.preview.number')} {cardNumberOf({ prefix: values.numberPrefix, memberNumber: SAMPLE_MEMBER_NUMBER })}
      </div>
    </div>
  );
  const alipayBelow = (
    <Flex vertical gap={6} style={{ fontSize: 12 }}>
      <Flex justify="space-around" style={{ background: '#fff', borderRadius: 8, padding: 8 }}>
        {columns.map((column) => (
          <span key={column}>{column}</span>
        ))}
      </Flex>
      <Flex gap={6} wrap>
        {buttons.map((button, index) => (
          <span
            key={index}
            style={{ background: '#fff', border: `1px solid ${BUTTON_BLUE}`, color: BUTTON_BLUE, borderRadius: 4, padding: '2px 6px' }}
          >
            {button?.text}
          </span>
        ))}
      </Flex>
    </Flex>
  );
  return (
    <Flex gap={16} wrap role="group" aria-label={t('walletCard.preview')}>
      <Phone wallet="wechat" t={t} card={wechatCard} below={wechatBelow} problems={messagesOf('wechat')} />
      <Phone wallet="alipay" t={t} card={alipayCard} below={alipayBelow} problems={messagesOf('alipay')} />
    </Flex>
  );
}
