/**
 * "Make cards" on the prepaid card inquiry: a dialog asking the template (enabled ones only), the
 * quantity and the store that holds them; once made it shows the batch, every card with its
 * secret (this once: the server keeps only hashes) and a link to the printing file in the file
 * centre.
 */
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useErrorReporter } from '../../../components/use-action';
import type { Translate } from '../../../fields/field-kind';
import { downloadUrl } from '../../../screens/files/file-task-api';
import { enabledTemplates, makeCards, storeOptions, type MadeBatch } from './card-api';

interface MakeValues {
  templateId: number;
  quantity: number;
  storeId: number;
  remark?: string;
}

export function MakeCardsButton(props: { t: Translate; onMade: () => void }) {
  const { t, onMade } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('cards.make.button')}</Button>
      {open && (
        <MakeCardsDialog
          t={t}
          onClose={(made) => {
            setOpen(false);
            if (made) onMade();
          }}
        />
      )}
    </>
  );
}

function MakeCardsDialog(props: { t: Translate; onClose: (made: boolean) => void }) {
  const { t, onClose } = props;
  const [form] = Form.useForm<MakeValues>();
  const report = useErrorReporter();
  const [templates, setTemplates] = useState<{ id: number; name: string }[]>([]);
  const [stores, setStores] = useState<{ id: number; title: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<MadeBatch | null>(null);
  useEffect(() => {
    enabledTemplates().then(setTemplates).catch(report);
    storeOptions().then(setStores).catch(report);
  }, [report]);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      setMade(await makeCards({ ...values, remark: values.remark || undefined }));
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  if (made) {
    return (
      <Modal
        open
        title={t('cards.make.title')}
        width={720}
        onCancel={() => onClose(true)}
        footer={
          <Button type="primary" onClick={() => onClose(true)}>
            {t('cards.make.close')}
          </Button>
        }
      >
        <Alert
          type="success"
          showIcon
          message={t('cards.make.done', {
            quantity: made.quantity,
            batch: made.batchNumber,
            first: made.firstNumber,
            last: made.lastNumber,
          })}
          description={
            <>
              <Typography.Paragraph>{t('cards.make.secretsOnce')}</Typography.Paragraph>
              <a href={downloadUrl(made.taskId)}>{t('cards.make.download')}</a>
            </>
          }
        />
        <Table
          rowKey="number"
          size="small"
          style={{ marginTop: 16 }}
          dataSource={[...made.cards]}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { key: 'number', dataIndex: 'number', title: t('cards.print.number') },
            { key: 'secret', dataIndex: 'secret', title: t('cards.print.secret') },
          ]}
        />
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('cards.make.title')}
      okText={t('cards.make.submit')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
    >
      <Form form={form} layout="vertical" initialValues={{ quantity: 10 }}>
        <Form.Item name="templateId" label={t('cards.make.template')} extra={t('cards.make.templateHint')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))} />
        </Form.Item>
        <Form.Item name="quantity" label={t('cards.make.quantity')} rules={[{ required: true }]}>
          <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="storeId" label={t('cards.make.store')} rules={[{ required: true }]}>
          <Select showSearch optionFilterProp="label" options={stores.map((store) => ({ value: store.id, label: store.title }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('cards.make.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
