/**
 * The `object` kind: a structured value (a rule with its tiers) edited as a titled group of its
 * members, each with its own kind's input, rules and server errors (a member's name path is
 * `[object, member]`, a tier's cell `[object, tiers, row, field]`, so the server's
 * `rule.tiers[2].points` lands on that input); shown on the detail page as a list of members.
 * Members' labels are `res.<resource>.<object>.<member>`. A relation member shows and picks its
 * records like a relation field, named by the record's `_titles['<object>.<member>']`. Members
 * that apply to some records only (a kind's rule members, their `when` on the record's fields,
 * or on a sibling member: a validity's dates on its mode) are shown for those records only.
 */
import { Form } from 'antd';
import { Card, Descriptions } from '../controls/deferred-controls';
import type { FieldKind, ObjectField, ObjectMemberField } from '../../../resources/define';
import { applyingMembers, hasConditionalMembers, memberValueOf } from '../../../resources/field-rules';
import type { ApiRecord, FieldContext, FieldKindSpec } from '../field-kind';
import { DASH, labelOf } from '../field-helpers';
import { memberRecord } from '../relation-titles';

/** Looks up the spec of a member's kind (the registry, passed in to avoid an import cycle). */
export type SpecOf = (kind: FieldKind) => FieldKindSpec;

/** The context of one member of an object field. */
export function memberContext(ctx: FieldContext<ObjectField>, name: string): FieldContext<ObjectMemberField> {
  return {
    resource: ctx.resource,
    name,
    field: ctx.field.fields[name],
    key: `${ctx.key}.${name}`,
    t: ctx.t,
    path: [...(ctx.path ?? [ctx.name]), name],
  };
}

/**
 * The names of the members that apply to a record (its view's fixed values first: a kind view's
 * kind), their conditions reading the record's fields or the object's own members (`members`).
 */
function memberNames(args: { ctx: FieldContext<ObjectField>; members: unknown; valueOf: (name: string) => unknown }): string[] {
  const fixed = args.ctx.resource.fixedFilter ?? {};
  const valueOf = (name: string) => (Object.hasOwn(fixed, name) ? fixed[name] : args.valueOf(name));
  return Object.keys(applyingMembers(args.ctx.field, memberValueOf({ f: args.ctx.field, value: args.members, valueOf })).fields);
}

function membersOf(value: unknown): ApiRecord | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ApiRecord) : null;
}

function convert(args: { ctx: FieldContext<ObjectField>; specOf: SpecOf; value: unknown; direction: 'toForm' | 'fromForm' }): unknown {
  const members = membersOf(args.value);
  if (!members) return args.direction === 'fromForm' ? null : undefined;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(args.ctx.field.fields)) {
    const sub = memberContext(args.ctx, name);
    const change = args.specOf(sub.field.kind)[args.direction];
    // A member the value does not hold starts at its default (a new rule's quantity of 1).
    const given = args.direction === 'toForm' && members[name] === undefined ? sub.field.defaultValue : members[name];
    const value = change ? change(sub as FieldContext, given) : given;
    out[name] = args.direction === 'fromForm' && value === undefined ? null : value;
  }
  return out;
}

/** The object kind over the registry of its members' kinds. */
export function createObjectKind(specOf: SpecOf): FieldKindSpec<ObjectField> {
  const display = (ctx: FieldContext<ObjectField>, value: unknown, record: ApiRecord) => {
    const members = membersOf(value);
    if (!members) return DASH;
    return (
      <Descriptions
        size="small"
        column={1}
        bordered
        items={memberNames({ ctx, members, valueOf: (name) => record[name] }).map((name) => {
          const sub = memberContext(ctx, name) as FieldContext;
          const spec = specOf(sub.field.kind);
          return {
            key: name,
            label: labelOf(sub),
            children: (spec.display ?? spec.cell)(sub, members[name], memberRecord(record, ctx.name)),
          };
        })}
      />
    );
  };

  return {
    ownsFormItem: true,
    input: (ctx, options) => {
      const card = (names: readonly string[]) => (
        <Card size="small" data-field={ctx.key}>
          {names.map((name) => {
            const sub = memberContext(ctx, name) as FieldContext;
            const spec = specOf(sub.field.kind);
            const own = { disabled: options.disabled, record: memberRecord(options.record, ctx.name) };
            if (spec.ownsFormItem) return <div key={name}>{spec.input(sub, own)}</div>;
            return (
              <Form.Item
                key={name}
                label={labelOf(sub)}
                name={[...(sub.path ?? [name])]}
                rules={spec.rules(sub)}
                valuePropName={spec.valuePropName}
              >
                {spec.input(sub, own)}
              </Form.Item>
            );
          })}
        </Card>
      );
      const all = Object.keys(ctx.field.fields);
      return (
        <Form.Item label={labelOf(ctx)} required={ctx.field.required}>
          {hasConditionalMembers(ctx.field) ? (
            // The members follow the record's values as they are edited (the kind chosen).
            <Form.Item noStyle shouldUpdate>
              {({ getFieldValue }) =>
                card(
                  memberNames({
                    ctx,
                    members: getFieldValue([...(ctx.path ?? [ctx.name])]) as unknown,
                    valueOf: (name) => getFieldValue(name) as unknown,
                  }),
                )
              }
            </Form.Item>
          ) : (
            card(all)
          )}
        </Form.Item>
      );
    },
    cell: display,
    display,
    rules: () => [],
    toForm: (ctx, value) => convert({ ctx, specOf, value, direction: 'toForm' }),
    fromForm: (ctx, value) => convert({ ctx, specOf, value, direction: 'fromForm' }),
  };
}
