import { defineResource, field } from '../define';
import { preset, PUBLISHED_TIMELINE } from '../field-presets';

/**
 * A marketing theme (营销主题, issue 28 item 7): the merchant's campaign landing page, with its
 * title, an introduction, a banner image, the activities it shows and the window it is live in.
 * The catalogue names one screen (`promotion/topic/topic`), so the list is that screen and the
 * form and the detail open in a drawer over it; both show the landing page as a member would see
 * it (the promotion manifest's form-section and detail-tab slots).
 *
 * Rules, all declared: the window ends after it starts (the timeline's rule, 400 on `endTime`);
 * the activities are the tenant's own (a relation) and live or about to be (`pickable`: shown
 * UNSTART or PROCESSING, so neither a draft nor a stopped activity can be put on a page; the
 * picker offers only those). Life cycle: INITAIL 未发布 -> `publish` -> PUBLISHED, shown
 * UNSTART 未开始 / PROCESSING 进行中 / STOPED 已结束 by its window; `stop` takes a live page
 * down at once. A page can be edited until it has ended, and deleted as a draft or once ended.
 */
export const topicResource = defineResource({
  name: 'topic',
  table: 'topics',
  title: ['营销主题', 'Marketing theme'],
  route: { group: 'promotion', entry: 'topic', screens: { list: 'topic' } },
  access: { read: ['主题查看', '配置维护'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    title: preset.name(['主题标题', 'Title'], { maxLength: 40, width: 220 }),
    intro: field.longText({
      label: ['主题说明', 'Introduction'],
      help: ['显示在横幅下方，最多 200 字', 'Shown under the banner, at most 200 characters'],
      maxLength: 200,
    }),
    banner: field.file({
      label: ['横幅图片', 'Banner image'],
      help: ['建议 750×300 像素，PNG 或 JPG，不超过 2 MB', 'Best at 750×300 pixels, PNG or JPG, at most 2 MB'],
      accept: 'image/*',
      maxSizeMb: 2,
    }),
    activities: field.relation({
      label: ['展示的活动', 'Activities shown'],
      help: ['只能选择已审核、未开始或进行中的活动', 'Only audited activities that have not started or are in progress'],
      resource: 'activity',
      multiple: true,
      required: true,
      pickable: { field: 'state', in: ['UNSTART', 'PROCESSING'] },
      inList: false,
    }),
    state: preset.publishedState(),
    ...preset.timeWindow(),
  },
  titleField: 'title',
  list: {
    columns: ['title', 'state', 'beginTime', 'endTime'],
    defaultSort: { field: 'beginTime', order: 'desc' },
    keyColumns: ['title', 'state'],
  },
  // One section: the page's fields with its preview beside them (a form-section slot).
  form: [{ key: 'page', title: ['落地页', 'Landing page'], fields: ['title', 'intro', 'banner', 'beginTime', 'endTime', 'activities'] }],
  states: {
    field: 'state',
    initial: 'INITAIL',
    editableIn: ['INITAIL', 'UNSTART', 'PROCESSING'],
    deletableIn: ['INITAIL', 'STOPED'],
    actions: {
      publish: {
        label: ['发布', 'Publish'],
        from: ['INITAIL'],
        to: 'PUBLISHED',
        confirm: ['发布后主题页按时间上线。确定发布“{title}”吗？', 'Once published, the page goes live in its window. Publish "{title}"?'],
      },
      stop: {
        label: ['下线', 'Take down'],
        from: ['UNSTART', 'PROCESSING'],
        to: 'STOPED',
        danger: true,
        reason: 'optional',
        confirm: [
          '下线后主题页立即结束，不能恢复。确定下线“{title}”吗？',
          'The page ends at once and cannot be resumed. Take down "{title}"?',
        ],
      },
    },
    timeline: PUBLISHED_TIMELINE,
  },
});
