/**
 * The card design's face section (resources/member/member-card.resource.ts, section `look`) drawn
 * with both wallets' live preview beside its fields (a `formSections` slot of the member
 * manifest): the fields stay the generic form's, the preview follows every value as it is typed
 * and stays in sight while the form scrolls; where the screen is too narrow for both phones side by
 * side (a phone's 390 px) they stack under the fields. The preview's code is fetched when first drawn.
 */
import { Flex, Form } from 'antd';
import { lazySlot } from '../../../screens/lazy-slot';
import type { FormSectionArgs } from '../../../screens/manifest';
import type { CardDesignValues, WalletCardPreviewProps } from './wallet-card-preview';

const Preview = lazySlot<WalletCardPreviewProps>(() => import('./wallet-card-preview').then((m) => m.WalletCardPreview));

/** The face section's fields, with the preview of both wallets beside them. */
export function WalletCardSection(props: FormSectionArgs) {
  // Every value of the form, those of the other sections too (the card number prefix, the buttons).
  const values = (Form.useWatch((all: CardDesignValues) => all, { form: props.form, preserve: true }) ?? {}) as CardDesignValues;
  return (
    <Flex gap={24} wrap align="flex-start">
      <div style={{ flex: '1 1 360px', minWidth: 0 }}>{props.fields}</div>
      {/* Both phones side by side where they fit; narrower, the box shrinks and they wrap. */}
      <div style={{ flex: '0 1 auto', minWidth: 0, position: 'sticky', top: 16 }}>
        <Preview values={values} resource={props.resource} t={props.t} />
      </div>
    </Flex>
  );
}
