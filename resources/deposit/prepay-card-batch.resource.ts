import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * A batch of prepaid cards made at once (制卡批次): the template, how many, the store that holds
 * them, the first and last card number, and the file-centre task holding the printing file (card
 * numbers and secrets). Written only by `POST /v1/prepay-card/make`
 * (server/modules/cards/card-making.ts), hence read-only; it has no screen of its own: the cards
 * name their batch, and the prepay-card list's "Make cards" button makes one. Its read grant is the
 * card query's maintain action, which is also what downloading the printing file needs (the file
 * centre checks a task's resource's read grant again on every download).
 */
export const prepayCardBatchResource = defineResource({
  name: 'prepay-card-batch',
  table: 'prepay_card_batches',
  title: ['制卡批次', 'Card batch'],
  route: { group: 'deposit', entry: 'prepay-card', screens: {} },
  access: { read: ['配置维护'], write: '配置维护' },
  scope: 'tenant',
  readOnly: true,
  files: { module: 'prepaidCards', importable: false },
  fields: {
    number: preset.documentNumber({ label: ['批次号', 'Batch number'] }),
    template: field.relation({ label: ['卡模板', 'Card template'], resource: 'card-template', required: true, filter: 'eq', width: 180 }),
    store: field.relation({ label: ['入库门店', 'Holding store'], resource: 'store', required: true, filter: 'eq', width: 160 }),
    quantity: field.integer({ label: ['制卡数量', 'Quantity'], required: true, min: 1, max: 10_000, width: 100 }),
    firstNumber: field.text({ label: ['起始卡号', 'First card number'], maxLength: 40, width: 180 }),
    lastNumber: field.text({ label: ['结束卡号', 'Last card number'], maxLength: 40, width: 180 }),
    secretsTask: field.integer({ label: ['卡密文件任务', 'Secrets file task'], inList: false }),
    remark: preset.remark(),
  },
  titleField: 'number',
  numbering: { field: 'number', prefix: 'CB', digits: 8 },
  list: {
    columns: ['number', 'template', 'store', 'quantity', 'firstNumber', 'lastNumber'],
    defaultSort: { field: 'number', order: 'desc' },
  },
});
