import { useEffect } from 'react';

/**
 * Sets document.title while mounted. The app runs on preact/compat, which does not hoist a
 * rendered <title> into the head as React 19 does, so the title is set directly.
 */
export function HeadTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
