import { Form, Input, Typography } from 'antd';
import { REASON_MAX_LENGTH } from '../../../resources/define';
import { FormModal } from '../../components/form-modal';
import { useTranslate } from './use-translate';

/** Props of {@link ReasonDialog}. */
export interface ReasonDialogProps {
  /** The action's label (dialog title). */
  readonly title: string;
  /** The action's confirmation text, shown above the reason when declared. */
  readonly question?: string;
  /** The reason must be given (the action declares `reason: 'required'`). */
  readonly required: boolean;
  /** Runs the action with the reason; a 400 naming `reason` shows on the field. */
  readonly onSubmit: (reason: string) => Promise<unknown>;
  readonly onClose: () => void;
}

/**
 * The dialog of a state action that takes a reason (freeze, unfreeze, cancel …): the optional
 * confirmation, then the reason, checked in the browser as the server checks it.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const t = useTranslate();
  const label = t('screens.reason');
  return (
    <FormModal<{ reason?: string }>
      title={props.title}
      successText={t('screens.done')}
      onClose={props.onClose}
      onSubmit={(values) => props.onSubmit((values.reason ?? '').trim())}
    >
      {props.question ? <Typography.Paragraph>{props.question}</Typography.Paragraph> : null}
      <Form.Item
        name="reason"
        label={label}
        rules={[
          { required: props.required, whitespace: true, message: t('validation.required', { label }) },
          { max: REASON_MAX_LENGTH, message: t('validation.maxLength', { label, max: REASON_MAX_LENGTH }) },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={REASON_MAX_LENGTH}
          showCount
          placeholder={t('screens.reasonPlaceholder')}
          aria-label={label}
          autoFocus
        />
      </Form.Item>
    </FormModal>
  );
}
