/**
 * Texts of the generic widgets (pickers, selects, tables, pager, upload), in both locales.
 * The English side is exactly the list of specification §9; slots are braced names.
 */
import { defineMessages } from './bilingual';

/** Message book of the generic widgets, keys `widget.*`. */
export const WIDGET_TEXTS = defineMessages({
  'widget.ok': ['确定', 'OK'],
  'widget.cancel': ['取消', 'Cancel'],
  'widget.clear': ['清除', 'Clear'],
  'widget.now': ['此刻', 'Now'],
  'widget.today': ['今天', 'Today'],
  'widget.selectDate': ['请选择日期', 'Select date'],
  'widget.selectTime': ['请选择时间', 'Select time'],
  'widget.noMatch': ['无匹配数据', 'No matching data'],
  'widget.noData': ['暂无数据', 'No data'],
  'widget.loading': ['加载中', 'Loading'],
  'widget.goTo': ['跳至', 'Go to'],
  'widget.total': ['共 {total} 条', 'Total {total}'],
  // The pager appends the unit to the page size: "10 条/页" / "10 /page".
  'widget.perPage': ['条/页', '/page'],
  'widget.sum': ['合计', 'Sum'],
  'widget.confirm': ['确认', 'Confirm'],
  'widget.reset': ['重置', 'Reset'],
  'widget.illegalInput': ['非法输入', 'Illegal input'],
  'widget.delete': ['删除', 'Delete'],
  'widget.preview': ['预览', 'Preview'],
  'widget.continue': ['继续', 'Continue'],
});

/** A key of {@link WIDGET_TEXTS}. */
export type WidgetTextKey = keyof typeof WIDGET_TEXTS;
