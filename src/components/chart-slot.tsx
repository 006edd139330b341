/**
 * Where a chart goes on a screen. Charts (recharts, about 100 kB gzipped) are loaded as chunks of
 * their own when their data has arrived, so a screen draws its figures and lists first; until the
 * chunk is there the slot keeps the chart's height, so nothing below it moves.
 */
import { Suspense, type ReactNode } from 'react';

export function ChartSlot(props: { readonly height: number; readonly children: ReactNode }) {
  return <Suspense fallback={<div style={{ height: props.height }} aria-busy="true" />}>{props.children}</Suspense>;
}
