/**
 * A relation's figures (`RelationField.figures`): under an adjustment line's member, the balance
 * the line changes, read from the list that keeps it (`POST /v1/<list>/query` filtered on the
 * member, one row). A list the user may not read shows nothing, quietly: the figures help, the
 * save does not depend on them. Answers are kept a few seconds, so the lines of one document ask
 * once per member, and a balance changed meanwhile shows on the next draft.
 */
import { Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { apiPost } from '../../../providers/http';
import { labelKey, type RelationFigures } from '../../../resources/define';
import { formatAmount, formatInteger } from '../../lib/format';
import { useDeclaration, useQueryView } from '../../screens/declaration-index';
import type { ApiRecord, Translate } from '../field-kind';
import { rememberedAnswer } from '../record-lookup';
import { CardFieldValue, type CardSpecOf } from './record-card';

/** How long a figure is trusted. */
const FIGURES_TTL_MS = 5_000;

/** The list's row; null when it has none (no account yet); undefined when it cannot be read. */
type Row = ApiRecord | null | undefined;

function figuresOf(figures: RelationFigures, id: string | number): Promise<Row> {
  return rememberedAnswer<Row>({
    key: `${figures.resource}\u0000figures\u0000${figures.field}\u0000${String(id)}`,
    ttlMs: FIGURES_TTL_MS,
    failed: undefined,
    ask: () =>
      apiPost<{ records?: ApiRecord[] }>(`/v1/${figures.resource}/query`, {
        data: { page: 1, pageSize: 1, filters: { [figures.field]: id }, sorters: [] },
        silent: true,
      }).then((page) => page.records?.[0] ?? null),
  });
}

/** One figure: its label and its value as the list shows it (a resource's field by its kind, a view's column by its own). */
function Figure(props: { figures: RelationFigures; name: string; row: ApiRecord; t: Translate; specOf: CardSpecOf }) {
  const { figures, name, row, t } = props;
  const resource = useDeclaration(figures.resource);
  const view = useQueryView(figures.resource);
  if (resource?.fields[name]) {
    return (
      <span data-figure={name}>
        <CardFieldValue resource={resource} name={name} record={row} specOf={props.specOf} t={t} />
      </span>
    );
  }
  const column = view?.columns[name];
  const value = row[name] as number | string | null;
  const shown = column?.kind === 'money' ? formatAmount(value) : column?.kind === 'integer' ? formatInteger(value) : String(value ?? '');
  return (
    <span data-figure={name}>
      <Typography.Text type="secondary">{t(labelKey(figures.resource, name))}: </Typography.Text>
      {shown}
    </span>
  );
}

/** The chosen record's figures, or nothing while they are read or when none can be. */
export function RecordFiguresLine(props: {
  readonly figures: RelationFigures;
  readonly id: string | number | undefined;
  readonly t: Translate;
  readonly specOf: CardSpecOf;
}) {
  const { figures, id } = props;
  const [row, setRow] = useState<{ id: string; row: Row } | null>(null);
  useEffect(() => {
    let live = true;
    if (id === undefined) return;
    void figuresOf(figures, id).then((found) => {
      if (live) setRow({ id: String(id), row: found });
    });
    return () => {
      live = false;
    };
  }, [figures, id]);
  if (id === undefined || row === null || row.id !== String(id) || row.row === undefined) return null;
  return (
    <div className="console-record-figures" role="note" style={{ fontSize: 12, lineHeight: '18px', marginTop: 4 }}>
      {row.row === null ? (
        <Typography.Text type="secondary">{props.t('screens.figures.none')}</Typography.Text>
      ) : (
        <Space size={[12, 0]} wrap>
          {figures.show.map((name) => (
            <Figure key={name} figures={figures} name={name} row={row.row!} t={props.t} specOf={props.specOf} />
          ))}
        </Space>
      )}
    </div>
  );
}
