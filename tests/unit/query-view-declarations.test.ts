import { describe, expect, it } from 'vitest';
import { drillFilterOf } from '../../resources/query-view';
import { QUERY_VIEWS } from '../../resources/query-views';

/**
 * What a view's declaration names must exist in it: a cell that drills sets a declared filter
 * (a report reusing a ledger's columns keeps the ledger's drills), a group drills into a declared
 * filter, a chart draws declared measures by a declared dimension.
 */
describe.each(QUERY_VIEWS.map((view) => [view.name, view] as const))('query view %s', (_, view) => {
  it('drills, groups and charts only by what it declares', () => {
    for (const [name, column] of Object.entries(view.columns)) {
      if (column.drill) {
        expect(Object.keys(view.filters), `${name} drills into ${column.drill.filter}`).toContain(column.drill.filter);
        expect(Object.keys(view.columns)).toContain(column.drill.column);
      }
    }
    for (const group of view.groups ?? []) {
      expect(Object.keys(view.dimensions ?? {})).toContain(group);
      const filter = drillFilterOf(view, group);
      if (filter !== undefined) expect(Object.keys(view.filters), `${group} drills into ${filter}`).toContain(filter);
    }
    const chart = view.chart;
    if (chart) {
      for (const measure of [...chart.trend, ...(chart.compare ?? [])]) expect(Object.keys(view.measures)).toContain(measure);
      if (chart.share) {
        expect(Object.keys(view.dimensions ?? {})).toContain(chart.share.dimension);
        expect(Object.keys(view.measures)).toContain(chart.share.measure);
      }
    }
  });
});
