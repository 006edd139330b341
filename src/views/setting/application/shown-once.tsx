/**
 * A credential shown this once (an application's key, a webhook's signing secret): a dialog
 * that only its button closes, with the warning that it cannot be shown again and a copy button.
 */
import { Alert, Button, Modal, Typography } from 'antd';
import type { Translate } from '../../../fields/field-kind';

export function ShownOnce(props: {
  readonly t: Translate;
  /** The credential; null: the dialog is closed. */
  readonly value: string | null;
  /** The dialog's title and its warning (message keys). */
  readonly title: string;
  readonly warning: string;
  readonly testId: string;
  readonly onClose: () => void;
}) {
  const { t } = props;
  return (
    <Modal
      open={props.value !== null}
      title={t(props.title)}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={props.onClose}>
          {t('setting.application.keys.close')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t(props.warning)} style={{ marginBottom: 12 }} />
      <Typography.Paragraph copyable code data-testid={props.testId} style={{ wordBreak: 'break-all' }}>
        {props.value}
      </Typography.Paragraph>
    </Modal>
  );
}
