import { lazy, type ComponentType } from 'react';

/**
 * A screen whose code loads on demand and can be started early: `load()` fetches it, and
 * `Component` renders it. Once `load()` has finished, `Component` renders the screen at once;
 * `React.lazy` alone would still suspend on its first render, and React reveals a suspended
 * screen no sooner than 300 ms after its fallback (its fallback throttle), which held a
 * signed-in person's first rows back by that long.
 */
export function preloadable(factory: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  const load = () =>
    factory().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(load);
  function Component() {
    const Screen = loaded ?? Lazy;
    return <Screen />;
  }
  return { load, Component };
}
