import { cloneElement, useEffect, useRef, type ReactElement } from 'react';

/** Props of {@link AriaSafeSelect}: one select element, plus what Form.Item hands its control. */
export interface AriaSafeSelectProps {
  readonly children: ReactElement;
  readonly 'aria-required'?: boolean | 'true' | 'false';
  readonly [prop: string]: unknown;
}

/**
 * Wraps an antd Select (or TreeSelect) that is a form item's control. Form.Item marks its
 * control `aria-required`, and antd's Select writes that onto its outer box, a plain div where
 * ARIA does not allow it (axe-core: aria-allowed-attr, critical). This passes everything else
 * on to the select and puts `aria-required` on the select's combobox input, where it belongs.
 */
export function AriaSafeSelect(props: AriaSafeSelectProps) {
  const { children, 'aria-required': required, ...rest } = props;
  const box = useRef<HTMLSpanElement>(null);
  const isRequired = required === true || required === 'true';
  useEffect(() => {
    const input = box.current?.querySelector('input');
    if (!input) return;
    if (isRequired) input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
  });
  return (
    <span ref={box} style={{ display: 'contents' }}>
      {cloneElement(children, rest)}
    </span>
  );
}
