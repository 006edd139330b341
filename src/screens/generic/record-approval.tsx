import { Alert, Typography } from 'antd';
import type { ResourceDef } from '../../../resources/define';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { allowedStateActions } from './record-state';

/**
 * The value approval rule on a screen (server/crud/value-approval.ts): the info answer of a
 * resource that creates value carries `approval`; its action is disabled, with the reason, for a
 * user who made or changed the record's amounts when a second person is required, and the detail
 * shows what the record creates against the merchant's thresholds. Nothing per screen: every
 * resource declaring `creates` gets it.
 */

/** One value of the answer: its kind, amount and threshold (yuan or points). */
export interface ApprovalValue {
  readonly kind: string;
  readonly amount: number;
  readonly threshold: number;
  readonly above: boolean;
}

/** The `approval` of an info answer. */
export interface RecordApproval {
  readonly action: string;
  readonly values: readonly ApprovalValue[];
  readonly required: boolean;
  readonly makers: readonly number[];
  readonly mayApprove: boolean;
}

/** The record's approval, when the server sent one (the info answer of a value-creating resource). */
export function recordApproval(record: ApiRecord): RecordApproval | undefined {
  const approval = record.approval as RecordApproval | null | undefined;
  return approval && typeof approval === 'object' && Array.isArray(approval.values) ? approval : undefined;
}

/**
 * Why the user may not run `action` on the record, as a message key: set only for the action
 * that applies the value, when a second person is required and the user is a maker.
 */
export function approvalBlock(record: ApiRecord, action: string): string | undefined {
  const approval = recordApproval(record);
  if (!approval || approval.action !== action || approval.mayApprove) return undefined;
  return 'approval.needsSecond';
}

/** An amount as the kind writes it: yuan with two decimals, whole points. */
const amountText = (kind: string, amount: number): string => (kind === 'points' ? String(amount) : amount.toFixed(2));

/**
 * The detail's approval panel: each value created against its threshold, and who may apply it.
 * Shown while the action that applies the value is still to run.
 */
export function ApprovalPanel(props: { readonly resource: ResourceDef; readonly record: ApiRecord; readonly t: Translate }) {
  const { record, t } = props;
  const approval = recordApproval(record);
  if (!approval || !allowedStateActions(props.resource, record).some(([name]) => name === approval.action)) return null;
  const blocked = approvalBlock(record, approval.action);
  return (
    <Alert
      data-testid="value-approval"
      type={blocked ? 'warning' : 'info'}
      showIcon
      message={t('approval.title')}
      description={
        <>
          {approval.values.map((value) => (
            <Typography.Paragraph key={value.kind} style={{ margin: 0 }}>
              {t('approval.value', {
                kind: t(`approval.kind.${value.kind}`),
                amount: amountText(value.kind, value.amount),
                threshold: amountText(value.kind, value.threshold),
              })}
            </Typography.Paragraph>
          ))}
          <Typography.Paragraph style={{ margin: 0 }}>
            {t(blocked ?? (approval.required ? 'approval.required' : 'approval.notRequired'))}
          </Typography.Paragraph>
        </>
      }
    />
  );
}
