import type { CSSProperties } from 'react';
import { BRAND_COLOR } from '../shell/theme';
import './share-bar.css';

/**
 * A part's share of a whole as a bar and its percentage (the member overview's counts by state
 * and by level): the browser's own `<meter>`, a gauge to assistive technology named by `label`,
 * instead of antd's Progress, whose script (5.6 KiB gzipped) the landing screen loaded for these
 * bars alone.
 */
export function ShareBar(props: { readonly part: number; readonly whole: number; readonly label: string }) {
  const percent = props.whole > 0 ? Math.round((props.part / props.whole) * 100) : 0;
  return (
    <span className="console-share" style={{ '--console-share-fill': BRAND_COLOR } as CSSProperties}>
      <meter min={0} max={100} value={percent} aria-label={props.label} />
      <span className="console-share-text">{percent}%</span>
    </span>
  );
}
