import { useEffect, useState, type ComponentType } from 'react';

type ChunkLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Route designs that live in chunks of their own, loaded by hand: React.lazy and Suspense would
 * pull preact/compat's own chunk into the first load of every page that uses them. `loaded`
 * holds the designs whose chunks have arrived; `useChunk(key)` starts the load and re-renders
 * when it lands, and the caller then reads `loaded[key]` during render.
 */
export function chunkedDesigns<K extends string, P>(loaders: Record<K, ChunkLoader<P>>) {
  const loaded: Partial<Record<K, ComponentType<P>>> = {};

  function useChunk(key: K): void {
    const [, setArrived] = useState<K | null>(null);
    useEffect(() => {
      if (loaded[key]) return;
      void loaders[key]().then((module) => {
        loaded[key] = module.default;
        setArrived(key);
      });
    }, [key]);
  }

  return { loaded, useChunk };
}
