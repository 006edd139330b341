/**
 * The heavy antd controls of the field kinds (date and time pickers, the upload, the tree
 * select, the switch, an object's card and its members' descriptions), loaded the first time
 * one is drawn instead of with every screen that uses the registry: a list draws cells and its
 * first filters, and should not carry every kind's input.
 * Each is a component Form.Item can hand its value and onChange to, drawing a disabled input in
 * its place while its code loads.
 */
import {
  Input,
  type CardProps,
  type DatePickerProps,
  type DescriptionsProps,
  type GetProps,
  type SwitchProps,
  type TimePickerProps,
  type TreeSelectProps,
  type UploadProps,
} from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

const load = () => import('./heavy-controls');

/** A disabled input where the control will be (a container shows nothing meanwhile). */
const inputPlace = (props: object): ReactNode => <Input disabled aria-busy style={(props as { style?: object }).style} />;
const nothing = (): ReactNode => null;

function deferred<P extends object>(
  name: string,
  pick: (m: Awaited<ReturnType<typeof load>>) => ComponentType<P>,
  placeholder: (props: P) => ReactNode = inputPlace,
): ComponentType<P> {
  // Typed loosely inside: the props are the control's own, passed through unchanged.
  const Lazy = lazy(() => load().then((m) => ({ default: pick(m) as ComponentType<object> })));
  const Deferred = (props: P) => (
    <Suspense fallback={placeholder(props)}>
      <Lazy {...props} />
    </Suspense>
  );
  Deferred.displayName = `Deferred(${name})`;
  return Deferred;
}

type RangePickerProps = GetProps<Awaited<ReturnType<typeof load>>['RangePicker']>;

export const DatePicker = deferred<DatePickerProps>('DatePicker', (m) => m.DatePicker as ComponentType<DatePickerProps>);
export const RangePicker = deferred<RangePickerProps>('RangePicker', (m) => m.RangePicker as ComponentType<RangePickerProps>);
export const TimePicker = deferred<TimePickerProps>('TimePicker', (m) => m.TimePicker as ComponentType<TimePickerProps>);
export const Upload = deferred<UploadProps>('Upload', (m) => m.Upload as ComponentType<UploadProps>);
export const TreeSelect = deferred<TreeSelectProps>('TreeSelect', (m) => m.TreeSelect as ComponentType<TreeSelectProps>);
export const Switch = deferred<SwitchProps>('Switch', (m) => m.Switch as ComponentType<SwitchProps>);
export const Card = deferred<CardProps>('Card', (m) => m.Card as ComponentType<CardProps>, nothing);
/** An object's members on a detail (a list's cells never draw it). */
export const Descriptions = deferred<DescriptionsProps>('Descriptions', (m) => m.Descriptions as ComponentType<DescriptionsProps>, nothing);
