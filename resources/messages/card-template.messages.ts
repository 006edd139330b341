import { defineMessages } from './bilingual';

/** Server messages of card templates (deposit/prepay-card-tpl) beyond the derived labels. */
export const cardTemplateMessages = defineMessages({
  'cardTemplate.priceAboveFace': ['售价不能高于面值', 'The selling price cannot exceed the face value'],
  'cardTemplate.serialTooShort': [
    '卡号长度减去前缀后至少保留{min}位流水号',
    'The card number needs at least {min} serial digits after the prefix',
  ],
  'cardTemplate.numberRequired': ['请提供模板编号', 'A template number is required'],
  'cardTemplate.typeForbidden': ['您没有该卡类型的模板权限', 'You have no permission for templates of this card type'],
});
