import { describe, expect, it } from 'vitest';
import type { FieldDef, RelationField } from '../../resources/define';
import { RESOURCES, resourceByName } from '../../resources/index';
import { QUERY_VIEWS } from '../../resources/query-views';

/** Every relation that shows figures (`RelationField.figures`), with where it is declared. */
function relationsWithFigures(): { where: string; field: RelationField }[] {
  const found: { where: string; field: RelationField }[] = [];
  const visit = (where: string, fields: Readonly<Record<string, FieldDef>>) => {
    for (const [name, f] of Object.entries(fields)) {
      if (f.kind === 'relation' && f.figures) found.push({ where: `${where}.${name}`, field: f });
      if (f.kind === 'lines' || f.kind === 'object') visit(`${where}.${name}`, f.fields as Record<string, FieldDef>);
    }
  };
  for (const resource of RESOURCES) visit(resource.name, resource.fields);
  return found;
}

describe('figures under a relation picker', () => {
  it('name a list, its equality filter on the chosen record and the figures it holds', () => {
    const relations = relationsWithFigures();
    // The adjustment lines of stored value and points show the member's balance.
    expect(relations.map((r) => r.where)).toEqual(expect.arrayContaining(['store-value-adjust.lines.member', 'score-adjust.lines.member']));
    for (const { where, field } of relations) {
      const figures = field.figures!;
      const resource = resourceByName(figures.resource);
      const view = QUERY_VIEWS.find((v) => v.name === figures.resource);
      expect(resource ?? view, `${where}: ${figures.resource}`).toBeDefined();
      if (resource) {
        expect(resource.fields[figures.field]?.filter, `${where}: filter ${figures.field}`).toBe('eq');
        for (const name of figures.show) expect(resource.fields[name], `${where}: ${name}`).toBeDefined();
      } else {
        expect(view!.filters[figures.field]?.kind, `${where}: filter ${figures.field}`).toBe('record');
        for (const name of figures.show) expect(view!.columns[name], `${where}: ${name}`).toBeDefined();
      }
    }
  });
});
