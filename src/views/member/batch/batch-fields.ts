/**
 * Which declared fields of a batch operation document apply, by its operation and selection
 * mode: the form shows only those, and the detail leaves the others out (the server clears them
 * on save). Pure, so the form and the detail read the same rule.
 */
import type { ResourceDef, Section } from '../../../../resources/define';
import {
  batchOperateResource, FILTER_FIELDS, OPERATION_PARAMETERS, PARAMETER_FIELDS, SOURCE_FILE_FIELD,
  type BatchOperation, type SelectionMode,
} from '../../../../resources/member/batch-operate.resource';

/** The document's choices that decide which fields apply. */
export interface BatchChoices {
  readonly operation?: unknown;
  readonly selectionMode?: unknown;
}

const isOperation = (value: unknown): value is BatchOperation => typeof value === 'string' && value in OPERATION_PARAMETERS;

/** The parameter fields of the chosen operation. */
export function parameterFields(choices: BatchChoices): readonly string[] {
  return isOperation(choices.operation) ? OPERATION_PARAMETERS[choices.operation] : [];
}

/** The fields of the selection mode (the filter's conditions, the imported file's name). */
export function modeFields(mode: SelectionMode | undefined): readonly string[] {
  if (mode === 'filtered') return Object.keys(FILTER_FIELDS);
  if (mode === 'imported') return [SOURCE_FILE_FIELD];
  return [];
}

/** True when a field applies to a document with these choices. */
export function applies(name: string, choices: BatchChoices): boolean {
  if (PARAMETER_FIELDS.includes(name)) return parameterFields(choices).includes(name);
  const all = [...modeFields('filtered'), ...modeFields('imported')];
  return !all.includes(name) || modeFields(choices.selectionMode as SelectionMode).includes(name);
}

/** The declaration with its detail sections narrowed to the fields that apply to one record. */
export function detailResourceOf(record: BatchChoices): ResourceDef {
  const detail: Section[] = (batchOperateResource.detail ?? []).map((section) => ({
    ...section, fields: section.fields.filter((name) => applies(name, record)),
  }));
  return { ...batchOperateResource, detail };
}
