import { and, eq, sql } from 'drizzle-orm';
import { prepayCardBatchResource } from '../../../resources/deposit/prepay-card-batch.resource';
import { pick } from '../../../resources/messages/bilingual';
import { storeResource } from '../../../resources/datum/store.resource';
import type { Actor } from '../../crud/actor';
import { drawNumber } from '../../crud/numbering';
import { deriveTable } from '../../crud/table.derive';
import type { DbOrTx } from '../../db/connection';
import { counters } from '../../db/schema/counters.schema';
import { prepayCardSecrets } from '../../db/schema/prepay-card-secrets.schema';
import { badInput, conflict, forbidden } from '../../http/envelope';
import { exportFileName } from '../files/export.job';
import { chunkWriter } from '../files/file-chunks.store';
import { createTask, updateTask } from '../files/file-task.store';
import { openSheet } from '../files/xlsx.writer';
import { cardMessages } from '../../../resources/messages/prepay-card.messages';
import { maintainableTypes } from './card-template.hooks';
import { hashCardSecret, newCardSecret } from './card-secret';
import { cardTable, templatesById, type TemplateRow } from './card-store';

/**
 * Making cards (制卡): `quantity` cards of an ENABLED template, held in stock by a store, in one
 * transaction with their batch record and their printing file.
 *
 * - Numbers follow the template's rule: its prefix, then a serial padded to the template's length.
 *   Serials come from the tenant's counter `prepay-card:<prefix>:<length>` (one statement draws the
 *   whole range), so templates sharing a rule share a sequence and no number is made twice; the
 *   unique index on the card number holds it as well. A batch's cards are consecutive, which is
 *   what a sale bill's number range selects.
 * - Each card gets a random 16-digit secret, stored only as its salted scrypt hash. The clear
 *   secrets are in the answer of this one request and in the printing file: a file-centre export
 *   task written here (resource `prepay-card-batch`), whose download the file centre allows only
 *   to the requester while they still hold the batch's read grant (the card query's maintain).
 * - Making cards of a type needs that type's template maintenance grant (card-template.hooks.ts).
 */

/** Cards made per insert statement. */
const CHUNK = 500;

export interface MakeCardsInput {
  readonly tx: DbOrTx;
  readonly actor: Actor;
  readonly templateId: number;
  readonly quantity: number;
  readonly storeId: number;
  readonly remark?: string | null;
}

export interface MadeBatch {
  readonly batchId: number;
  readonly batchNumber: string;
  readonly quantity: number;
  readonly firstNumber: string;
  readonly lastNumber: string;
  /** The file-centre task holding the printing file (card numbers and secrets). */
  readonly taskId: number;
  /** Every card made, with its secret: shown this once. */
  readonly cards: readonly { readonly number: string; readonly secret: string }[];
}

/** The template, locked against being disabled or changed while its cards are made. */
async function enabledTemplate(input: MakeCardsInput): Promise<TemplateRow> {
  const { tx, actor, templateId } = input;
  const templates = await templatesById({ db: tx, tenantId: actor.tenantId, ids: [templateId] });
  const template = templates.get(templateId);
  if (!template) throw badInput('error.fieldsInvalid', [{ field: 'templateId', key: 'cards.templateNotFound' }]);
  if (template.state !== 'ENABLED') throw badInput('error.fieldsInvalid', [{ field: 'templateId', key: 'cards.templateNotEnabled' }]);
  if (!maintainableTypes(actor.grants).some((type) => type === template.cardTemplateType)) throw forbidden('cardTemplate.typeForbidden');
  return template;
}

async function assertStore(input: MakeCardsInput): Promise<void> {
  const s = deriveTable(storeResource);
  const [row] = await input.tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.tenantId, input.actor.tenantId), eq(s.id, input.storeId)))
    .for('key share');
  if (!row) throw badInput('error.fieldsInvalid', [{ field: 'storeId', key: 'cards.storeNotFound' }]);
}

/** Draws `quantity` consecutive serials of a number rule; answers the first. */
async function drawSerials(args: { tx: DbOrTx; tenantId: number; rule: string; quantity: number; digits: number }): Promise<number> {
  const [row] = await args.tx
    .insert(counters)
    .values({ tenantId: args.tenantId, name: args.rule, value: args.quantity })
    .onConflictDoUpdate({
      target: [counters.tenantId, counters.name],
      set: { value: sql`${counters.value} + ${args.quantity}`, updatedAt: sql`now()` },
    })
    .returning({ value: counters.value });
  const last = row.value;
  if (last >= 10 ** args.digits) throw conflict('cards.numbersExhausted', { max: 10 ** args.digits - 1 });
  return last - args.quantity + 1;
}

