import { and, eq, inArray } from 'drizzle-orm';
import { imageSize } from 'image-size';
import { pick, type Bilingual } from '../../../resources/messages/bilingual';
import { channelsMessages } from '../../../resources/messages/channels.messages';
import { memberCardResource } from '../../../resources/member/member-card.resource';
import { memberChannelIdentityResource } from '../../../resources/member/member-channel-identity.resource';
import { cardImageProblems, cardTextProblems, type CardProblem, type ImageFacts } from '../../../resources/member/wallet-card-rules';
import type { Locale } from '../../../resources/messages/bilingual';
import type { DbOrTx } from '../../db/connection';
import { badInput, type FieldError } from '../../http/envelope';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { deriveTable } from '../../crud/table.derive';
import { loadFile } from '../files/file-chunks.store';
import { findUpload } from '../uploads/upload.store';
import { publishMemberCard, type MemberCardRecord } from './member-card.publish';

const identities = () => deriveTable(memberChannelIdentityResource);

// The label of a field of the design, or of a button's text (`alipayButtons.buttons[1].text`).
function labelOf(path: string): Bilingual {
  if (path.startsWith('alipayButtons.buttons')) {
    const buttons = memberCardResource.fields.alipayButtons.fields.buttons;
    return path.endsWith('.text') ? buttons.fields.text.label : buttons.label;
  }
  return memberCardResource.fields[path as keyof typeof memberCardResource.fields].label;
}

/** A problem as the 400 names it: the field, and the message with the platform and its limit. */
function issueOf(problem: CardProblem, locale: Locale): FieldError {
  const values: Record<string, string | number> = {
    label: pick(labelOf(problem.field), locale),
    platform: pick(channelsMessages[`walletCard.platform.${problem.wallet}`], locale),
  };
  switch (problem.kind) {
    case 'tooLong':
      return { field: problem.field, key: `walletCard.tooLong.${problem.measure}`, values: { ...values, max: problem.max } };
    case 'tooManyButtons':
    case 'cardNumberTooLong':
      return { field: problem.field, key: `walletCard.${problem.kind}`, values: { ...values, max: problem.max } };
    case 'imageTooLarge':
      return { field: problem.field, key: 'walletCard.imageTooLarge', values: { ...values, maxMb: problem.maxMb } };
    case 'imageTooSmall':
      return { field: problem.field, key: 'walletCard.imageTooSmall', values: { ...values, width: problem.width, height: problem.height } };
    case 'imageNotSquare':
      return { field: problem.field, key: 'walletCard.imageNotSquare', values };
  }
}

/** An uploaded image's size and pixels, read from its stored bytes. */
async function imageFacts(args: { db: DbOrTx; tenantId: number; id: string }): Promise<ImageFacts | null> {
  const row = await findUpload({ db: args.db, owner: { tenantId: args.tenantId, resource: memberCardResource.name }, id: Number(args.id) });
  if (!row) return null;
  const bytes = await loadFile({ db: args.db, tenantId: args.tenantId, taskId: row.id, part: 'upload' });
  const { width, height } = imageSize(bytes);
  return { bytes: row.size, width, height };
}

/** A WeChat or Alipay card was issued: a member of the tenant holds an identity of either wallet. */
async function cardsIssued(db: DbOrTx, tenantId: number): Promise<boolean> {
  const t = identities();
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.tenantId, tenantId), inArray(t.channel, ['WECHAT', 'ALIPAY'])))
    .limit(1);
  return row !== undefined;
}

/**
 * The card design (resources/member/member-card.resource.ts): every platform limit checked on the
 * save, each broken one a 400 naming the field with the platform and its limit; the prefix of
 * the card number fixed once a card was issued; after the commit, the design sent to both wallets.
 */
export const memberCardHooks = defineServerHooks(memberCardResource, {
  beforeSave: async ({ db, actor, values, current }) => {
    const design = { ...(current ?? {}), ...values };
    const problems = cardTextProblems(design);
    for (const field of ['logo', 'background'] as const) {
      const id = values[field];
      if (!id || id === current?.[field]) continue;
      const facts = await imageFacts({ db, tenantId: actor.tenantId, id });
      if (facts) problems.push(...cardImageProblems(field, facts));
    }
    const issues = problems.map((problem) => issueOf(problem, actor.locale));
    const prefixChanged = 'numberPrefix' in values && (values.numberPrefix ?? '') !== (current?.numberPrefix ?? '');
    if (prefixChanged && current && (await cardsIssued(db, actor.tenantId))) {
      issues.push({ field: 'numberPrefix', key: 'walletCard.numberFixed', values: { label: pick(labelOf('numberPrefix'), actor.locale) } });
    }
    if (issues.length > 0) throw badInput('error.fieldsInvalid', issues);
  },
  afterSaveCommit: ({ app, actor, record }) => publishMemberCard({ app, actor, record: record as MemberCardRecord }),
});
