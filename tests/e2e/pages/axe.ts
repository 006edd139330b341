import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from '../../helpers/browser';

/**
 * axe-core's WCAG 2.0 / 2.1 A and AA rules on a page as it is now (the accessibility test of
 * every screen, and tests of states a route alone does not reach: an open drawer, a tab).
 */
// Evaluated through the DevTools protocol: the console's Content-Security-Policy refuses inline scripts.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly nodes: readonly string[];
}

/**
 * Lets the page's finite animations end (a select's list closing, a drawer opening; spinners
 * never end and are not waited for), frames at a time until none is running: axe reads the
 * page a person sees once it is still, not a list halfway through closing (a quick run scanned the
 * wallet card form while the colour list was still fading out: aria-selected on its items).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // What an animation's end renders may start another (a modal's content fading after its
    // close was asked): look again until a pair of frames starts none, for at most 3 s.
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      await frames();
      const finite = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (finite.length === 0) return;
      const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())))]);
    }
  });
}

/**
 * The serious and critical violations axe-core finds on the page once it is still, outside the
 * parts `exclude` names (CSS selectors: a walk of every screen checks the side menu, the same on
 * each, once; its colour contrast is about a fifth of axe's time on a screen).
 */
export async function seriousViolations(page: Page, exclude: readonly string[] = []): Promise<Finding[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = exclude.length > 0 ? { exclude: exclude.map((selector) => [selector]) } : document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          impact: violation.impact ?? '',
          nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
        }));
    },
    { tags: TAGS, exclude: [...exclude] },
  );
}

/**
 * Fails the test with axe-core's serious and critical findings on the page as it is now, after
 * keeping a picture of it (`axe-<name>.png`) for whoever reads the failure.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const findings = await seriousViolations(page);
  if (findings.length > 0) await screenshot(page, `axe-${name}`);
  expect(findings.map((f) => `${f.impact} ${f.id}: ${f.nodes.join(' | ')}`)).toEqual([]);
}
