import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  CARD_TEMPLATE_TYPES,
  CATALOG,
  SHELL_ONLY_ROUTES,
  allResourceIds,
  catalogMessages,
  defaultScreenOf,
  findScreen,
  isMaintainAction,
  resolvePath,
  screenPath,
} from '../../resources/catalog/index';
import type { ScreenRef } from '../../resources/catalog/index';
import { accessFromName } from '../../resources/catalog/declare';
import { ACTIONS, MENU_GROUPS } from '../../resources/catalog/types';
import type { EntryDecl, MenuGroup } from '../../resources/catalog/types';
import { permissionTree, requiredForScreen } from '../../resources/access';
import type { PermissionNode } from '../../resources/access';

type SpecScreen = string | { kind: string; screens: string[] };
interface ScreensJson {
  menuGroups: string[];
  groups: Record<string, { entry: string; screens: SpecScreen[] }[]>;
  screenCount: number;
}

// The specification's list of screens (§2), kept in the repository beside the catalogue so the
// tests read nothing outside it.
const spec = JSON.parse(readFileSync(new URL('../../resources/catalog/screens.json', import.meta.url), 'utf8')) as ScreensJson;

/** The entries of a group that the specification lists (the product's own additions say why they are beyond it). */
const specified = (entries: readonly EntryDecl[]) => entries.filter((entry) => entry.beyondSpecification === undefined);

const allScreens: ScreenRef[] = CATALOG.flatMap((group) =>
  specified(group.entries).flatMap((entry) =>
    entry.screens.map((screen) => ({ group: group.group, entry: entry.entry, screen: screen.name })),
  ),
);

