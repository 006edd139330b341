/**
 * The condition builder: nested AND / OR groups of conditions, each a metric picker, an operator
 * picker offering only the metric's operators, a look-back window where the metric takes one and
 * a value input of the metric's kind (condition-value.tsx). Every part is a form item under the
 * field's name path (`rule.children.0.window`), so the form keeps the tree and a server error
 * naming a node's path lands on that node's input.
 */
import { Button, Form, Radio, Select, Space, Tag } from 'antd';
import {
  LOOK_BACK_WINDOWS,
  MAX_CONDITION_DEPTH,
  METRICS,
  type ConditionOperator,
  type MetricName,
} from '../../../resources/contract/audience-condition.types';
import { AriaSafeSelect } from '../controls/aria-safe-select';
import type { Translate } from '../field-kind';
import { isGroup, leafFor, newGroup, operatorsOf, takesNoValue, type DraftLeaf, type DraftNode } from './condition-draft';
import { ConditionValueInput } from './condition-value';
import { ValueHolder } from './value-holder';

type NamePath = readonly (string | number)[];

/** Where a node sits: its name relative to the enclosing list (antd's) and its absolute path. */
interface NodePlace {
  readonly rel: NamePath;
  readonly abs: NamePath;
  readonly depth: number;
  readonly t: Translate;
  readonly disabled?: boolean;
  /** The node's number for people and screen readers: `2.1`, the first of the second's (none for the root). */
  readonly number?: string;
}

/**
 * A value of the form as it changes. `useWatch` answers undefined until its effect has run, so
 * the first drawing reads the store itself: a saved condition shows whole at once.
 */
function useValue(path: NamePath): unknown {
  const form = Form.useFormInstance();
  const watched = Form.useWatch([...path], { form, preserve: true }) as unknown;
  return watched === undefined ? (form.getFieldValue([...path]) as unknown) : watched;
}

const METRIC_NAMES = Object.keys(METRICS) as MetricName[];

function required(t: Translate, label: string) {
  return [{ required: true, message: t('validation.required', { label }) }];
}

/** One condition: metric, window, operator, value and its remove button. */
function LeafEditor(props: NodePlace & { readonly onRemove: () => void }) {
  const { rel, abs, t, disabled } = props;
  const form = Form.useFormInstance();
  const leaf = (useValue(abs) ?? {}) as DraftLeaf;
  const metric = leaf.metric && Object.hasOwn(METRICS, leaf.metric) ? leaf.metric : undefined;
  const operator = leaf.operator;
  const n = props.number ?? '1';
  const labels = {
    metric: `${t('audience.builder.metric')} ${n}`,
    window: `${t('audience.builder.window')} ${n}`,
    operator: `${t('audience.builder.operator')} ${n}`,
    value: `${t('audience.builder.value')} ${n}`,
  };
  return (
    <Space wrap align="start" data-condition={abs.join('.')} className="condition-leaf">
      <Form.Item name={[...rel, 'metric']} rules={required(t, t('audience.builder.metric'))} style={{ marginBottom: 8 }}>
        <AriaSafeSelect
          // A new metric starts over: its first operator, its window, no value of the old one's kind.
          onChange={(next: MetricName) => form.setFieldValue([...abs], leafFor(next))}
        >
          <Select
            aria-label={labels.metric}
            placeholder={t('audience.builder.metric')}
            disabled={disabled}
            style={{ width: 190 }}
            popupMatchSelectWidth={false}
            options={METRIC_NAMES.map((name) => ({ value: name, label: t(`audience.metric.${name}`) }))}
          />
        </AriaSafeSelect>
      </Form.Item>
      {metric && METRICS[metric].windowed ? (
        <Form.Item name={[...rel, 'window']} rules={required(t, t('audience.builder.window'))} style={{ marginBottom: 8 }}>
          <AriaSafeSelect>
            <Select
              aria-label={labels.window}
              disabled={disabled}
              style={{ width: 130 }}
              options={LOOK_BACK_WINDOWS.map((w) => ({ value: w, label: t(`audience.window.${w}`) }))}
            />
          </AriaSafeSelect>
        </Form.Item>
      ) : null}
      {metric ? (
        <Form.Item name={[...rel, 'operator']} rules={required(t, t('audience.builder.operator'))} style={{ marginBottom: 8 }}>
          <AriaSafeSelect onChange={() => form.setFieldValue([...abs, 'value'], undefined)}>
            <Select
              aria-label={labels.operator}
              disabled={disabled}
              style={{ width: 130 }}
              popupMatchSelectWidth={false}
              options={operatorsOf(metric).map((o) => ({ value: o, label: t(`audience.operator.${o}`) }))}
            />
          </AriaSafeSelect>
        </Form.Item>
      ) : null}
      {metric && operator && !takesNoValue(operator) ? (
        <Form.Item name={[...rel, 'value']} rules={required(t, t('audience.builder.value'))} style={{ marginBottom: 8 }}>
          <ConditionValueInput metric={metric} operator={operator as ConditionOperator} t={t} label={labels.value} disabled={disabled} />
        </Form.Item>
      ) : null}
      {/* A node's own error (`rule.children[0]`: not a condition) shows beside it. */}
      <Form.Item name={[...rel]} noStyle>
        <ValueHolder />
      </Form.Item>
      <Button type="text" danger onClick={props.onRemove} disabled={disabled} aria-label={`${t('audience.builder.removeCondition')} ${n}`}>
        {t('audience.builder.removeCondition')}
      </Button>
    </Space>
  );
}