/** The card numbers of a batch, by the template's rule. */
async function cardNumbers(input: MakeCardsInput, template: TemplateRow): Promise<string[]> {
  const prefix = template.cardNumberPrefix ?? '';
  const digits = template.cardNumberLength - prefix.length;
  const first = await drawSerials({
    tx: input.tx,
    tenantId: input.actor.tenantId,
    rule: `prepay-card:${prefix}:${template.cardNumberLength}`,
    quantity: input.quantity,
    digits,
  });
  return Array.from({ length: input.quantity }, (_, i) => `${prefix}${String(first + i).padStart(digits, '0')}`);
}

/** Writes the printing file as a finished export task of the requester; answers its id. */
async function writePrintingFile(args: {
  input: MakeCardsInput;
  batchNumber: string;
  template: TemplateRow;
  cards: readonly { number: string; secret: string }[];
}): Promise<number> {
  const { input, batchNumber, template, cards } = args;
  const { tx, actor } = input;
  const texts = (key: keyof typeof cardMessages) => pick(cardMessages[key], actor.locale);
  const title = `${texts('cards.print.title')}-${batchNumber}`;
  const fileName = exportFileName({ title, at: new Date(), zone: actor.timeZone });
  const taskId = await createTask({
    db: tx,
    owner: { tenantId: actor.tenantId, userId: actor.userId ?? 0 },
    module: 'prepaidCards',
    direction: 'export',
    resource: prepayCardBatchResource.name,
    fileName,
    params: { kind: 'card-secrets', batch: batchNumber },
  });
  const sheet = openSheet({
    stream: chunkWriter({ db: tx, tenantId: actor.tenantId, taskId, part: 'output' }),
    name: title,
    columns: [
      { header: texts('cards.print.number'), width: 24 },
      { header: texts('cards.print.secret'), width: 20 },
      { header: texts('cards.print.template'), width: 24 },
      { header: texts('cards.print.faceValue'), width: 12, numFmt: '0.00' },
      { header: texts('cards.print.batch'), width: 14 },
    ],
  });
  for (const card of cards) sheet.addRow([card.number, card.secret, template.name, Number(template.faceValue), batchNumber]);
  await sheet.close();
  const total = cards.length;
  await updateTask({
    db: tx,
    tenantId: actor.tenantId,
    id: taskId,
    patch: {
      state: 'succeeded',
      progress: 100,
      total,
      processed: total,
      outputName: fileName,
      startedAt: new Date(),
      finishedAt: new Date(),
    },
  });
  return taskId;
}

/** Makes a batch of cards (see the file's comment). */
export async function makeCards(input: MakeCardsInput): Promise<MadeBatch> {
  const { tx, actor } = input;
  const tenantId = actor.tenantId;
  const template = await enabledTemplate(input);
  await assertStore(input);
  const numbers = await cardNumbers(input, template);
  const batchNumber = await drawNumber({ db: tx, tenantId, resource: prepayCardBatchResource });
  const b = deriveTable(prepayCardBatchResource);
  const [batch] = await tx
    .insert(b)
    .values({
      tenantId,
      number: batchNumber,
      template: template.id,
      store: input.storeId,
      quantity: input.quantity,
      firstNumber: numbers[0],
      lastNumber: numbers[numbers.length - 1],
      remark: input.remark ?? null,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning({ id: b.id });
  const batchId = Number(batch.id);
  const c = cardTable();
  const made: { number: string; secret: string }[] = [];
  for (let start = 0; start < numbers.length; start += CHUNK) {
    const chunk = numbers.slice(start, start + CHUNK);
    const secrets = chunk.map(() => newCardSecret());
    const hashes = await Promise.all(secrets.map((secret) => hashCardSecret(secret)));
    const rows = await tx
      .insert(c)
      .values(
        chunk.map((number) => ({
          tenantId,
          number,
          template: template.id,
          cardType: template.cardTemplateType,
          state: 'IN_STOCK',
          faceValue: template.faceValue,
          balance: '0',
          store: input.storeId,
          batch: batchId,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })),
      )
      .returning({ id: c.id, number: c.number });
    const idOf = new Map(rows.map((row) => [String(row.number), Number(row.id)]));
    await tx.insert(prepayCardSecrets).values(chunk.map((number, i) => ({ tenantId, cardId: idOf.get(number)!, hash: hashes[i] })));
    chunk.forEach((number, i) => made.push({ number, secret: secrets[i] }));
  }
  const taskId = await writePrintingFile({ input, batchNumber, template, cards: made });
  await tx
    .update(b)
    .set({ secretsTask: taskId })
    .where(and(eq(b.tenantId, tenantId), eq(b.id, batchId)));
  return {
    batchId,
    batchNumber,
    quantity: made.length,
    firstNumber: numbers[0],
    lastNumber: numbers[numbers.length - 1],
    taskId,
    cards: made,
  };
}
