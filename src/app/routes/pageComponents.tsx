/**
 * Registry key -> the component the router renders. One React.lazy per key, created once, so a
 * tab that remounts (refresh) does not fetch its chunk again.
 */
import { lazy, type ComponentType } from 'react';
import { pageRegistry, type PageLoader } from '../pageRegistry';
import { ModuleNotFoundPage } from '../../shell/pages/ModuleNotFoundPage';

type Registry = Readonly<Record<string, PageLoader>>;
const lazyPagesByRegistry = new WeakMap<Registry, Map<string, ComponentType>>();

export function pageComponentFor(componentKey: string, registry: Registry = pageRegistry): ComponentType {
  const loader = registry[componentKey];
  if (!loader) return function MissingModule() {
    return <ModuleNotFoundPage moduleKey={componentKey} />;
  };
  let lazyPages = lazyPagesByRegistry.get(registry);
  if (!lazyPages) lazyPagesByRegistry.set(registry, (lazyPages = new Map()));
  let page = lazyPages.get(componentKey);
  if (!page) lazyPages.set(componentKey, (page = lazy(loader)));
  return page;
}
