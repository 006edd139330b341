import { applicationResource } from '../../../resources/setting/application.resource';
import { defineServerHooks } from '../../crud/server-hooks.define';
import { invalidateAuthCaches } from '../auth/session.cache';

/** Drops this process's cached keys of the tenant; other processes hear the table's trigger. */
const forgetKeys = ({ actor }: { actor: { tenantId: number } }) => invalidateAuthCaches({ tenantId: actor.tenantId });

/**
 * An application's keys are cached like sessions (server/modules/auth/session.cache.ts). The
 * `applications` trigger tells every process at commit; this process also forgets at once, so
 * the very next call after a disable, an enable or a change of grants or stores sees it.
 */
export const applicationHooks = defineServerHooks(applicationResource, {
  afterSave: forgetKeys,
  afterCommit: { disable: forgetKeys, enable: forgetKeys },
});
