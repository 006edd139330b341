import { classes, useAntdScope } from './antd-scope';

/**
 * A table row's selection box, drawn as antd's Checkbox draws it (label, span, native input and
 * the drawn box, with antd's classes and so its styles and focus ring): a list's page has twenty,
 * and antd's Checkbox brings its own components, style hooks and click wave to each. The header's
 * select-all box stays antd's (the table draws it).
 */
export function RowCheckbox(props: { readonly checked: boolean; readonly label: string; readonly onChange: (checked: boolean) => void }) {
  const { prefix, hash } = useAntdScope();
  const box = prefix('checkbox');
  return (
    <label className={classes(`${box}-wrapper`, props.checked && `${box}-wrapper-checked`, hash)}>
      <span className={classes(box, props.checked && `${box}-checked`, hash)}>
        <input
          type="checkbox"
          className={`${box}-input`}
          aria-label={props.label}
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          // The row's own click (a row that opens on click) is not the box's.
          onClick={(event) => event.stopPropagation()}
        />
        <span className={`${box}-inner`} />
      </span>
    </label>
  );
}
