/** The controls deferred-controls.tsx loads on first use (one chunk of their own). */
import { Card, DatePicker, Switch, TimePicker, TreeSelect, Upload } from 'antd';

export const RangePicker = DatePicker.RangePicker;
export { Card, DatePicker, Switch, TimePicker, TreeSelect, Upload };
