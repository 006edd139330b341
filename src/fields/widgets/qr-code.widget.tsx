/**
 * The `qrCode` widget of a longText field (resources/define.ts `QrCodeWidget`): the content a
 * platform gave (WeChat's member code address) drawn as a QR code on the detail, to scan from
 * the screen, with the text to copy beside it. The QR library loads with the first code drawn,
 * so it stays out of the eager bundle. Elsewhere the field is the long text it is.
 */
import { Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { LongTextField } from '../../../resources/define';
import type { FieldKindSpec } from '../field-kind';
import { DASH, labelOf } from '../field-helpers';
import { longTextKind } from '../kinds/text.kind';

/** The drawn code's width in CSS pixels: scannable by a phone held to the screen. */
const SIZE = 160;

function QrCode(props: { readonly text: string; readonly label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qr) => qr.toString(props.text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }))
      .then((drawn) => {
        if (current) setSvg(drawn);
      });
    return () => {
      current = false;
    };
  }, [props.text]);
  return (
    <Flex gap={16} wrap align="center">
      {svg === null ? (
        <div style={{ width: SIZE, height: SIZE }} aria-busy="true" />
      ) : (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={props.label} width={SIZE} height={SIZE} />
      )}
      <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
        {props.text}
      </Typography.Text>
    </Flex>
  );
}

export const qrCodeWidget: FieldKindSpec<LongTextField> = {
  ...longTextKind,
  display: (ctx, value) => (typeof value === 'string' && value !== '' ? <QrCode text={value} label={labelOf(ctx)} /> : DASH),
};
