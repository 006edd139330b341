import { Space, Tag } from 'antd';
import type { ApiRecord } from '../field-kind';
import { DASH } from '../field-helpers';
import { useOptionTitles } from '../option-titles';
import { relationOptions } from '../relation-titles';

/** Props of {@link RelationTitlesView}. */
export interface RelationTitlesViewProps {
  /** API name of the referenced resource. */
  readonly resource: string;
  /** The row holding the reference. */
  readonly record: ApiRecord;
  /** The relation (or tree parent) field. */
  readonly name: string;
}

/**
 * The names of the records a row refers to: one name as text, several as tags. Names the row
 * does not carry are fetched (batched per page); until then the cell stays blank (an id is not
 * something to show a person), and a reference that no longer resolves shows its id.
 */
export function RelationTitlesView(props: RelationTitlesViewProps) {
  const options = relationOptions(props.record, props.name);
  const titles = useOptionTitles(
    props.resource,
    options.map((option) => option.id),
    options,
  );
  if (options.length === 0) return <>{DASH}</>;
  if (titles === undefined) return <span aria-busy="true" />;
  const names = options.map((option) => ({ key: String(option.id), text: titles?.get(String(option.id)) ?? String(option.id) }));
  if (names.length === 1) return <>{names[0].text}</>;
  return (
    <Space size={[0, 4]} wrap>
      {names.map((name) => (
        <Tag key={name.key}>{name.text}</Tag>
      ))}
    </Space>
  );
}
