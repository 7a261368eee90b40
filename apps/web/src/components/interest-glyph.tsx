import type { ReactNode } from 'react';

/**
 * The drawings of the everyday interests, on the 24-unit grid of components/icons.tsx: a module
 * of their own, so the interests lander loads these without the rest (see interest-icon.tsx).
 */
export const EVERYDAY_INTEREST_PATHS: Record<string, ReactNode> = {
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
  dancing: (
    <>
      <circle cx="13" cy="4" r="2" />
      <path d="m7 10 5-3 3 4 4 1m-7-5-1 7 3 3-2 6m-1-9-4 4-3-1" />
    </>
  ),
  nature: <path d="M12 21v-7m0 0-4-4m4 4 4-5M6 14a6 6 0 0 1 6-11 6 6 0 0 1 6 11 6 6 0 0 1-12 0Z" />,
};

/** The line drawing of an interest from `paths`, decorative next to its label. */
export function InterestGlyph({ paths, name, size }: { paths: Record<string, ReactNode>; name: string; size: number }) {
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
      {paths[name] ?? paths.romance}
    </svg>
  );
}
