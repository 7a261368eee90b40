import { useEffect, useState, type ComponentType } from 'react';

type ChunkLoader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Route designs that live in chunks of their own, loaded by hand: React.lazy and Suspense would
 * pull preact/compat's own chunk into the first load of every page that uses them. `loaded`
 * holds the designs whose chunks have arrived; `preload(key)` fetches one ahead (a route's
 * loader, beside the page's own chunk); `useChunk(key)` starts the load if nothing did and
 * re-renders when it lands, and the caller then reads `loaded[key]` during render.
 */
export function chunkedDesigns<K extends string, P>(loaders: Record<K, ChunkLoader<P>>) {
  const loaded: Partial<Record<K, ComponentType<P>>> = {};

  async function preload(key: K): Promise<void> {
    if (loaded[key]) return;
    loaded[key] = (await loaders[key]()).default;
  }

  function useChunk(key: K): void {
    const [, setArrived] = useState<K | null>(null);
    useEffect(() => {
      if (loaded[key]) return;
      void preload(key).then(() => setArrived(key));
    }, [key]);
  }

  return { loaded, preload, useChunk };
}
