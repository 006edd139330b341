/** Points group: points overview, adjustment documents and the points ledger query. */
import { declareEntry } from './declare';
import type { GroupDecl } from './types';

export const scoreGroup: GroupDecl = {
  group: 'score',
  title: ['积分', 'Points'],
  resourceRoot: '积分',
  resourceRootEn: 'Points',
  defaultEntry: 'home',
  entries: [
    declareEntry({
      entry: 'home',
      title: ['积分概览', 'Points overview'],
      resourceId: '积分/积分概览',
      resourceTitleEn: 'Points overview',
      actions: ['数据查看'],
      screens: [{ name: 'home', title: ['积分概览', 'Points overview'] }],
    }),
    declareEntry({
      entry: 'score-adjust',
      title: ['积分调整单', 'Points adjustments'],
      resourceId: '积分/积分调整单',
      resourceTitleEn: 'Points adjustments',
      actions: ['单据查看', '配置维护'],
      screens: [
        { name: 'score-adjust', title: ['积分调整单', 'Points adjustments'] },
        { name: 'score-adjust-add', title: ['新建积分调整单', 'New points adjustment'] },
        { name: 'score-adjust-dtl', title: ['积分调整单详情', 'Points adjustment details'] },
        // The reason list is a small master kept beside the documents; edits happen in place.
        { name: 'score-adjust-reason', title: ['积分调整原因', 'Points adjustment reasons'] },
      ],
    }),
    declareEntry({
      entry: 'score-query',
      title: ['积分查询', 'Points inquiry'],
      resourceId: '积分/积分查询',
      resourceTitleEn: 'Points inquiry',
      actions: ['账户信息查看'],
      // Tills and other systems post sales through the API with an account holding this grant.
      subResources: [{ resourceId: '积分/积分查询/交易接入', name: ['交易接入', 'Sales integration'], actions: ['configure'] }],
      screens: [
        { name: 'score-query-list', title: ['积分查询', 'Points inquiry'] },
        { name: 'score-query-dtl', title: ['积分流水', 'Points history'] },
      ],
    }),
  ],
};
