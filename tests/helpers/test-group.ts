import { declareEntry } from '../../resources/catalog/declare';
import type { GroupDecl } from '../../resources/catalog/types';

/**
 * The catalogue group of a resource declared inside a test: one master-data entry with one screen
 * of the entry's name, read with 资料查看 and written with 配置维护.
 */
export function singleScreenTestGroup(args: { entry: string; title: readonly [string, string]; resourceId: string }): GroupDecl {
  const title: [string, string] = [args.title[0], args.title[1]];
  return {
    group: 'datum',
    title: ['测试', 'Test'],
    resourceRoot: '测试',
    resourceRootEn: 'Test',
    entries: [
      declareEntry({
        entry: args.entry,
        title,
        resourceId: args.resourceId,
        resourceTitleEn: args.title[1],
        actions: ['资料查看', '配置维护'],
        screens: [{ name: args.entry, title }],
      }),
    ],
  };
}
