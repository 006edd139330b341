/**
 * Where the marketing theme's landing-page preview is placed (promotion manifest): beside the
 * form's one section, following every value as it is typed and staying in sight while the form
 * scrolls (where the drawer is too narrow for both, it goes under the fields); and as a tab of
 * the detail, drawn from the saved record.
 */
import { Flex, Form } from 'antd';
import type { DetailTabArgs, FormSectionArgs } from '../../../screens/manifest';
import { TopicPreview, type TopicValues } from './topic-preview';

/** The form's page section with the preview beside its fields. */
export function TopicPageSection(props: FormSectionArgs) {
  const values = (Form.useWatch((all: TopicValues) => all, { form: props.form, preserve: true }) ?? {}) as TopicValues;
  return (
    <Flex gap={24} wrap align="flex-start">
      {/* 300 px of fields and the 336 px phone fit side by side in the record drawer at 1280 px. */}
      <div style={{ flex: '1 1 300px', minWidth: 0 }}>{props.fields}</div>
      <div style={{ flex: '0 1 auto', minWidth: 0, position: 'sticky', top: 16 }}>
        <TopicPreview values={values} live t={props.t} />
      </div>
    </Flex>
  );
}

/** The detail's preview tab: the saved page. */
export function TopicPreviewTab(props: DetailTabArgs) {
  return <TopicPreview values={props.record as TopicValues} t={props.t} />;
}
