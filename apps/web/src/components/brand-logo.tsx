import { useId } from 'react';

/** The brand mark: a warm gradient tile with a heart; the site's name is set next to it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="brand-mark">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c98f3c" />
          <stop offset="1" stopColor="#7a4a1d" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path
        d="M16 24.5s-7-4.3-8.6-8.7C6.2 12.6 8.2 9 11.6 9c1.9 0 3.4 1 4.4 2.6C17 10 18.5 9 20.4 9c3.4 0 5.4 3.6 4.2 6.8-1.6 4.4-8.6 8.7-8.6 8.7Z"
        fill="#fff"
      />
      <circle cx="23.5" cy="8.5" r="2" fill="#f3c677" />
    </svg>
  );
}

export function BrandLogo({ name }: { name: string }) {
  return (
    <span className="brand-logo">
      <BrandMark />
      <span className="brand-logo__name">{name}</span>
    </span>
  );
}
