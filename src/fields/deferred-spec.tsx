/**
 * A field spec whose drawing code loads the first time one of its fields is drawn: the
 * registry (field-kinds.ts, field-widgets.ts) is part of every generic screen, so a spec only a
 * few resources use (the condition builder) should not weigh on every list. The conversions
 * and rules stay eager: a form reads and writes values before anything is drawn.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { FieldDef } from '../../resources/define';
import type { FieldKindSpec } from './field-kind';

type Draw<F extends FieldDef> = (spec: FieldKindSpec<F>) => ReactNode;

/** What a spec answers before its drawing code is there. */
export type EagerPart<F extends FieldDef> = Pick<
  FieldKindSpec<F>,
  'ownsFormItem' | 'valuePropName' | 'align' | 'rules' | 'toForm' | 'fromForm'
>;

/** The spec of `load`'s module, drawing its input, cell and display once it is loaded (nothing meanwhile). */
export function deferredSpec<F extends FieldDef>(load: () => Promise<FieldKindSpec<F>>, eager: EagerPart<F>): FieldKindSpec<F> {
  const Drawn = lazy(() =>
    load().then((spec) => ({
      default: ((props: { readonly draw: Draw<F> }) => props.draw(spec)) as ComponentType<{ readonly draw: Draw<F> }>,
    })),
  );
  const part = (draw: Draw<F>) => (
    <Suspense fallback={null}>
      <Drawn draw={draw} />
    </Suspense>
  );
  return {
    ...eager,
    input: (ctx, options) => part((spec) => spec.input(ctx, options)),
    cell: (ctx, value, record) => part((spec) => spec.cell(ctx, value, record)),
    display: (ctx, value, record) => part((spec) => (spec.display ?? spec.cell)(ctx, value, record)),
  };
}
