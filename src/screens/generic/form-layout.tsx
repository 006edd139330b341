/**
 * How the generic form lays out a declaration's sections: all of them stacked (the default), a
 * chosen subset (a rights form shows only the rights section), or one antd Step per section (a
 * set-up wizard), with some fields fixed by the screen (a free-level form fixes the level type).
 * Only the fields that apply to the values being edited are shown (`when`, form-rules.ts): a
 * free level's form has no price, and a section none of whose fields applies is no step.
 */
import { Button, Col, Form, Row, Space, Steps, Typography, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { formSections, type FieldDef, type ResourceDef, type Section } from '../../../resources/define';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { fieldContext, specFor } from '../../fields/field-kinds';
import { appliesTo, lockedByState, useApplies, useFormSelection, useSettledConditions } from './form-rules';
import { useFormSections } from './screen-slots';

/** What a screen asks of the generic form's layout; everything is optional. */
export interface FormLayout {
  /** Keys of the declared form sections to show, in declaration order; default all. */
  readonly sections?: readonly string[];
  /** Field -> value set by the screen: shown read-only, sent on create. */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** One step per section, with Previous / Next; Save on the last step. */
  readonly steps?: boolean;
}

// Kinds that need a whole row to be usable.
const WIDE_KINDS: readonly FieldDef['kind'][] = ['longText', 'lines', 'file', 'weekdays', 'dateRange'];

/** The sections a layout shows, each with its declared fields; empty sections are dropped. */
export function layoutSections(resource: ResourceDef, layout: FormLayout = {}): Section[] {
  return formSections(resource)
    .filter((section) => layout.sections === undefined || layout.sections.includes(section.key))
    .map((section) => ({ ...section, fields: section.fields.filter((name) => resource.fields[name]) }))
    .filter((section) => section.fields.length > 0);
}

/** Props of {@link FormField}. */
export interface FormFieldProps {
  readonly resource: ResourceDef;
  readonly name: string;
  readonly t: Translate;
  /** Editing a stored record (read-only-after-create and state-locked fields are disabled). */
  readonly editing: boolean;
  /** Set by the screen: shown read-only. */
  readonly fixed?: boolean;
  /** The record being edited (relation titles of chosen values, its state for `editableIn`). */
  readonly record?: ApiRecord;
  /** One column (a drawer) or two (a page). */
  readonly columns: 1 | 2;
}

/**
 * One declared field of a form, inside its grid column: its kind's input, label, hint and rules,
 * shown only while it applies to the form's values, read-only when fixed by the screen, after
 * creation (`readOnlyAfterCreate`) or in the record's state (`editableIn`). Hand-made forms of
 * slot overrides draw their declared fields with it too.
 */
export function FormField(props: FormFieldProps) {
  const applies = useApplies(props.resource, props.name);
  if (!applies) return null;
  return <ShownField {...props} />;
}

function ShownField(props: FormFieldProps) {
  const ctx = fieldContext({ resource: props.resource, name: props.name, t: props.t });
  const spec = specFor(ctx.field);
  // A document number the engine draws (`numbering`) is shown, never typed: empty until saved.
  const numbered = props.resource.numbering?.field === props.name;
  const disabled =
    props.fixed === true ||
    numbered ||
    (props.editing && (ctx.field.readOnlyAfterCreate === true || lockedByState(props.resource, props.name, props.record)));
  const options = { disabled, record: props.record, recordId: props.record?.id as string | number | undefined };
  const span = props.columns === 1 || WIDE_KINDS.includes(ctx.field.kind) ? 24 : 12;
  const help = ctx.field.help ? props.t(`${ctx.key}.help`) : numbered && !props.editing ? props.t('screens.readOnlyAssigned') : undefined;
  return (
    <Col xs={24} md={span}>
      {spec.ownsFormItem ? (
        spec.input(ctx, options)
      ) : (
        <Form.Item name={props.name} label={props.t(ctx.key)} rules={spec.rules(ctx)} valuePropName={spec.valuePropName} extra={help}>
          {spec.input(ctx, options)}
        </Form.Item>
      )}
    </Col>
  );
}

/** Props of {@link FormBody}. */
export interface FormBodyProps {
  readonly resource: ResourceDef;
  readonly form: FormInstance;
  readonly sections: readonly Section[];
  readonly layout: FormLayout;
  readonly editing: boolean;
  readonly record?: ApiRecord;
  readonly columns: 1 | 2;
  readonly t: Translate;
  readonly saving: boolean;
  readonly onCancel: () => void;
}

/** The sections' fields (stacked or as steps) and the buttons that move through and save them. */
export function FormBody(props: FormBodyProps) {
  const { resource, layout, t } = props;
  useSettledConditions({ form: props.form, resource, t });
  // Sections none of whose fields applies to the values are left out (and are no step).
  const shownKeys = useFormSelection(props.form, (values) =>
    props.sections
      .filter((section) => section.fields.some((name) => appliesTo(resource, name, values)))
      .map((section) => section.key)
      .join('\n'),
  );
  const sections = props.sections.filter((section) => shownKeys.split('\n').includes(section.key));
  const [chosenStep, setStep] = useState(0);
  const sectionDrawing = useFormSections(resource);
  const step = Math.min(chosenStep, Math.max(0, sections.length - 1));
  const stepped = layout.steps === true && sections.length > 1;
  const fixed = layout.fixed ?? {};
  const last = !stepped || step === sections.length - 1;

  const next = async () => {
    // Only the current step's fields must be valid to move on; Save checks them all.
    await props.form.validateFields([...sections[step].fields]);
    setStep(step + 1);
  };

  const fieldsOf = (section: Section): ReactNode => (
    <Row gutter={16}>
      {section.fields.map((name) => (
        <FormField
          key={name}
          resource={resource}
          name={name}
          t={t}
          editing={props.editing}
          fixed={name in fixed}
          record={props.record}
          columns={props.columns}
        />
      ))}
    </Row>
  );
  // A domain may draw a section its own way (its manifest's formSections), around the declared fields.
  const drawSection = (section: Section, fields: ReactNode): ReactNode => {
    const renderer = sectionDrawing(section.key);
    return renderer
      ? renderer.render({ resource: resource.name, fields, form: props.form, editing: props.editing, record: props.record, t })
      : fields;
  };

  const block = (section: Section, index: number): ReactNode => (
    <div key={section.key} style={stepped && index !== step ? { display: 'none' } : undefined}>
      {sections.length > 1 && !stepped ? (
        <Typography.Title level={5}>{t(`res.${resource.name}.section.${section.key}`)}</Typography.Title>
      ) : null}
      {drawSection(section, fieldsOf(section))}
    </div>
  );

  return (
    <>
      {stepped ? (
        <Steps
          current={step}
          size="small"
          style={{ marginBottom: 24 }}
          items={sections.map((section) => ({ key: section.key, title: t(`res.${resource.name}.section.${section.key}`) }))}
        />
      ) : null}
      {sections.map(block)}
      {/* Fixed to the bottom of the view while a long form scrolls (shell.css). */}
      <Space className="console-form-footer">
        {stepped && step > 0 ? <Button onClick={() => setStep(step - 1)}>{t('screens.previous')}</Button> : null}
        {last ? (
          <Button type="primary" htmlType="submit" loading={props.saving}>
            {t('screens.save')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void next().catch(() => undefined)}>
            {t('screens.next')}
          </Button>
        )}
        <Button onClick={props.onCancel}>{t('screens.cancel')}</Button>
      </Space>
    </>
  );
}
