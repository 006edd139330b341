import { and, eq, ne, or } from 'drizzle-orm';
import { pick } from '../../../resources/messages/bilingual';
import { memberChannelIdentityResource } from '../../../resources/member/member-channel-identity.resource';
import { badInput } from '../../http/envelope';
import { defineServerHooks } from '../../crud/server-hooks.define';

/**
 * A member's channel identities (resources/member/member-channel-identity.resource.ts): an
 * identity names one member (unique per channel and id in the tenant), a member has one identity
 * per channel. The two keys are filled here and held by unique indexes; the check before them
 * answers 400 naming the field a person typed, the index holds against two saves at once.
 */
export const memberChannelIdentityHooks = defineServerHooks(memberChannelIdentityResource, {
  beforeSave: async ({ db, actor, table: t, values, current }) => {
    const channel = values.channel ?? current?.channel;
    const externalId = (values.externalId ?? current?.externalId ?? '').trim();
    const member = values.member ?? current?.member;
    if (!channel || !externalId || member === undefined || member === null) return;
    values.externalId = externalId;
    values.identityKey = `${channel}:${externalId}`;
    values.memberChannelKey = `${String(member)}:${channel}`;
    const others = await db
      .select({ identityKey: t.identityKey, memberChannelKey: t.memberChannelKey })
      .from(t)
      .where(
        and(
          eq(t.tenantId, actor.tenantId),
          or(eq(t.identityKey, values.identityKey), eq(t.memberChannelKey, values.memberChannelKey)),
          current ? ne(t.id, Number(current.id)) : undefined,
        ),
      );
    const option = memberChannelIdentityResource.fields.channel.options[channel];
    const named = { channel: pick(option.label, actor.locale) };
    if (others.some((other) => other.identityKey === values.identityKey))
      throw badInput('error.fieldsInvalid', [{ field: 'externalId', key: 'identity.taken', values: named }]);
    if (others.some((other) => other.memberChannelKey === values.memberChannelKey))
      throw badInput('error.fieldsInvalid', [{ field: 'channel', key: 'identity.memberHasChannel', values: named }]);
  },
});
