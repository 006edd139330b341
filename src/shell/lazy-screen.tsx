/**
 * Loading screen modules on demand (§2, §8). A screen's chunk may be missing after a new
 * deployment replaced the files the open page knows about; reloading fetches the new index and
 * cures it. A marker in the session keeps a truly broken deployment from reloading forever.
 */
import { lazy, useState, type ComponentType } from 'react';
import { CHUNK_RELOAD_MARKER } from '../../providers/storage-keys';
import type { ScreenLoader } from '../screens/index';

/** A screen that has not loaded after 120 seconds has failed (§9). */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

/** A second chunk failure this soon after a reload is not reloaded again. */
export const RELOAD_GUARD_MS = 60_000;

/** The error of a load that took too long; named like the bundlers' chunk errors on purpose. */
export class ScreenLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Screen load timed out after ${ms} ms`);
    this.name = 'ChunkLoadError';
  }
}

// Browsers and bundlers word a failed dynamic import differently; these cover Chromium,
// Firefox, Safari, Vite's CSS preloader and webpack-style chunk errors.
const CHUNK_MESSAGES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

/** True for a failure to fetch a screen's code or styles (not an error inside the screen). */
export function isChunkLoadFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'ChunkLoadError' || code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return typeof message === 'string' && CHUNK_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Logs a failed load and reloads the page unless it was reloaded for the same reason moments
 * ago. Returns true when a reload was started.
 */
export function reloadAfterChunkFailure(error: unknown): boolean {
  console.error(error);
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_MARKER));
  if (Number.isFinite(last) && last > 0 && Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(CHUNK_RELOAD_MARKER, String(Date.now()));
  window.location.reload();
  return true;
}

/** Runs a loader with the load timeout and the chunk failure behaviour. */
export function loadScreenModule(args: {
  readonly loader: ScreenLoader;
  readonly timeoutMs?: number;
}): Promise<{ default: ComponentType }> {
  const ms = args.timeoutMs ?? SCREEN_LOAD_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ScreenLoadTimeoutError(ms)), ms);
  });
  return Promise.race([args.loader(), timeout]).then(
    (module) => {
      clearTimeout(timer);
      return module;
    },
    (error: unknown) => {
      clearTimeout(timer);
      if (isChunkLoadFailure(error)) {
        // While the page reloads nothing should render, so the promise never settles.
        if (reloadAfterChunkFailure(error)) return new Promise<never>(() => undefined);
      } else {
        console.error(error);
      }
      throw error;
    },
  );
}

// The components whose modules have loaded, by key: a screen mounted after its code arrived (the
// page the console opened on, fetched beside the translations) draws at once, in the render that
// mounts it, instead of showing its spinner for one frame and drawing in a second pass.
const loaded = new Map<string, ComponentType>();
// Loads under way, by key: a prefetch and the route that mounts the screen share one.
const loading = new Map<string, Promise<ComponentType>>();

/**
 * Loads a screen's module once (with the timeout and the chunk failure behaviour) and remembers
 * its component. A failed load is forgotten, so the next attempt (the route's own) tries again.
 */
export function preloadScreen(args: { readonly key: string; readonly loader: ScreenLoader }): Promise<ComponentType> {
  const ready = loaded.get(args.key);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(args.key);
  if (!pending) {
    pending = loadScreenModule({ loader: args.loader }).then(
      (module) => {
        loaded.set(args.key, module.default);
        loading.delete(args.key);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(args.key);
        throw error;
      },
    );
    loading.set(args.key, pending);
  }
  return pending;
}

// One component per screen: creating it on every render would remount the screen.
const cache = new Map<string, ComponentType>();

/**
 * The component of a screen loaded on demand, cached by its key. Mounted after its module has
 * loaded, it draws the screen in the same render; before, it waits (suspends) for the load, and
 * that mount keeps the lazy path (a component changing its type would remount the screen).
 */
export function lazyScreen(args: { readonly key: string; readonly loader: ScreenLoader }): ComponentType {
  let component = cache.get(args.key);
  if (!component) {
    const Lazy = lazy(() => preloadScreen(args).then((ready) => ({ default: ready })));
    const key = args.key;
    component = function ScreenOnDemand() {
      const [Ready] = useState(() => loaded.get(key));
      return Ready ? <Ready /> : <Lazy />;
    };
    cache.set(args.key, component);
  }
  return component;
}
