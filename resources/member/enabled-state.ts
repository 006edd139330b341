import type { ResourceStates } from '../define';

/**
 * The on/off life cycle several level and growth objects share (levels, growth rules, upgrade
 * incentives): a record starts enabled, is disabled instead of deleted while members may still
 * hold or earn by it, can be enabled again, and is deleted only once disabled.
 */

/**
 * The life cycle over the state field `preset.enabledState()` (resources/field-presets.ts) named
 * `state`; `what` names the object in the confirmation.
 */
export function enabledStates(what: readonly [string, string]): ResourceStates {
  return {
    field: 'state',
    initial: 'ENABLED',
    deletableIn: ['DISABLED'],
    actions: {
      disable: {
        label: ['停用', 'Disable'],
        from: ['ENABLED'],
        to: 'DISABLED',
        confirm: [
          `停用后该${what[0]}不再生效，可随时重新启用。确定停用吗？`,
          `A disabled ${what[1]} no longer applies until it is enabled again. Disable it?`,
        ],
        danger: true,
      },
      enable: {
        label: ['启用', 'Enable'],
        from: ['DISABLED'],
        to: 'ENABLED',
      },
    },
  };
}
