/**
 * The pages outside the shell (src/shell/app-routes.tsx): the login page, the licence and
 * no-content pages and the WeChat card's binding page (one address per merchant,
 * /wechat-card/<merchant>). They draw with the `login` part of the translation table and without
 * the console's code. Read by the browser app (providers/i18n.ts) and by the build, which writes
 * the same rule into the script that starts the console's downloads early (vite.config.ts), and
 * on the sign-in page fetches them ahead.
 */
export const OUTSIDE_SHELL_PATHS: readonly string[] = ['', '/', '/login', '/no-lisence', '/no-content'];
export const OUTSIDE_SHELL_PREFIXES: readonly string[] = ['/wechat-card/'];
/** The routes of the sign-in page (the root leads there): where the console's code is fetched ahead, while the clerk signs in. */
export const SIGN_IN_PATHS: readonly string[] = ['', '/', '/login'];

/** The route of a location hash (`#/login?to=…` -> `/login`). */
export function hashRoute(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0];
}

/** True for a route outside the shell. */
export function isOutsideShell(route: string): boolean {
  return OUTSIDE_SHELL_PATHS.includes(route) || OUTSIDE_SHELL_PREFIXES.some((prefix) => route.startsWith(prefix));
}
