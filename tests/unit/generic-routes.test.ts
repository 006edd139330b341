import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/index';
import { defineResource, field } from '../../resources/define';
import { findScreen } from '../../resources/catalog/index';
import { resourceMessages } from '../../resources/resource-messages';
import { refineResources, resourceScreens, RESOURCE_SCREENS } from '../../src/screens/resource-screens';
import { opensInDrawer, permissionsFor, settingsLocations, viewHref, viewLocation } from '../../src/screens/generic/resource-routes';
import { allowedStateActions, isDeletable, isEditable, recordTitle } from '../../src/screens/generic/record-state';
import { buildTree, subtreeIds } from '../../src/fields/tree-build';

const drawerResource = defineResource({
  name: 'thing',
  table: 'things',
  title: ['东西', 'Thing'],
  route: { group: 'datum', entry: 'brand', screens: { list: 'brand' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    name: field.text({
      label: ['名称', 'Name'],
      required: true,
      help: ['帮助', 'Help'],
      pattern: { regex: '^x', message: ['须以x开头', 'Starts with x'] },
    }),
    kind: field.enum({ label: ['类别', 'Kind'], options: { A: { label: ['甲', 'Alpha'] } } }),
    lines: field.lines({ label: ['明细', 'Lines'], fields: { qty: field.integer({ label: ['数量', 'Qty'] }) } }),
    state: field.enum({ label: ['状态', 'State'], options: { NEW: { label: ['新', 'New'] }, DONE: { label: ['完', 'Done'] } } }),
  },
  titleField: 'name',
  list: { defaultSort: { field: 'name', order: 'asc' } },
  states: {
    field: 'state',
    initial: 'NEW',
    editableIn: ['NEW'],
    deletableIn: ['NEW'],
    actions: { finish: { label: ['完成', 'Finish'], from: ['NEW'], to: 'DONE', confirm: ['完成？', 'Finish?'], requires: '资料查看' } },
  },
});

const routedResource = defineResource({
  ...drawerResource,
  name: 'routed-thing',
  route: {
    group: 'deposit',
    entry: 'prepay-card-tpl',
    screens: { list: 'prepay-card-tpl', add: 'prepay-card-tpl-edit', dtl: 'prepay-card-tpl-dtl' },
  },
});

describe('resource routes', () => {
  it('opens views without a screen in a drawer over the list, addressed by the url', () => {
    expect(opensInDrawer(drawerResource, 'edit')).toBe(true);
    expect(viewHref(drawerResource, 'list')).toBe('/datum/brand/brand');
    expect(viewHref(drawerResource, 'add')).toBe('/datum/brand/brand?view=add');
    expect(viewHref(drawerResource, 'edit', 7)).toBe('/datum/brand/brand?view=edit&id=7');
    expect(viewHref(drawerResource, 'dtl', 7)).toBe('/datum/brand/brand?view=dtl&id=7');
  });

  it('routes views with a screen to it, the add screen doubling as edit', () => {
    expect(opensInDrawer(routedResource, 'edit')).toBe(false);
    expect(viewHref(routedResource, 'add')).toBe('/deposit/prepay-card-tpl/prepay-card-tpl-edit');
    expect(viewHref(routedResource, 'edit', 3)).toBe('/deposit/prepay-card-tpl/prepay-card-tpl-edit?id=3');
    expect(viewHref(routedResource, 'dtl', 3)).toBe('/deposit/prepay-card-tpl/prepay-card-tpl-dtl?id=3');
  });

  it('derives a loader for every declared screen, each a catalogue screen', () => {
    const keys = Object.keys(resourceScreens([drawerResource, routedResource]));
    expect(keys).toEqual([
      'datum/brand/brand',
      'deposit/prepay-card-tpl/prepay-card-tpl',
      'deposit/prepay-card-tpl/prepay-card-tpl-dtl',
      'deposit/prepay-card-tpl/prepay-card-tpl-edit',
    ]);
    for (const key of Object.keys(RESOURCE_SCREENS)) {
      const [group, entry, screen] = key.split('/');
      expect(findScreen({ group: group as never, entry, screen }), key).toBeDefined();
    }
    expect(Object.keys(RESOURCE_SCREENS).length).toBeGreaterThanOrEqual(RESOURCES.length);
  });

  it('gives a settings object a read screen and, when declared, an edit screen of its own', () => {
    const settingsFields = { remark: field.longText({ label: ['说明', 'Notes'] }) };
    const base = {
      table: 'thing_settings',
      title: ['设置', 'Settings'] as const,
      access: { read: ['配置查看'], write: '配置维护' } as const,
      scope: 'tenant' as const,
      singleton: 'tenant' as const,
      fields: settingsFields,
      titleField: 'remark',
      list: { defaultSort: { field: 'id', order: 'asc' as const } },
    };
    const inPlace = defineResource({
      ...base,
      name: 'in-place',
      route: { group: 'member', entry: 'level', screens: { settings: 'level-valuate-rule' } },
    });
    const twoScreens = defineResource({
      ...base,
      name: 'two-screens',
      route: {
        group: 'deposit',
        entry: 'store-value-manage',
        screens: { settings: 'store-value-manage', settingsEdit: 'store-value-manage-edit' },
      },
    });
    expect(settingsLocations(inPlace)).toEqual({ read: '/member/level/level-valuate-rule', edit: undefined });
    expect(settingsLocations(twoScreens)).toEqual({
      read: '/deposit/store-value-manage/store-value-manage',
      edit: '/deposit/store-value-manage/store-value-manage-edit',
    });
    expect(Object.keys(resourceScreens([inPlace, twoScreens]))).toEqual([
      'member/level/level-valuate-rule',
      'deposit/store-value-manage/store-value-manage',
      'deposit/store-value-manage/store-value-manage-edit',
    ]);
    // The catalogue's screens of the stored-value settings all answer.
    for (const key of [
      'deposit/store-value-manage/store-value-manage',
      'deposit/store-value-manage/store-value-manage-edit',
      'deposit/store-value-applicable-goods/store-value-applicable-goods-dtl',
      'deposit/store-value-applicable-goods/store-value-applicable-goods-add',
    ]) {
      expect(RESOURCE_SCREENS[key], key).toBeDefined();
    }
  });

  it('derives refine resources with label key and permissions, without routes (the catalogue routes)', () => {
    const [drawer, routed] = refineResources([drawerResource, routedResource]);
    expect(drawer).toEqual({
      name: 'thing',
      meta: { label: 'res.thing', resourceId: '资料/品牌', endpoint: 'thing', permissionsFor: permissionsFor(drawerResource) },
    });
    expect(Object.keys(routed)).toEqual(['name', 'meta']);
    expect(viewHref(drawerResource, 'edit', 7)).toBe('/datum/brand/brand?view=edit&id=7');
    expect(viewHref(routedResource, 'edit', 7)).toBe('/deposit/prepay-card-tpl/prepay-card-tpl-edit?id=7');
    const permissions = permissionsFor(drawerResource);
    expect(permissions.list).toEqual([{ resourceId: '资料/品牌', action: '资料查看' }]);
    expect(permissions.delete).toEqual([{ resourceId: '资料/品牌', action: '配置维护' }]);
    expect(permissions.finish).toEqual([{ resourceId: '资料/品牌', action: '资料查看' }]);
    expect(refineResources().map((entry) => entry.name)).toEqual(RESOURCES.map((resource) => resource.name));
  });
});

describe('record state', () => {
  it('allows actions, edit and delete from the declared states', () => {
    const fresh = { id: 1, name: 'x1', state: 'NEW' };
    const done = { id: 2, name: '', state: 'DONE' };
    expect(allowedStateActions(drawerResource, fresh).map(([name]) => name)).toEqual(['finish']);
    expect(allowedStateActions(drawerResource, done)).toEqual([]);
    expect([isEditable(drawerResource, fresh), isEditable(drawerResource, done)]).toEqual([true, false]);
    expect([isDeletable(drawerResource, fresh), isDeletable(drawerResource, done)]).toEqual([true, false]);
    expect([recordTitle(drawerResource, fresh), recordTitle(drawerResource, done)]).toEqual(['x1', '2']);
  });
});

describe('derived messages', () => {
  it('names every label, option, line field, section and action of a declaration', () => {
    const book = resourceMessages([drawerResource]);
    expect(book['res.thing']).toEqual(['东西', 'Thing']);
    expect(book['res.thing.name']).toEqual(['名称', 'Name']);
    expect(book['res.thing.name.help']).toEqual(['帮助', 'Help']);
    expect(book['res.thing.name.pattern']).toEqual(['须以x开头', 'Starts with x']);
    expect(book['res.thing.kind.A']).toEqual(['甲', 'Alpha']);
    expect(book['res.thing.lines.qty']).toEqual(['数量', 'Qty']);
    expect(book['res.thing.section.main']).toEqual(['基本信息', 'Basic information']);
    expect(book['res.thing.action.finish']).toEqual(['完成', 'Finish']);
    expect(book['res.thing.action.finish.confirm']).toEqual(['完成？', 'Finish?']);
  });
});

describe('detail screens by value', () => {
  it('opens a system tag on the system tag detail and a manual one on the declared detail, both routed', () => {
    const tags = RESOURCES.find((resource) => resource.name === 'member-tag')!;
    expect(viewLocation(tags, 'dtl', 7, { tagType: 'SYSTEM' })).toEqual({
      pathname: '/promotion/tag-manage/sys-tag-detail',
      search: '?id=7',
    });
    expect(viewLocation(tags, 'dtl', 8, { tagType: 'MANUAL' })).toEqual({
      pathname: '/promotion/tag-manage/manual-tag-detail',
      search: '?id=8',
    });
    expect(viewLocation(tags, 'dtl', 8)).toEqual({ pathname: '/promotion/tag-manage/manual-tag-detail', search: '?id=8' });
    expect(Object.keys(RESOURCE_SCREENS)).toEqual(
      expect.arrayContaining(['promotion/tag-manage/sys-tag-detail', 'promotion/tag-manage/manual-tag-detail']),
    );
  });
});

describe('tree building', () => {
  it('nests by parent id, keeps orphans as roots and survives cycles', () => {
    const rows = [
      { id: 1, parent: null },
      { id: 2, parent: 1 },
      { id: 3, parent: 2 },
      { id: 4, parent: 99 },
      { id: 5, parent: 6 },
      { id: 6, parent: 5 },
    ];
    const roots = buildTree(rows, 'parent');
    expect(roots.map((node) => node.id)).toEqual([1, 4, 5, 6]);
    expect(roots[0].children?.[0].children?.[0].id).toBe(3);
    expect(roots[1].children).toBeUndefined();
    expect([...subtreeIds(roots, 2)]).toEqual(['2', '3']);
  });
});
