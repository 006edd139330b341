// @vitest-environment jsdom
/**
 * Items offered by permission (a list's Export and Import, a detail's tabs, a choice's options):
 * what the first drawing shows and whether the screen draws again once the answers are in.
 */
import { Refine, type AccessControlProvider, type CanParams } from '@refinedev/core';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImmediateDecisions } from '../../src/components/immediate-decisions';
import { usePermitted, type Gated } from '../../src/components/use-permitted';

const ITEMS: readonly Gated[] = [
  { key: 'refresh' },
  { key: 'export', requires: { resourceId: '会员/会员', action: '数据查看' } },
  { key: 'import', requires: { resourceId: '会员/会员', action: '配置维护' } },
];

/** Grants exactly the actions named. */
function rules(granted: readonly string[]) {
  return (question: CanParams) => ({ can: granted.includes(question.action) });
}

afterEach(() => cleanup());

/** Draws the permitted keys; every drawing's keys are noted in order. */
function renderPermitted(wrap: (children: ReactNode) => ReactNode): string[][] {
  const drawings: string[][] = [];
  function Offered() {
    const keys = usePermitted(ITEMS).map((item) => item.key);
    drawings.push(keys);
    return <span>{keys.join(',')}</span>;
  }
  render(wrap(<Offered />));
  return drawings;
}

async function settled(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

describe('items offered by permission', () => {
  it('offers what the immediate rules grant in the first drawing, and draws no second time for the same answers', async () => {
    const decide = rules(['数据查看']);
    const provider: AccessControlProvider = { can: async (question) => decide(question) };
    const drawings = renderPermitted((children) => (
      <Refine accessControlProvider={provider} options={{ disableTelemetry: true }}>
        <ImmediateDecisions.Provider value={decide}>{children}</ImmediateDecisions.Provider>
      </Refine>
    ));
    await settled();
    expect(drawings[0]).toEqual(['refresh', 'export']);
    expect(drawings.at(-1)).toEqual(['refresh', 'export']);
    expect(new Set(drawings.map((keys) => keys.join(','))).size).toBe(1);
  });

  it('never offers what the immediate rules refuse', async () => {
    const decide = rules([]);
    const provider: AccessControlProvider = { can: async () => ({ can: true }) };
    const drawings = renderPermitted((children) => (
      <Refine accessControlProvider={provider} options={{ disableTelemetry: true }}>
        <ImmediateDecisions.Provider value={decide}>{children}</ImmediateDecisions.Provider>
      </Refine>
    ));
    await settled();
    expect(drawings.every((keys) => keys.join(',') === 'refresh')).toBe(true);
  });

  it('without immediate answers, offers a gated item once the provider has granted it, not before', async () => {
    const decide = rules(['配置维护']);
    const provider: AccessControlProvider = { can: async (question) => decide(question) };
    const drawings = renderPermitted((children) => (
      <Refine accessControlProvider={provider} options={{ disableTelemetry: true }}>
        {children}
      </Refine>
    ));
    await settled();
    expect(drawings[0]).toEqual(['refresh']);
    expect(drawings.at(-1)).toEqual(['refresh', 'import']);
  });
});