/** A group: AND / OR, its conditions and groups, and the buttons that add to it. */
export function GroupEditor(props: NodePlace & { readonly onRemove?: () => void }) {
  const { rel, abs, depth, t, disabled } = props;
  const combine = (useValue([...abs, 'combine']) as 'and' | 'or' | undefined) ?? 'and';
  const word = t(combine === 'or' ? 'audience.builder.orWord' : 'audience.builder.andWord');
  return (
    <div
      className="condition-group"
      data-group={abs.join('.')}
      style={{
        border: '1px solid rgba(5, 5, 5, 0.15)',
        borderLeft: `3px solid ${combine === 'or' ? '#fa8c16' : '#1677ff'}`,
        borderRadius: 6,
        padding: '8px 12px',
        marginBottom: 8,
      }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Form.Item name={[...rel, 'combine']} initialValue="and" noStyle>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="small"
            disabled={disabled}
            aria-label={t('audience.builder.combine')}
            options={[
              { value: 'and', label: t('audience.builder.and') },
              { value: 'or', label: t('audience.builder.or') },
            ]}
          />
        </Form.Item>
        {props.onRemove ? (
          <Button
            size="small"
            type="text"
            danger
            onClick={props.onRemove}
            disabled={disabled}
            aria-label={`${t('audience.builder.removeGroup')} ${props.number ?? ''}`.trim()}
          >
            {t('audience.builder.removeGroup')}
          </Button>
        ) : null}
      </Space>
      <Form.List name={[...rel, 'children']} initialValue={[{}]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((f, i) => (
              <div key={f.key}>
                {i > 0 ? (
                  <Tag color={combine === 'or' ? 'orange' : 'blue'} style={{ marginBottom: 6 }}>
                    {word}
                  </Tag>
                ) : null}
                <NodeEditor
                  rel={[f.name]}
                  abs={[...abs, 'children', f.name]}
                  depth={depth + 1}
                  t={t}
                  disabled={disabled}
                  number={props.number === undefined ? String(i + 1) : `${props.number}.${i + 1}`}
                  onRemove={() => remove(f.name)}
                />
              </div>
            ))}
            <Form.ErrorList errors={errors} />
            <Space wrap>
              <Button size="small" onClick={() => add({})} disabled={disabled}>
                {t('audience.builder.addCondition')}
              </Button>
              {depth + 1 < MAX_CONDITION_DEPTH ? (
                <Button size="small" onClick={() => add(newGroup())} disabled={disabled}>
                  {t('audience.builder.addGroup')}
                </Button>
              ) : null}
            </Space>
          </>
        )}
      </Form.List>
    </div>
  );
}

/** A child of a group: a condition or a nested group, as its value says. */
function NodeEditor(props: NodePlace & { readonly onRemove: () => void }) {
  // A node is added as a condition or as a group and stays one: read once, no watching.
  const node = Form.useFormInstance().getFieldValue([...props.abs]) as DraftNode | undefined;
  return isGroup(node) ? <GroupEditor {...props} /> : <LeafEditor {...props} />;
}
