import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * Line icons drawn on a 24-unit grid in the current text colour; decorative unless labelled.
 * Marked side-effect free so every chunk carries only the icons it uses.
 */
/* @__NO_SIDE_EFFECTS__ */
function icon(paths: ReactNode) {
  return function Icon({ size = 24, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const MessageIcon = icon(<path d="M21 12a8.5 8.5 0 0 1-12.6 7.4L3 21l1.6-5.1A8.5 8.5 0 1 1 21 12Z" />);
export const HeartIcon = icon(
  <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.6 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.6 0 5.8 3.6 4.5 7.1-1.8 4.8-9.3 9.4-9.3 9.4Z" />,
);
export const GemIcon = icon(
  <>
    <path d="M6 3h12l4 6-10 12L2 9Z" />
    <path d="M2 9h20M10 3 8 9l4 12 4-12-2-6" />
  </>,
);
export const CrownIcon = icon(<path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5Z" />);
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
);
export const SlidersIcon = icon(
  <>
    <path d="M4 6h9m4 0h3M4 12h3m4 0h9M4 18h11m4 0h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </>,
);
export const LogoutIcon = icon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="m10 17-5-5 5-5M5 12h11" />
  </>,
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
  </>,
);
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
export const ArrowLeftIcon = icon(<path d="M19 12H5m7 7-7-7 7-7" />);
export const ShieldCheckIcon = icon(
  <>
    <path d="M12 3 4 6v6c0 4.4 3.4 8.2 8 9 4.6-.8 8-4.6 8-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const MailCheckIcon = icon(
  <>
    <path d="M21 12V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h8" />
    <path d="m3 7 9 6 9-6M16 19l2 2 4-4" />
  </>,
);
export const LockIcon = icon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);
export const SparklesIcon = icon(
  <>
    <path d="m12 3 1.8 4.7 4.7 1.8-4.7 1.8L12 16l-1.8-4.7-4.7-1.8 4.7-1.8Z" />
    <path d="m19 15 .8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8Z" />
  </>,
);
export const UserPlusIcon = icon(
  <>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 21c0-4 3.1-7 7-7 1.5 0 2.9.4 4 1.2M19 14v6m-3-3h6" />
  </>,
);
export const CompassIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5Z" />
  </>,
);
export const FlameIcon = icon(
  <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-2.9 1.7-5 3.4-6.7.5 1.6 1.4 2.6 2.6 3.1C11 7.2 12.6 4.5 15 3c.2 3 1.6 4.4 2.8 6 1 1.4 1.2 2.7 1.2 4.4 0 4.1-3.1 7.6-7 7.6Z" />,
);
export const BellIcon = icon(<path d="M6 16v-5a6 6 0 0 1 12 0v5l2 2H4Zm4 5h4" />);
export const CheckIcon = icon(<path d="m5 12 5 5 9-10" />);
export const CameraIcon = icon(
  <>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="m8 7 1.5-3h5L16 7" />
    <circle cx="12" cy="13.5" r="3.5" />
  </>,
);
export const ReceiptIcon = icon(<path d="M6 3h12v18l-3-2-3 2-3-2-3 2Zm3 5h6m-6 4h6" />);
export const UploadIcon = icon(<path d="M12 16V4M7 9l5-5 5 5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />);
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const HelpIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7M12 17h.01" />
  </>,
);
export const DocumentIcon = icon(<path d="M14 3H6v18h12V7Zm0 0v4h4M9 12h6m-6 4h6" />);
export const TargetIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1" />
  </>,
);
export const KeyIcon = icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9m-4 4 3 3" />
  </>,
);
export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />);
export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />);
export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);
export const ExpandIcon = icon(<path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" />);
export const BlockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </>,
);
export const MapPinIcon = icon(
  <>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </>,
);
export const GiftIcon = icon(
  <>
    <path d="M4 11h16v10H4Zm-1-4h18v4H3Zm9 0v14" />
    <path d="M12 7S10.5 3 8 3a2 2 0 0 0 0 4m4 0s1.5-4 4-4a2 2 0 0 1 0 4" />
  </>,
);
export const SendIcon = icon(<path d="M21 3 10 14M21 3l-7 18-4-7-7-4Z" />);
export const TrashIcon = icon(<path d="M4 7h16M9 7V4h6v3m-9 0 1 14h10l1-14M10 11v6m4-6v6" />);
export const LightbulbIcon = icon(
  <path d="M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z" />,
);
export const FlagIcon = icon(<path d="M5 21V4m0 0h11l-2 4 2 4H5" />);
export const DownloadIcon = icon(<path d="M12 4v12m-5-5 5 5 5-5M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />);
export const EyeIcon = icon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </>,
);
