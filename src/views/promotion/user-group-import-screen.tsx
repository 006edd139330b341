/**
 * promotion/user-group/user-group-import: a static customer group from a list of member numbers
 * or mobiles, one per line, typed, pasted or read from a file: a text or CSV file's first column
 * read here, a workbook's (.xlsx) read by the server (`POST /v1/customer-group/sheet-lines`), into
 * the list the person sees before importing it (`POST /v1/customer-group/import`, server/modules/audiences/static-group.import.ts). The answer
 * is the group and a report of the lines that added no member, by line number and reason; the
 * group opens on its detail, whose Members tab lists exactly the members added.
 */
import { Alert, Button, Card, Form, Input, Result, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { typedPost } from '../../../providers/http';
import { base64Of } from '../../components/file-base64';
import type { ApiData } from '../../../resources/contract/api.types';
import { customerGroupResource } from '../../../resources/promotion/customer-group.resource';
import { applyFieldErrors } from '../../components/field-errors';
import { useDiscardGuard } from '../../components/use-discard-guard';
import { viewHref } from '../../screens/generic/resource-routes';
import { useTranslate } from '../../screens/generic/use-translate';
import { screenTitleKey } from '../../shell/menu';

type Imported = ApiData<'post', '/v1/customer-group/import'>;

interface ImportForm {
  readonly name: string;
  readonly description?: string;
  readonly lines: string;
}

const TITLE = { group: 'promotion', entry: 'user-group', screen: 'user-group-import' } as const;
const linesOf = (text: string | undefined) => (text ?? '').split(/\r?\n/);
const filledLines = (text: string | undefined) => linesOf(text).filter((line) => line.trim() !== '').length;

function ImportReport(props: { readonly answer: Imported; readonly again: () => void }) {
  const t = useTranslate();
  const { answer } = props;
  return (
    <Result
      status={answer.problemCount === 0 ? 'success' : 'warning'}
      title={t('audience.import.done', { lines: answer.lines, added: answer.added })}
      extra={[
        <Link key="open" to={`${viewHref(customerGroupResource, 'dtl', answer.id)}`}>
          <Button type="primary">{t('audience.import.open')}</Button>
        </Link>,
        <Button key="again" onClick={props.again}>
          {t('audience.import.again')}
        </Button>,
      ]}
    >
      {answer.problemCount === 0 ? (
        <Typography.Text>{t('audience.import.noProblems')}</Typography.Text>
      ) : (
        <Table
          data-testid="import-problems"
          size="small"
          rowKey="lineNo"
          title={() => t('audience.import.problems', { count: answer.problemCount })}
          dataSource={answer.problems}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          columns={[
            { key: 'lineNo', dataIndex: 'lineNo', title: t('audience.import.lineNo'), width: 80 },
            { key: 'value', dataIndex: 'value', title: t('audience.import.value') },
            {
              key: 'reason',
              dataIndex: 'reason',
              title: t('audience.import.reason'),
              render: (reason: string) => t(`audience.import.reason.${reason}`),
            },
          ]}
        />
      )}
    </Result>
  );
}

export default function UserGroupImportScreen() {
  const t = useTranslate();
  const [form] = Form.useForm<ImportForm>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [answer, setAnswer] = useState<Imported | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useDiscardGuard(dirty);
  const lines = Form.useWatch('lines', form);

  /** Fills the list from a picked file: a workbook's first column, or a text / CSV file's. */
  const readList = async (file: File) => {
    setFailed(null);
    try {
      const read = /\.xlsx$/i.test(file.name)
        ? (await typedPost('/v1/customer-group/sheet-lines', { data: { fileName: file.name, content: await base64Of(file) } })).lines
        : linesOf(await file.text()).map((row) => row.split(',')[0]?.replace(/^"|"$/g, '') ?? '');
      form.setFieldValue('lines', read.join('\n'));
      setDirty(true);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  };

  const submit = async (values: ImportForm) => {
    setSaving(true);
    setFailed(null);
    try {
      const imported = await typedPost('/v1/customer-group/import', {
        data: { name: values.name, description: values.description ?? null, lines: linesOf(values.lines) },
      });
      setDirty(false);
      setAnswer(imported);
    } catch (error) {
      // A refused field shows under its input; anything else the client has reported already.
      if (!applyFieldErrors(form, error)) setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const again = () => {
    form.resetFields();
    setAnswer(null);
  };

  return (
    <Card title={t(screenTitleKey(TITLE))}>
      {answer ? (
        <ImportReport answer={answer} again={again} />
      ) : (
        <Form<ImportForm>
          form={form}
          layout="vertical"
          style={{ maxWidth: 720 }}
          onValuesChange={() => setDirty(true)}
          onFinish={(values) => void submit(values)}
        >
          <Typography.Paragraph type="secondary">{t('audience.import.intro')}</Typography.Paragraph>
          <Form.Item name="name" label={t('res.customer-group.name')} rules={[{ required: true, whitespace: true, max: 40 }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="description" label={t('res.customer-group.description')} rules={[{ max: 200 }]}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
          <Form.Item
            name="lines"
            label={t('audience.import.lines')}
            extra={t('audience.import.lineCount', { count: filledLines(lines) })}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={10} spellCheck={false} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Space wrap>
            <Upload
              accept=".txt,.csv,.xlsx,text/plain,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              beforeUpload={(file) => {
                void readList(file);
                return false;
              }}
            >
              <Button>{t('audience.import.fromFile')}</Button>
            </Upload>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('audience.import.submit')}
            </Button>
          </Space>
          {failed ? <Alert style={{ marginTop: 16 }} type="error" showIcon message={failed} /> : null}
        </Form>
      )}
    </Card>
  );
}
