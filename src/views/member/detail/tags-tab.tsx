import { Empty, Space } from 'antd';
import type { EnumField, ResourceDef } from '../../../../resources/define';
import type { ApiRecord, FieldContext, Translate } from '../../../fields/field-kind';
import { fieldContext } from '../../../fields/field-kinds';
import { enumTag } from '../../../fields/kinds/choice.kind';

/** The member's tags, with their declared colours. */
export function TagsTab(props: { readonly resource: ResourceDef; readonly record: ApiRecord; readonly t: Translate }) {
  const tags = Array.isArray(props.record.tags) ? (props.record.tags as string[]) : [];
  if (tags.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.t('member.detail.noTags')} />;
  const ctx = fieldContext({ resource: props.resource, name: 'tags', t: props.t }) as FieldContext<EnumField>;
  return (
    <Space size={[8, 8]} wrap data-testid="member-tags">
      {tags.map((tag) => enumTag(ctx, tag))}
    </Space>
  );
}
