/**
 * Registry key -> the component the router renders. One React.lazy per key, created once, so a
 * tab that remounts (refresh) does not fetch its chunk again.
 *
 * A page whose code has loaded already (the route's loader awaits it: routeObjects.tsx) renders at
 * once, without suspending: React shows a Suspense boundary's content no sooner than 300 ms after
 * its fallback appeared, so a page that suspended for even a moment showed its first grid row
 * ~200 ms after its rows had arrived (issue 15, a trace of `npm run bench -- first-row`).
 */
import { lazy, type ComponentType } from 'react';
import { pageRegistry, type PageLoader, type PageModule } from '../pageRegistry';
import { ModuleNotFoundPage } from '../../shell/pages/ModuleNotFoundPage';
import { ChunkLoadTimeoutError, withChunkTimeout } from './chunkLoad';

type Registry = Readonly<Record<string, PageLoader>>;
const lazyPagesByRegistry = new WeakMap<Registry, Map<string, ComponentType>>();
const loadedModules = new WeakMap<PageLoader, PageModule>();
/** Pages whose last load timed out: rendering them fails at once rather than waiting the timeout a second time. */
const timedOutLoads = new WeakMap<PageLoader, ChunkLoadTimeoutError>();

/**
 * Loads a page's code (once: the bundler keeps the module) and remembers it for a render without suspense.
 * Code that has not arrived within the chunk timeout is a failed load (chunkLoad.ts).
 */
export function loadPage(loader: PageLoader): Promise<PageModule> {
  return withChunkTimeout(loader()).then(
    (module) => {
      loadedModules.set(loader, module);
      timedOutLoads.delete(loader);
      return module;
    },
    (error: unknown) => {
      if (error instanceof ChunkLoadTimeoutError) timedOutLoads.set(loader, error);
      throw error;
    },
  );
}

/** A thenable React.lazy reads as fulfilled at once: its `then` calls back before returning. */
const fulfilled = (module: PageModule): Promise<PageModule> => ({ then: (onFulfilled: (value: PageModule) => unknown) => onFulfilled(module) }) as unknown as Promise<PageModule>;

export function pageComponentFor(componentKey: string, registry: Registry = pageRegistry): ComponentType {
  const loader = registry[componentKey];
  if (!loader) return function MissingModule() {
    return <ModuleNotFoundPage moduleKey={componentKey} />;
  };
  let lazyPages = lazyPagesByRegistry.get(registry);
  if (!lazyPages) lazyPagesByRegistry.set(registry, (lazyPages = new Map()));
  let page = lazyPages.get(componentKey);
  if (!page) {
    lazyPages.set(
      componentKey,
      (page = lazy(() => {
        const loaded = loadedModules.get(loader);
        if (loaded) return fulfilled(loaded);
        const timedOut = timedOutLoads.get(loader);
        return timedOut ? Promise.reject(timedOut) : loadPage(loader);
      })),
    );
  }
  return page;
}