function flatten(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

const CJK = /[\u4e00-\u9fff]/;

const specEntries = Object.values(spec.groups).flat();
/** screens.json's kind screens (coupon-active kinds), each kind naming its own add / detail screens. */
const specKinds = specEntries.flatMap((entry) =>
  entry.screens.filter((screen): screen is { kind: string; screens: string[] } => typeof screen !== 'string'),
);

describe('catalogue against screens.json', () => {
  it('lists the menu groups in the specified order', () => {
    expect(CATALOG.map((group) => group.group)).toEqual(spec.menuGroups);
    expect([...MENU_GROUPS]).toEqual(spec.menuGroups);
  });

  it('has exactly the entries of each group, in order', () => {
    for (const group of CATALOG) {
      expect(specified(group.entries).map((entry) => entry.entry)).toEqual(spec.groups[group.group].map((entry) => entry.entry));
    }
  });

  it('says why each entry beyond the specification is there, and gives it routes no specified screen has', () => {
    const beyond = CATALOG.flatMap((group) =>
      group.entries.filter((entry) => entry.beyondSpecification !== undefined).map((entry) => ({ group, entry })),
    );
    expect(beyond.map(({ entry }) => entry.entry)).toEqual([
      'meituan-voucher',
      'channel-identity',
      'points-roll-forward',
      'value-roll-forward',
      'application',
      'channel',
    ]);
    for (const { group, entry } of beyond) {
      expect(entry.beyondSpecification!.length).toBeGreaterThan(30);
      for (const screen of entry.screens) {
        const ref = { group: group.group, entry: entry.entry, screen: screen.name };
        expect(allScreens.map(screenPath)).not.toContain(screenPath(ref));
        expect(resolvePath(screenPath(ref))).toEqual(ref);
      }
    }
  });

  it('resolves every plain screen of screens.json to itself', () => {
    let checked = 0;
    for (const [group, entries] of Object.entries(spec.groups)) {
      for (const { entry, screens } of entries) {
        for (const screen of screens) {
          if (typeof screen !== 'string') continue;
          const ref = { group: group as MenuGroup, entry, screen };
          expect(findScreen(ref), screenPath(ref)).toBeDefined();
          expect(resolvePath(`/${group}/${entry}/${screen}`)).toEqual(ref);
          checked += 1;
        }
      }
    }
    // With the kind screens (next case), every screen screens.json counts is resolved.
    const kindScreens = specKinds.reduce((sum, kind) => sum + kind.screens.length, 0);
    expect(checked + kindScreens).toBe(spec.screenCount);
  });

  it('gives every coupon-active kind screen its own route', () => {
    const couponActive = spec.groups.promotion.find((entry) => entry.entry === 'coupon-active');
    const kinds = couponActive?.screens.filter((screen): screen is { kind: string; screens: string[] } => typeof screen !== 'string') ?? [];
    // screens.json names its kinds only under coupon-active, and the catalogue declares exactly those.
    expect(kinds).toEqual(specKinds);
    const declared = CATALOG.find((group) => group.group === 'promotion')?.entries.find((entry) => entry.entry === 'coupon-active');
    const declaredKinds = new Set(declared?.screens.flatMap((screen) => (screen.kind === undefined ? [] : [screen.kind])));
    expect([...declaredKinds].sort()).toEqual(kinds.map((kind) => kind.kind).sort());
    for (const kind of kinds) {
      for (const name of kind.screens) {
        const screen = declared?.screens.find((decl) => decl.kind === kind.kind && decl.kindScreen === name);
        expect(screen, `${kind.kind} ${name}`).toBeDefined();
        expect(resolvePath(`/promotion/coupon-active/${screen?.name}`)?.screen).toBe(screen?.name);
      }
    }
  });

  it('declares as many screens as the specification counts, with no duplicate route', () => {
    expect(allScreens).toHaveLength(spec.screenCount);
    expect(new Set(allScreens.map(screenPath)).size).toBe(spec.screenCount);
  });
});

describe('route resolution', () => {
  it('opens the default entry of a group', () => {
    expect(resolvePath('/member')).toEqual({ group: 'member', entry: 'home', screen: 'home' });
    expect(resolvePath('/score')).toEqual({ group: 'score', entry: 'home', screen: 'home' });
    expect(resolvePath('/deposit')).toEqual({ group: 'deposit', entry: 'store-value-manage', screen: 'store-value-manage' });
  });

  it('opens the screen named like the entry, the declared default, or the first screen', () => {
    expect(resolvePath('/datum/store')).toEqual({ group: 'datum', entry: 'store', screen: 'store' });
    expect(resolvePath('/promotion/invite-gift')?.screen).toBe('invite-gift');
    expect(resolvePath('/member/wechat')?.screen).toBe('wechat-member-card');
    expect(resolvePath('/coupons/coupon-template')?.screen).toBe('list');
  });

  it('ignores the hash, query and trailing slash', () => {
    expect(resolvePath('#/deposit/prepay-card-tpl/prepay-card-tpl-dtl?number=8801')).toEqual({
      group: 'deposit',
      entry: 'prepay-card-tpl',
      screen: 'prepay-card-tpl-dtl',
    });
    expect(resolvePath('/setting/role/')).toEqual({ group: 'setting', entry: 'role', screen: 'role' });
  });

  it('answers undefined for unknown paths and the shell-only /analysis', () => {
    for (const path of ['/', '', '/nowhere', '/member/nowhere', '/member/home/nowhere', '/member/home/home/extra', ...SHELL_ONLY_ROUTES]) {
      expect(resolvePath(path), path).toBeUndefined();
    }
  });

  it('builds canonical paths that resolve back', () => {
    for (const ref of allScreens) expect(resolvePath(screenPath(ref))).toEqual(ref);
  });
});

describe('resources and permissions of the catalogue', () => {
  const tree = flatten(permissionTree());
  const nodes = new Map(tree.map((node) => [node.resourceId, node]));

  it('places every entry and sub-resource under its group root and entry', () => {
    for (const group of CATALOG) {
      for (const entry of group.entries) {
        expect(entry.resourceId.startsWith(`${group.resourceRoot}/`)).toBe(true);
        for (const sub of entry.subResources ?? []) expect(sub.resourceId.startsWith(`${entry.resourceId}/`)).toBe(true);
      }
    }
  });

  it('puts every resourceId in the tree exactly once', () => {
    expect(tree).toHaveLength(nodes.size);
    expect(allResourceIds().sort()).toEqual([...nodes.keys()].sort());
  });

  it('offers in the tree every action a menu entry or screen asks for', () => {
    const asked = CATALOG.flatMap((group) =>
      group.entries.flatMap((entry) => [...entry.permissions, ...entry.screens.flatMap((screen) => screen.permissions ?? [])]),
    );
    // Every entry that is not open to all asks for an action on its own resource (or a sub-resource).
    for (const entry of CATALOG.flatMap((group) => group.entries).filter((e) => e.permissions.length > 0)) {
      expect(
        asked.some((ref) => ref.resourceId === entry.resourceId || ref.resourceId.startsWith(`${entry.resourceId}/`)),
        entry.entry,
      ).toBe(true);
    }
    for (const ref of asked) expect(nodes.get(ref.resourceId)?.actions, `${ref.resourceId} ${ref.action}`).toContain(ref.action);
  });

  it('requires a maintain action on every screen that changes data', () => {
    for (const ref of allScreens) {
      const match = findScreen(ref);
      if (!match || match.screen.custom) continue;
      const access = accessFromName({ entry: ref.entry, defaultScreen: match.entry.defaultScreen, name: ref.screen });
      const required = requiredForScreen(ref);
      if (access === 'maintain') {
        expect(required?.permissions.length, screenPath(ref)).toBeGreaterThan(0);
        expect(
          required?.permissions.every((perm) => isMaintainAction(perm.action)),
          screenPath(ref),
        ).toBe(true);
        expect(match.screen.hiddenFromMenu, screenPath(ref)).toBe(true);
      }
    }
  });

  it('keeps every entry landing screen open to viewers', () => {
    for (const group of CATALOG) {
      for (const entry of group.entries) {
        const landing = requiredForScreen({ group: group.group, entry: entry.entry, screen: defaultScreenOf(entry).name });
        const viewerMayOpen =
          landing !== undefined &&
          (landing.custom !== undefined ||
            landing.permissions.length === 0 ||
            landing.permissions.some((perm) => !isMaintainAction(perm.action)));
        expect(viewerMayOpen, entry.entry).toBe(true);
      }
    }
  });

  it('declares each prepaid card type with its own resource under the card templates', () => {
    expect(CARD_TEMPLATE_TYPES.map((type) => type.type).sort()).toEqual([
      'IMPREST_CARD',
      'OFFLINE_GIFT_CARD',
      'ONLINE_GIFT_CARD',
      'RECHARGEABLE_CARD',
    ]);
    for (const type of CARD_TEMPLATE_TYPES) {
      expect(type.resourceId.startsWith('储值/卡模板/')).toBe(true);
      expect(nodes.get(type.resourceId)?.actions).toEqual(['卡模板查看', '卡模板维护']);
    }
  });

  it('marks the flag-gated and flag-reading screens', () => {
    const gated = allScreens.filter((ref) => findScreen(ref)?.screen.requiresFlag === 'enableGainPointsByQty').map((ref) => ref.screen);
    expect(gated.sort()).toEqual([
      'goods-group-qty-extra-points-add',
      'goods-group-qty-extra-points-dtl',
      'qty-extra-points-add',
      'qty-extra-points-dtl',
    ]);
    const reading = allScreens.filter((ref) => findScreen(ref)?.screen.readsFlag === 'showMemberExtendDetail').map((ref) => ref.entry);
    expect(reading.sort()).toEqual(['dqsh-member', 'marketcenter-member', 'standard-member']);
  });
});

describe('catalogue messages', () => {
  const book = catalogMessages();

  it('has a key for every group, entry and screen', () => {
    for (const ref of allScreens) {
      expect(book[`menu.${ref.group}`]).toBeDefined();
      expect(book[`menu.${ref.group}.${ref.entry}`]).toBeDefined();
      expect(book[`screen.${ref.group}.${ref.entry}.${ref.screen}`]).toBeDefined();
    }
  });

  it('writes every text in Chinese and in English', () => {
    for (const [key, [zh, en]] of Object.entries(book)) {
      expect(zh.trim().length, key).toBeGreaterThan(0);
      expect(en.trim().length, key).toBeGreaterThan(0);
      expect(CJK.test(zh), key).toBe(true);
      expect(CJK.test(en), key).toBe(false);
    }
  });

  it('names permissions by their path in both languages', () => {
    expect(book['perm.储值/卡模板/充值卡']).toEqual(['储值/卡模板/充值卡', 'Stored value / Card templates / Recharge card']);
    expect(book['perm.会员']).toEqual(['会员', 'Members']);
    for (const id of allResourceIds()) expect(book[`perm.${id}`]?.[0]).toBe(id);
  });

  it('names every action', () => {
    for (const action of ACTIONS) expect(book[`action.${action}`]).toBeDefined();
    expect(book['action.数据查看']).toEqual(['数据查看', 'Data view']);
    expect(book['action.view']?.[1]).toBe('View');
  });
});
