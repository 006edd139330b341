import { describe, expect, it } from 'vitest';
import { defineResource, field, type ResourceStates, type StateTimeline } from '../../resources/define';
import { shownState, storedPlacesOf, timelineProblems, windowPlace } from '../../resources/state-timeline';
import { fieldContext } from '../../src/fields/field-kinds';
import { enumOptions } from '../../src/fields/kinds/choice.kind';

/** The code mirror of the timeline rule (the SQL of server/crud/state-timeline.ts is proved in tests/api/crud-timeline.test.ts). */

const timeline: StateTimeline = {
  window: { start: 'beginTime', end: 'endTime' },
  during: 'AUDITED',
  before: 'UNSTART',
  inside: 'PROCESSING',
  after: 'STOPED',
};
const start = new Date('2030-03-01T00:00:00Z');
const end = new Date('2030-03-31T12:00:00Z');
const second = (base: Date, delta: number) => new Date(base.getTime() + delta * 1000);

describe('shownState', () => {
  it.each([
    ['one second before the start', second(start, -1), 'UNSTART'],
    ['one millisecond before the start', new Date(start.getTime() - 1), 'UNSTART'],
    ['at the start', start, 'PROCESSING'],
    ['one second before the end', second(end, -1), 'PROCESSING'],
    ['at the end', end, 'STOPED'],
    ['long after', second(end, 86400 * 365), 'STOPED'],
  ])('an audited record %s shows %s', (_label, now, expected) => {
    expect(shownState({ timeline, stored: 'AUDITED', start, end, now })).toBe(expected);
    expect(shownState({ timeline, stored: 'AUDITED', start: start.getTime(), end: end.getTime(), now: now.getTime() })).toBe(expected);
  });

  it('shows every other stored state as itself, whatever the instant', () => {
    for (const now of [second(start, -1), start, end]) {
      expect(shownState({ timeline, stored: 'INITAIL', start, end, now })).toBe('INITAIL');
      expect(shownState({ timeline, stored: 'STOPED', start, end, now })).toBe('STOPED');
    }
  });

  it('reads a window whose end comes first as ended once started, like the SQL', () => {
    expect(windowPlace({ start: end, end: start, now: second(end, -1) })).toBe('before');
    expect(windowPlace({ start: end, end: start, now: end })).toBe('after');
  });
});

describe('storedPlacesOf', () => {
  it('rewrites each shown state to the stored states it can come from and window places', () => {
    const states: ResourceStates = {
      field: 'status',
      initial: 'INITAIL',
      actions: {
        audit: { label: ['审核', 'Audit'], from: ['INITAIL'], to: 'AUDITED' },
        stop: { label: ['终止', 'Stop'], from: ['UNSTART', 'PROCESSING'], to: 'STOPED' },
      },
      timeline,
    };
    // PROCESSING and UNSTART are never stored: only the window decides them.
    expect(storedPlacesOf(states, 'PROCESSING')).toEqual([{ stored: 'AUDITED', place: 'inside' }]);
    expect(storedPlacesOf(states, 'UNSTART')).toEqual([{ stored: 'AUDITED', place: 'before' }]);
    expect(storedPlacesOf(states, 'STOPED')).toEqual([{ stored: 'STOPED' }, { stored: 'AUDITED', place: 'after' }]);
    expect(storedPlacesOf(states, 'INITAIL')).toEqual([{ stored: 'INITAIL' }]);
    expect(storedPlacesOf(states, 'AUDITED')).toEqual([]);
  });
});

describe('the state filter of the browser', () => {
  it('offers the shown states, never the stored one the timeline replaces', () => {
    const resource = defineResource({
      name: 'timed',
      table: 'timed',
      title: ['活动', 'Campaign'],
      route: { group: 'promotion', entry: 'coupon-active', screens: { list: 'coupon-active-manage' } },
      access: { read: ['活动查看'], write: '配置维护' },
      scope: 'tenant',
      fields: {
        beginTime: field.datetime({ label: ['开始', 'Begins'], required: true }),
        endTime: field.datetime({ label: ['结束', 'Ends'], required: true }),
        status: field.enum({
          label: ['状态', 'Status'],
          serverManaged: true,
          filter: 'in',
          options: Object.fromEntries(['INITAIL', 'AUDITED', 'UNSTART', 'PROCESSING', 'STOPED'].map((s) => [s, { label: [s, s] }])),
        }),
      },
      titleField: 'beginTime',
      list: { defaultSort: { field: 'beginTime', order: 'desc' } },
      states: { field: 'status', initial: 'INITAIL', actions: {}, timeline },
    });
    const options = enumOptions(fieldContext({ resource, name: 'status', t: (key: string) => key }) as never);
    expect(options.map((o) => o.value)).toEqual(['INITAIL', 'UNSTART', 'PROCESSING', 'STOPED']);
    expect(timelineProblems(resource)).toEqual([]);
  });
});
