import { describe, expect, it } from 'vitest';
import { MESSAGE_BOOKS } from '../../resources/messages/index';
import { QUERY_VIEWS } from '../../resources/query-views';
import { queryViewMessages } from '../../resources/query-view';
import { toMessageMap } from '../../resources/messages/bilingual';
import { MODULE_EXPORTS, MODULE_IMPORTS } from '../../server/modules/module-exports';
import type { TaskRequester } from '../../server/modules/files/task-requester';

/**
 * The file centre names a task's data `t('res.<resource>')`; a module export's task carries the
 * export's name, so every module export has that message in both languages, the same words as its
 * file's title (the points query export showed "res.points-accounts"). A query view's `res.<view>`
 * is derived from its declaration, as the i18n endpoint derives it.
 */
const requester = (locale: 'zh_CN' | 'en_US') => ({ locale }) as TaskRequester;

describe('module export titles', () => {
  it.each(['zh_CN', 'en_US'] as const)('name every module export in the file centre in %s, as its file is titled', (locale) => {
    const messages = toMessageMap([...MESSAGE_BOOKS, queryViewMessages(QUERY_VIEWS)], locale);
    const names = [...MODULE_EXPORTS.values()].map((moduleExport) => [
      messages[`res.${moduleExport.name}`],
      moduleExport.title(requester(locale)),
    ]);
    expect(names.length).toBeGreaterThan(1);
    for (const [shown, title] of names) {
      expect(shown).toBeTruthy();
      expect(shown).toBe(title);
    }
  });

  it.each(['zh_CN', 'en_US'] as const)('names every module import in the file centre in %s', (locale) => {
    const messages = toMessageMap([...MESSAGE_BOOKS, queryViewMessages(QUERY_VIEWS)], locale);
    expect(MODULE_IMPORTS.size).toBeGreaterThan(0);
    for (const name of MODULE_IMPORTS.keys()) expect(messages[`res.${name}`], name).toBeTruthy();
  });
});
