import { describe, it, expect } from 'vitest';
import {
  canOpenScreen,
  evaluateCustomRule,
  hasAction,
  holdsAny,
  permissionTree,
  requiredForScreen,
  visibleMenu,
} from '../../resources/access';
import type { Grants, PermissionNode } from '../../resources/access';
import { CATALOG, RULE_PREFIXES } from '../../resources/catalog/index';
import type { PrefixRule, ScreenRef } from '../../resources/catalog/index';
import type { GroupDecl } from '../../resources/catalog/types';

function flatten(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** A role holding every action the permission tree offers. */
const everything: Grants = flatten(permissionTree())
  .filter((node) => node.actions.length > 0)
  .map((node) => ({ resourceId: node.resourceId, actions: [...node.actions] }));

const allScreens: ScreenRef[] = CATALOG.flatMap((group) =>
  group.entries.flatMap((entry) => entry.screens.map((screen) => ({ group: group.group, entry: entry.entry, screen: screen.name }))),
);

const open = (grants: Grants, ref: ScreenRef, query?: Record<string, string>) => canOpenScreen({ grants, ...ref, query });

describe('grant matching', () => {
  const grants: Grants = [{ resourceId: '会员/标准会员', actions: ['会员资料查看'] }];

  it('checks the exact resource and action', () => {
    expect(hasAction(grants, { resourceId: '会员/标准会员', action: '会员资料查看' })).toBe(true);
    expect(hasAction(grants, { resourceId: '会员/标准会员', action: '配置维护' })).toBe(false);
    expect(hasAction(grants, { resourceId: '会员/油站会员', action: '会员资料查看' })).toBe(false);
    expect(hasAction(grants, { resourceId: '会员', action: '会员资料查看' })).toBe(false);
  });

  it('holds any of a list, and an empty list always', () => {
    expect(holdsAny(grants, [])).toBe(true);
    expect(holdsAny([], [])).toBe(true);
    expect(
      holdsAny(grants, [
        { resourceId: '会员/标准会员', action: '配置维护' },
        { resourceId: '会员/标准会员', action: '会员资料查看' },
      ]),
    ).toBe(true);
    expect(holdsAny(grants, [{ resourceId: '会员/标准会员', action: '配置维护' }])).toBe(false);
  });
});

describe('route guard', () => {
  it('lets a full role open every screen', async () => {
    for (const ref of allScreens) expect(await open(everything, ref), `${ref.group}/${ref.entry}/${ref.screen}`).toBe(true);
  });

  it('opens exactly the three permission-free screens without grants', async () => {
    const free: string[] = [];
    for (const ref of allScreens) if (await open([], ref)) free.push(`${ref.group}/${ref.entry}/${ref.screen}`);
    expect(free.sort()).toEqual([
      'member/level-material/level-material',
      'promotion/birthday/birthday-home',
      'promotion/member-balance-promotion/list',
    ]);
  });

  it('lets viewers read and only maintainers change', async () => {
    const viewer: Grants = [{ resourceId: '会员/批量操作单', actions: ['单据查看'] }];
    const maintainer: Grants = [{ resourceId: '会员/批量操作单', actions: ['配置维护'] }];
    const screen = (name: string): ScreenRef => ({ group: 'member', entry: 'batch-operate', screen: name });
    expect(await open(viewer, screen('list'))).toBe(true);
    expect(await open(viewer, screen('dtl'))).toBe(true);
    expect(await open(viewer, screen('edit'))).toBe(false);
    expect(await open(maintainer, screen('edit'))).toBe(true);
    expect(await open(maintainer, screen('list'))).toBe(true);
  });

  it('refuses unknown screens', async () => {
    expect(requiredForScreen({ group: 'datum', entry: 'store', screen: 'nowhere' })).toBeUndefined();
    expect(await open(everything, { group: 'datum', entry: 'nowhere', screen: 'nowhere' })).toBe(false);
  });

  it('checks each payment offer kind on its own sub-resource', async () => {
    const discountOnly: Grants = [{ resourceId: `${RULE_PREFIXES.prepayCardPayActivity}/折扣`, actions: ['活动查看'] }];
    const ref = (screen: string): ScreenRef => ({ group: 'promotion', entry: 'card-balance-promotion', screen });
    expect(await open(discountOnly, ref('list'))).toBe(true);
    expect(await open(discountOnly, ref('discount-dtl'))).toBe(true);
    expect(await open(discountOnly, ref('dtl'))).toBe(false);
    expect(await open(discountOnly, ref('discount-edit'))).toBe(false);
  });

  it('needs a maintain grant under push plans to add one', async () => {
    const ref = (screen: string): ScreenRef => ({ group: 'promotion', entry: 'push-plan', screen });
    const viewer: Grants = [{ resourceId: `${RULE_PREFIXES.pushPlan}/短信`, actions: ['计划查看'] }];
    const maintainer: Grants = [{ resourceId: `${RULE_PREFIXES.pushPlan}/微信消息`, actions: ['配置维护'] }];
    expect(await open(viewer, ref('list'))).toBe(true);
    expect(await open(viewer, ref('dtl'))).toBe(true);
    expect(await open(viewer, ref('add'))).toBe(false);
    expect(await open(maintainer, ref('add'))).toBe(true);
  });

  it('hides flag-gated screens while their flag is off', async () => {
    const ref: ScreenRef = { group: 'promotion', entry: 'coupon-active', screen: 'qty-extra-points-add' };
    expect(await canOpenScreen({ grants: everything, ...ref, sysConfig: {} })).toBe(false);
    expect(await canOpenScreen({ grants: everything, ...ref, sysConfig: { enableGainPointsByQty: false } })).toBe(false);
    expect(await canOpenScreen({ grants: everything, ...ref, sysConfig: { enableGainPointsByQty: true } })).toBe(true);
    const ungated: ScreenRef = { group: 'promotion', entry: 'coupon-active', screen: 'score-doubling-add' };
    expect(await canOpenScreen({ grants: everything, ...ungated, sysConfig: {} })).toBe(true);
  });
});

describe('card template rules', () => {
  const giftViewer: Grants = [{ resourceId: '储值/卡模板/电子礼品卡', actions: ['卡模板查看'] }];
  const rechargeMaintainer: Grants = [{ resourceId: '储值/卡模板/充值卡', actions: ['卡模板维护'] }];
  const detail = (grants: Grants, query: Record<string, string>, templateTypeOf?: (n: string) => Promise<string | undefined>) =>
    canOpenScreen({ grants, group: 'deposit', entry: 'prepay-card-tpl', screen: 'prepay-card-tpl-dtl', query, templateTypeOf });

  it('opens a detail when the given card type is viewable', async () => {
    expect(await detail(giftViewer, { cardTemplateType: 'ONLINE_GIFT_CARD' })).toBe(true);
    expect(await detail(giftViewer, { cardTemplateType: 'IMPREST_CARD' })).toBe(false);
    expect(await detail(rechargeMaintainer, { cardTemplateType: 'IMPREST_CARD' })).toBe(true);
    expect(await detail(giftViewer, { cardTemplateType: 'NO_SUCH_CARD' })).toBe(false);
  });

  it('fetches the type when only the number is given', async () => {
    const asked: string[] = [];
    const lookup = async (number: string) => {
      asked.push(number);
      return number === 'T-1' ? 'ONLINE_GIFT_CARD' : number === 'T-2' ? 'OFFLINE_GIFT_CARD' : undefined;
    };
    expect(await detail(giftViewer, { number: 'T-1' }, lookup)).toBe(true);
    expect(await detail(giftViewer, { number: 'T-2' }, lookup)).toBe(false);
    expect(await detail(giftViewer, { number: 'T-404' }, lookup)).toBe(false);
    expect(asked).toEqual(['T-1', 'T-2', 'T-404']);
    expect(await detail(giftViewer, { number: 'T-1' })).toBe(false);
  });

  it('otherwise opens a detail when any card type is editable', async () => {
    expect(await detail(giftViewer, {})).toBe(false);
    expect(await detail(rechargeMaintainer, {})).toBe(true);
  });

  it('opens the editor for an editable type, or for any editable type when none is named', async () => {
    const edit = (grants: Grants, query: Record<string, string>) =>
      canOpenScreen({ grants, group: 'deposit', entry: 'prepay-card-tpl', screen: 'prepay-card-tpl-edit', query });
    expect(await edit(rechargeMaintainer, {})).toBe(true);
    expect(await edit(giftViewer, {})).toBe(false);
    expect(await edit(rechargeMaintainer, { cardTemplateType: 'IMPREST_CARD' })).toBe(true);
    expect(await edit(rechargeMaintainer, { cardTemplateType: 'RECHARGEABLE_CARD' })).toBe(false);
  });

  it('shows the card template menu entry for any card type grant', () => {
    const entries = (grants: Grants) => visibleMenu({ grants }).flatMap((group) => group.entries.map((entry) => entry.entry));
    expect(entries(giftViewer)).toEqual(['prepay-card-tpl']);
    expect(entries([{ resourceId: '储值/卡模板', actions: ['卡模板查看'] }])).toEqual([]);
  });
});

describe('prefix rules', () => {
  const rules = Object.keys(RULE_PREFIXES) as PrefixRule[];

  it('pass with any action below the folder and fail otherwise', async () => {
    for (const rule of rules) {
      const folder = RULE_PREFIXES[rule];
      const check = (grants: Grants) => evaluateCustomRule({ rule, grants });
      expect(await check([{ resourceId: `${folder}/任一子项`, actions: ['活动查看'] }]), rule).toBe(true);
      expect(await check([{ resourceId: `${folder}/任一子项`, actions: [] }]), rule).toBe(false);
      expect(await check([{ resourceId: folder, actions: ['活动查看'] }]), rule).toBe(false);
      expect(await check([{ resourceId: `${folder}外/子项`, actions: ['活动查看'] }]), rule).toBe(false);
      expect(await check([]), rule).toBe(false);
    }
  });

  it('decide the menu of their entries', () => {
    const menu = visibleMenu({ grants: [{ resourceId: `${RULE_PREFIXES.prepayCardChargeGift}/储值卡`, actions: ['活动查看'] }] });
    expect(menu).toEqual([
      {
        group: 'promotion',
        title: ['营销', 'Marketing'],
        entries: [
          {
            entry: 'prepay-card-charge-gift',
            title: ['预付卡充值赠礼', 'Card top-up gifts'],
            path: '/promotion/prepay-card-charge-gift/list',
          },
        ],
      },
    ]);
  });
});

describe('menu', () => {
  it('is empty without grants', () => {
    expect(visibleMenu({ grants: [] })).toEqual([]);
  });

  it('hides groups without a visible entry', () => {
    const menu = visibleMenu({
      grants: [
        { resourceId: '资料/门店', actions: ['资料查看'] },
        { resourceId: '设置/角色', actions: ['view'] },
      ],
    });
    expect(menu.map((group) => group.group)).toEqual(['datum', 'setting']);
    expect(menu[0].entries).toEqual([{ entry: 'store', title: ['门店', 'Stores'], path: '/datum/store/store' }]);
  });

  it('shows every entry to a full role, opening each at its default screen', () => {
    const menu = visibleMenu({ grants: everything });
    expect(menu.map((group) => group.group)).toEqual(CATALOG.map((group) => group.group));
    expect(menu.reduce((sum, group) => sum + group.entries.length, 0)).toBe(CATALOG.reduce((sum, group) => sum + group.entries.length, 0));
    expect(menu[0].entries[0].path).toBe('/member/home/home');
    expect(menu[0].entries.find((entry) => entry.entry === 'wechat')?.path).toBe('/member/wechat/wechat-member-card');
  });

  it('keeps only implemented entries', () => {
    const menu = visibleMenu({ grants: everything, isImplemented: (ref) => ref.group === 'datum' && ref.screen !== 'brand' });
    expect(menu.map((group) => group.group)).toEqual(['datum']);
    expect(menu[0].entries.map((entry) => entry.entry)).not.toContain('brand');
    // Every other entry of the group stays, in the catalogue's order.
    const datum = CATALOG.find((group) => group.group === 'datum') as GroupDecl;
    expect(menu[0].entries.map((entry) => entry.entry)).toEqual(
      datum.entries.map((entry) => entry.entry).filter((entry) => entry !== 'brand'),
    );
  });

  it('hides entries whose flag is off', () => {
    const promotion = CATALOG.find((group) => group.group === 'promotion') as GroupDecl;
    const gated: GroupDecl = {
      ...promotion,
      entries: promotion.entries.map((entry) =>
        entry.entry === 'coupon-active' ? { ...entry, requiresFlag: 'enableGainPointsByQty' as const } : entry,
      ),
    };
    const entries = (sysConfig: Record<string, boolean>) =>
      visibleMenu({ grants: everything, sysConfig, catalog: [gated] })[0].entries.map((entry) => entry.entry);
    expect(entries({})).not.toContain('coupon-active');
    expect(entries({ enableGainPointsByQty: true })).toContain('coupon-active');
    expect(entries({})).toHaveLength(promotion.entries.length - 1);
  });
});

describe('permission tree', () => {
  it('has the group roots in menu order with entries and card types below', () => {
    const tree = permissionTree();
    expect(tree.map((node) => node.resourceId)).toEqual(['会员', '积分', '储值', '券', '营销', '报表', '资料', '设置']);
    const cards = tree[2].children.find((node) => node.resourceId === '储值/卡模板');
    expect(cards?.actions).toEqual([]);
    expect(cards?.children.map((node) => node.name[1])).toEqual([
      'Recharge card',
      'Physical gift card',
      'Electronic gift card',
      'Stored-value card',
    ]);
    expect(tree[7].children.map((node) => [node.resourceId, node.actions])).toEqual([
      ['设置/用户', ['view', 'configure']],
      ['设置/角色', ['view', 'configure']],
      ['设置/应用', ['view', 'configure']],
      ['设置/渠道接入', ['view', 'configure']],
    ]);
  });
});
