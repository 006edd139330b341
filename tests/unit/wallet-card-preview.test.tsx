// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toMessageMap, type Locale } from '../../resources/messages/bilingual';
import { memberCardResource } from '../../resources/member/member-card.resource';
import { WECHAT_COLOURS } from '../../resources/member/wallet-card-rules';
import { contrastRatio, readableTextOn } from '../../src/views/member/wallet-card/readable-text';
import { resourceMessages } from '../../resources/resource-messages';
import { WalletCardSection } from '../../src/views/member/wallet-card/wallet-card-section';
import { createTestI18n, installDomShims, renderScreen } from '../helpers/screen-harness';

/**
 * Issue 27 §5: the card design's face section shows both wallets' cards beside its fields, and
 * both follow the form as it is typed: the title on each card, WeChat's named colour and the
 * same colour on Alipay, the card number with its prefix on Alipay, each platform's broken limit
 * under its own card only.
 */

async function i18nFor(locale: Locale): Promise<I18n> {
  const i18n = await createTestI18n(locale);
  i18n.addResources(locale, 'translation', toMessageMap([resourceMessages([memberCardResource])], locale));
  return i18n;
}

function Harness(props: { readonly i18n: I18n }) {
  const [form] = Form.useForm();
  const t = (key: string, values?: Record<string, unknown>) => props.i18n.t(key, values);
  const fields = (
    <>
      <Form.Item name="title" label="title">
        <Input />
      </Form.Item>
      <Form.Item name="colour" label="colour">
        <Input />
      </Form.Item>
      <Form.Item name="numberPrefix" label="numberPrefix">
        <Input />
      </Form.Item>
    </>
  );
  return (
    <Form
      form={form}
      initialValues={{
        title: '星河卡',
        colour: 'Color010',
        numberPrefix: 'XH',
        wechatCells: ['LEVEL', 'POINTS'],
        alipayColumns: ['BALANCE'],
      }}
    >
      <WalletCardSection resource="member-card" form={form} editing t={t} fields={fields} />
    </Form>
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(() => installDomShims());
afterEach(() => cleanup());

describe('wallet card preview', () => {
  it('draws both wallets from the form and follows every change', async () => {
    const i18n = await i18nFor('en_US');
    renderScreen(<Harness i18n={i18n} />, i18n);
    const wechat = await screen.findByRole('region', { name: 'WeChat wallet' });
    const alipay = screen.getByRole('region', { name: 'Alipay wallet' });
    expect(within(wechat).getByTestId('wechat-title').textContent).toBe('星河卡');
    expect(within(alipay).getByTestId('alipay-title').textContent).toBe('星河卡');
    expect(within(wechat).getByText('Level')).toBeTruthy();
    expect(within(alipay).getByText('Balance')).toBeTruthy();
    expect(within(alipay).getByText(/XHM000000001/)).toBeTruthy();
    // WeChat's Color010 (#63b359), and the same colour on Alipay (written rgb(99,179,89)).
    expect(screen.getByTestId('wechat-card').style.background).toBe('rgb(99, 179, 89)');
    expect(screen.getByTestId('alipay-card').style.background).toBe('rgb(99, 179, 89)');

    type('title', '星河金卡');
    type('colour', 'Color090');
    type('numberPrefix', 'GOLD');
    expect(within(wechat).getByTestId('wechat-title').textContent).toBe('星河金卡');
    expect(within(alipay).getByTestId('alipay-title').textContent).toBe('星河金卡');
    expect(screen.getByTestId('wechat-card').style.background).toBe('rgb(221, 101, 73)');
    expect(screen.getByTestId('alipay-card').style.background).toBe('rgb(221, 101, 73)');
    // Color090 is light enough that white would read at 3.5:1: the cards' text turns black.
    expect(screen.getByTestId('wechat-card').style.color).toBe('rgb(0, 0, 0)');
    expect(screen.getByTestId('alipay-card').style.color).toBe('rgb(0, 0, 0)');
    type('colour', 'Color102');
    expect(screen.getByTestId('wechat-card').style.color).toBe('rgb(255, 255, 255)');
    expect(within(alipay).getByText(/GOLDM000000001/)).toBeTruthy();
    expect(within(wechat).getByText('Within both platforms’ limits')).toBeTruthy();
  }, 60_000);

  it('lists a broken limit under the platform that has it, in the server’s words', async () => {
    const i18n = await i18nFor('zh_CN');
    renderScreen(<Harness i18n={i18n} />, i18n);
    const wechat = await screen.findByRole('region', { name: '微信卡包' });
    const alipay = screen.getByRole('region', { name: '支付宝卡包' });
    // Ten Chinese characters: beyond WeChat's 9, within Alipay's 10.
    type('title', '一二三四五六七八九十');
    expect(within(wechat).getByText('微信限制会员卡名称最多 9 个汉字（字母和数字算半个）')).toBeTruthy();
    expect(within(alipay).getByText('符合两个平台的限制')).toBeTruthy();
    type('title', '一二三四五六七八九十一');
    expect(within(alipay).getByText('支付宝限制会员卡名称最多 10 个字符')).toBeTruthy();
  }, 60_000);
});

describe('card text colour', () => {
  it('reads at 4.5:1 or more on every one of WeChat’s named colours (WCAG 2.1 AA)', () => {
    for (const [name, colour] of Object.entries(WECHAT_COLOURS))
      expect(contrastRatio(colour, readableTextOn(colour)), name).toBeGreaterThanOrEqual(4.5);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#dd6549', '#ffffff')).toBeCloseTo(3.48, 2);
    expect(readableTextOn('#dd6549')).toBe('#000000');
    expect(readableTextOn('#5E6671')).toBe('#ffffff');
  });
});
