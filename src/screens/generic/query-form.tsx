import { Button, Form, Space, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { Translate } from '../../fields/field-kind';

/** Search (submits the form it sits in) and Reset, as every filter bar ends. */
export function SearchResetButtons(props: { readonly t: Translate; readonly onReset: () => void }) {
  return (
    <>
      <Button type="primary" htmlType="submit">
        {props.t('screens.search')}
      </Button>
      <Button onClick={props.onReset}>{props.t('screens.reset')}</Button>
    </>
  );
}

/**
 * The filter bar of a hand-made list (points accounts and ledger, the stored-value history): an
 * inline form of the given filter items, then Search (submits the values) and Reset (empties the
 * form and submits nothing). The screen turns the values into its query's filters.
 */
export function QueryForm<V extends object>(props: {
  readonly t: Translate;
  readonly form: FormInstance<V>;
  readonly onSubmit: (values: V) => void;
  readonly children: ReactNode;
}) {
  const { t, form } = props;
  return (
    <Form form={form} layout="inline" onFinish={props.onSubmit} style={{ rowGap: 8, marginBottom: 16 }}>
      {props.children}
      <Form.Item>
        <Space>
          <SearchResetButtons
            t={t}
            onReset={() => {
              form.resetFields();
              props.onSubmit({} as V);
            }}
          />
        </Space>
      </Form.Item>
    </Form>
  );
}
