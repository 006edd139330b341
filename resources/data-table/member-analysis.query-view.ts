import { memberResource } from '../member/member.resource';
import { defineQueryView } from '../query-view';
import { reportEntry } from './report-entry';

/**
 * Store member growth (门店会员增长分析, /data-table/member-analysis): the members who registered
 * in the period, by registration store and by day, with those invited by another member, those
 * of fuel stations and those still in use; each total drills down to the members behind it (the
 * rows are the members). Filters: dates (quick ranges), store, area, channel, profile.
 * Its source SQL: server/modules/members/member-analysis.source.ts.
 */
const f = memberResource.fields;

export const memberAnalysisView = defineQueryView({
  name: 'member-analysis',
  ...reportEntry('member-analysis'),
  key: 'id',
  time: 'registeredAt',
  empty: ['所选期间没有新注册的会员', 'No member registered in the chosen period'],
  columns: {
    id: { kind: 'integer', label: ['会员ID', 'Member id'], hidden: true },
    registeredAt: { kind: 'datetime', label: f.registeredAt.label, width: 170 },
    memberNumber: { kind: 'text', label: ['会员号', 'Member number'], width: 130 },
    name: { kind: 'text', label: f.name.label, width: 110 },
    storeId: { kind: 'integer', label: ['门店ID', 'Store id'], hidden: true },
    storeName: { kind: 'text', label: f.registerStore.label, width: 180 },
    channel: { kind: 'enum', label: f.channel.label, width: 100, options: f.channel.options },
    profile: { kind: 'enum', label: f.profile.label, width: 100, options: f.profile.options, nullable: true },
    state: { kind: 'enum', label: f.state.label, width: 100, options: f.state.options },
  },
  filters: {
    registeredAt: { kind: 'dateRange', label: ['注册日期', 'Registered'] },
    storeId: { kind: 'store', label: f.registerStore.label },
    areaId: { kind: 'area', label: ['区域', 'Area'] },
    channel: { kind: 'enum', label: f.channel.label },
    profile: { kind: 'enum', label: f.profile.label },
  },
  measures: {
    newMembers: {
      kind: 'integer',
      label: ['新增会员', 'New members'],
      help: ['期间内注册的会员数', 'Members who registered in the period'],
    },
    invited: {
      kind: 'integer',
      label: ['邀请注册', 'Invited'],
      help: ['其中由其他会员邀请注册的', 'Of them, those another member invited'],
    },
    petrol: {
      kind: 'integer',
      label: ['油站会员', 'Fuel station members'],
      help: ['其中档案为油站会员的', 'Of them, those with the fuel station profile'],
    },
    inUse: {
      kind: 'integer',
      label: ['仍在用', 'Still in use'],
      help: ['其中当前状态为在用的（未冻结、未注销）', 'Of them, those in use now (neither frozen nor cancelled)'],
    },
  },
  dimensions: {
    storeId: { kind: 'store', label: ['按门店', 'By store'] },
    day: { kind: 'day', label: ['按日', 'By day'] },
    channel: { kind: 'enum', label: ['按渠道', 'By channel'] },
  },
  groups: ['storeId', 'day'],
  chart: {
    trend: ['newMembers', 'invited'],
    share: { dimension: 'channel', measure: 'newMembers' },
    compare: ['newMembers', 'invited', 'petrol'],
  },
});
