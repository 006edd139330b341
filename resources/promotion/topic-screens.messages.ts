import { defineMessages } from '../messages/bilingual';

/** Texts of the marketing theme's landing-page preview (src/views/promotion/topic). */
export const topicScreenMessages = defineMessages({
  'topic.preview.title': ['落地页预览', 'Landing page preview'],
  'topic.preview.hint': ['会员打开主题页时看到的样子，随填写实时更新', 'What a member sees on the page, updated as you type'],
  'topic.preview.tab': ['页面预览', 'Page preview'],
  'topic.preview.noTitle': ['主题标题', 'Theme title'],
  'topic.preview.noBanner': ['上传横幅图片后显示在这里', 'The banner image shows here once uploaded'],
  'topic.preview.banner': ['{title} 横幅', '{title} banner'],
  'topic.preview.window': ['{from} 至 {to}', '{from} to {to}'],
  'topic.preview.noWindow': ['未设置时间', 'No dates set'],
  'topic.preview.activities': ['本期活动', 'Activities on this page'],
  'topic.preview.noActivities': ['选择要展示的活动后显示在这里', 'The activities you choose show here'],
  'topic.preview.activityWindow': ['活动时间 {from} 至 {to}', 'Runs {from} to {to}'],
  'topic.preview.unavailable': ['该活动已无法查看', 'This activity can no longer be read'],
  'topic.preview.join': ['去参加', 'Join'],
});
