import type { ReactNode } from 'react';

/**
 * Line drawings of the interests (/api/interests.php names each one's icon), on the 24-unit
 * grid of components/icons.tsx. An unknown name falls back to a heart.
 */
const PATHS: Record<string, ReactNode> = {
  adventure: <path d="m3 20 6-11 4 6 3-4 5 9Zm6-11 1.5-3L12 8" />,
  music: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="17" cy="16" r="3" />
    </>
  ),
  travelling: <path d="M2 16l20-8-4 12-6-4-3 4v-5l9-7-11 6Z" />,
  wine: <path d="M8 3h8l-.5 6a3.5 3.5 0 0 1-7 0Zm4 9.5V20m-4 1h8M8.3 7h7.4" />,
  cooking: (
    <path d="M4 11h16v2a6 6 0 0 1-6 6h-4a6 6 0 0 1-6-6Zm4-3c0-1.5 1-1.5 1-3m3 3c0-1.5 1-1.5 1-3m3 3c0-1.5 1-1.5 1-3M2 11h2m16 0h2" />
  ),
  sports: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3.5 9.5c4 1 7 4 8.5 11M20.5 14.5c-4-1-7-4-8.5-11M7 4.5c4 4 9 6 14 5.5M3 14c5-.5 10 1.5 14 5.5" />
    </>
  ),
  movies: <path d="M3 5h18v14H3Zm4 0v14m10-14v14M3 9h4m10 0h4M3 15h4m10 0h4" />,
  reading: <path d="M2 5c3-1 7-1 10 1v14c-3-2-7-2-10-1Zm20 0c-3-1-7-1-10 1v14c3-2 7-2 10-1Z" />,
  dancing: (
    <>
      <circle cx="13" cy="4" r="2" />
      <path d="m7 10 5-3 3 4 4 1m-7-5-1 7 3 3-2 6m-1-9-4 4-3-1" />
    </>
  ),
  nature: <path d="M12 21v-7m0 0-4-4m4 4 4-5M6 14a6 6 0 0 1 6-11 6 6 0 0 1 6 11 6 6 0 0 1-12 0Z" />,
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
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name] ?? PATHS.romance}
    </svg>
  );
}
