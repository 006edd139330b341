/**
 * Where the level screens are, per level type: the catalogue names one add, one rights and one
 * set-up screen for each type (member/level/*). Plain data, so links need no screen code.
 */
import { LEVEL_TYPES, levelResource, type LevelType } from '../../../../resources/member/level.resource';

/** The catalogue screens of one level type, and the form sections its rights screen shows. */
export interface LevelTypeScreens {
  readonly add: string;
  readonly rights: string;
  readonly init: string;
  readonly rightsSections: readonly string[];
}

export const LEVEL_SCREENS: Readonly<Record<LevelType, LevelTypeScreens>> = {
  FREE: { add: 'free-level-add', rights: 'free-level-right-modify', init: 'free-level-init', rightsSections: ['rights'] },
  SPECIAL: { add: 'special-level-add', rights: 'special-level-right-modify', init: 'special-level-init', rightsSections: ['rights'] },
  // The paid rights screen also says where the level applies (pay-level-right-data-and-suit).
  PAID: {
    add: 'pay-level-add',
    rights: 'pay-level-right-data-and-suit',
    init: 'pay-level-rights-init',
    rightsSections: ['rights', 'suit'],
  },
};

/** The level management screen, and the query parameter naming its open tab. */
export const LEVEL_MANAGE = 'level-manage';
export const TYPE_PARAM = 'type';

/** Route of a level screen, with an optional record id or tab. */
export function levelPath(screen: string, query: { id?: string | number; type?: LevelType } = {}): string {
  const params = new URLSearchParams();
  if (query.id !== undefined) params.set('id', String(query.id));
  if (query.type !== undefined) params.set(TYPE_PARAM, query.type);
  const search = params.toString();
  return `/${levelResource.route.group}/${levelResource.route.entry}/${screen}${search ? `?${search}` : ''}`;
}

/** A level type named in a query parameter, or the first type. */
export function levelTypeOf(value: string | null): LevelType {
  return (LEVEL_TYPES as readonly string[]).includes(value ?? '') ? (value as LevelType) : LEVEL_TYPES[0];
}
