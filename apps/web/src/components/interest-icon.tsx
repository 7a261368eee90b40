import type { ReactNode } from 'react';
import { EVERYDAY_INTEREST_PATHS, InterestGlyph } from './interest-glyph';

/**
 * Line drawings of the interests (/api/interests.php names each one's icon), on the 24-unit
 * grid of components/icons.tsx. An unknown name falls back to a heart.
 */
const PATHS: Record<string, ReactNode> = {
  ...EVERYDAY_INTEREST_PATHS,
  adventure: <path d="m3 20 6-11 4 6 3-4 5 9Zm6-11 1.5-3L12 8" />,
  reading: <path d="M2 5c3-1 7-1 10 1v14c-3-2-7-2-10-1Zm20 0c-3-1-7-1-10 1v14c3-2 7-2 10-1Z" />,
  art: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.3 0 2-.8 2-1.8 0-1.4-1.3-1.7-1.3-3 0-1 .8-1.7 1.8-1.7H17a4 4 0 0 0 4-4C21 6.5 17 3 12 3Z" />
      <circle cx="7.5" cy="11" r="1" />
      <circle cx="10" cy="7" r="1" />
      <circle cx="15" cy="7.5" r="1" />
    </>
  ),
  gaming: (
    <path d="M6 8h12a4 4 0 0 1 4 4l-1 5a2 2 0 0 1-3.6.8L15 15H9l-2.4 2.8A2 2 0 0 1 3 17l-1-5a4 4 0 0 1 4-4Zm2 2.5v3m-1.5-1.5h3M15.5 11h.01M17.5 13h.01" />
  ),
  fitness: <path d="M6 7v10M3 9.5v5M18 7v10m3-7.5v5M6 12h12" />,
  photography: (
    <>
      <path d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z" />
      <circle cx="12" cy="13" r="4" />
    </>
  ),
  animals: (
    <>
      <circle cx="5" cy="10" r="2" />
      <circle cx="9" cy="5.5" r="2" />
      <circle cx="15" cy="5.5" r="2" />
      <circle cx="19" cy="10" r="2" />
      <path d="M12 11c-3 0-6 4.5-6 7 0 2 2 2.5 3 2.5s2-.5 3-.5 2 .5 3 .5 3-.5 3-2.5c0-2.5-3-7-6-7Z" />
    </>
  ),
  romance: (
    <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4Z" />
  ),
  flirting: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 14.5a5 5 0 0 0 8 0M8 9.5h2m5-1v2" />
    </>
  ),
  cuddling: (
    <path d="M7 11V7a2 2 0 0 1 4 0v4m0-2a2 2 0 0 1 4 0v2m0-1a2 2 0 0 1 4 0v4a7 7 0 0 1-7 7h-1a7 7 0 0 1-6-3.4L3 12.5a2 2 0 0 1 3.4-2L7 11" />
  ),
  massage: <path d="M12 4c-2 3-6 5-6 9a6 6 0 0 0 12 0c0-4-4-6-6-9Zm-2 11c.5 1 1.3 1.5 2 1.5" />,
  lingerie: <path d="M3 6c2 1 4 4 4 7 0 2 2.5 3 5 3s5-1 5-3c0-3 2-6 4-7M7 13c1.5-1 3.5-1 5 0 1.5-1 3.5-1 5 0" />,
};

/** The icon of an interest, decorative next to its label. */
export function InterestIcon({ name, size = 18 }: { name: string; size?: number }) {
  return <InterestGlyph paths={PATHS} name={name} size={size} />;
}
