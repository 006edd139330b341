import { describe, expect, it } from 'vitest';
import { buildShellRoutes } from '../../src/shell/shell-routes';
import { screenshot } from '../helpers/browser';
import { seriousViolations } from './pages/axe';
import { useDemoSession } from './pages/demo-session';
import { ShellPage } from './pages/shell.page';

/**
 * Issue "a console a new user can try" item 11: every built screen of the catalogue, as the demo
 * administrator, passes axe-core's WCAG 2.0 / 2.1 A and AA rules with no serious or critical
 * violation. The per-screen counts are printed so a regression names its screen.
 */
const session = useDemoSession();
/** Waits for the screen's content, or gives up quietly (a screen that needs a record id shows its message). */
async function settle(shell: ShellPage): Promise<void> {
  await shell.page.waitForTimeout(150);
  await shell.page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
  await shell.waitForScreen().catch(() => undefined);
  // A message left by the screen before (it outlives its screen) fades out before axe reads colours.
  await shell.page
    .locator('.ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  // axe reads the colours a person reads once the screen is still, not a menu item's colours
  // halfway through its transition.
  await shell.page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

/** One route per screen (an entry's path and its screen's path draw the same screen). */
function builtScreens() {
  const seen = new Set<string>();
  return buildShellRoutes().flatMap((route) => {
    if (route.kind !== 'screen') return [];
    const key = `${route.screen.group}/${route.screen.entry}/${route.screen.screen}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [route];
  });
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  const screens = builtScreens();

  it(`every built screen (${screens.length}) has no serious or critical violation, as admin`, async () => {
    const { page, shell } = await session.signedIn('admin');
    shell.page.context().setDefaultTimeout(5_000);
    const counts: Record<string, number> = {};
    const details: string[] = [];
    for (const route of screens) {
      // Moved inside the loaded app, as a person does through the menu (no reload per screen).
      await shell.navigate(route.path);
      await settle(shell);
      const findings = await seriousViolations(page);
      counts[route.path] = findings.reduce((sum, finding) => sum + finding.nodes.length, 0);
      for (const finding of findings) details.push(`${route.path} ${finding.impact} ${finding.id}\n    ${finding.nodes.join('\n    ')}`);
      if (findings.length > 0) await screenshot(page, `axe-${route.path}`);
    }
    console.log(
      `axe-core serious/critical violations per screen (${screens.length} screens):\n` +
        Object.entries(counts)
          .map(([path, count]) => `  ${String(count).padStart(3)}  ${path}`)
          .join('\n'),
    );
    if (details.length > 0) console.log(details.join('\n'));
    expect(details).toEqual([]);
  }, 400_000);
});
