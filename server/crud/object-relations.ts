import type { ObjectField, RelationField } from '../../resources/define';

/**
 * The relation members of an object field (a kind's rule naming a coupon template or goods),
 * at any depth of nested objects, with their path below the field. The engine treats each one
 * like a relation field: checked on save (record.validate.ts), named in `_titles` under
 * `<field>.<path>` (record.titles.ts), and holding its records against deletes through a jsonb
 * containment query served by the field's GIN index (inbound-references.ts, index.derive.ts).
 * Lines inside an object hold no relation (resource-registry.ts refuses them).
 */
export interface ObjectRelation {
  /** The members on the way, the relation last (`['rewardCouponTemplate']`). */
  readonly path: readonly string[];
  readonly field: RelationField;
}

const kept = new WeakMap<ObjectField, readonly ObjectRelation[]>();

/** The relation members of an object field, in declaration order (worked out once per declaration). */
export function objectRelations(f: ObjectField): readonly ObjectRelation[] {
  const known = kept.get(f);
  if (known) return known;
  const out: ObjectRelation[] = [];
  const visit = (object: ObjectField, path: readonly string[]) => {
    for (const [name, member] of Object.entries(object.fields)) {
      if (member.kind === 'relation') out.push({ path: [...path, name], field: member });
      if (member.kind === 'object') visit(member, [...path, name]);
    }
  };
  visit(f, []);
  kept.set(f, out);
  return out;
}

/** The value at a path inside a stored object value (undefined when a step is missing). */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let at = value;
  for (const step of path) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[step];
  }
  return at;
}

/** A jsonb value that contains the id at the path (`{"giftGoods": 7}`, `{"levels": [7]}`), for `@>`. */
export function containing(relation: ObjectRelation, id: number): string {
  let value: unknown = relation.field.multiple ? [id] : id;
  for (const step of [...relation.path].reverse()) value = { [step]: value };
  return JSON.stringify(value);
}
