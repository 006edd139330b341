/** The controls deferred-controls.tsx loads on first use (one chunk of their own). */
import { Card, DatePicker, Descriptions, Switch, TimePicker, TreeSelect, Upload } from 'antd';

export const RangePicker = DatePicker.RangePicker;
export { Card, DatePicker, Descriptions, Switch, TimePicker, TreeSelect, Upload };
