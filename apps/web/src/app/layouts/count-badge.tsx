import { badgeText } from '@app/shared';

interface CountBadgeProps {
  count: number;
  /** What the number means, for screen readers ("3 unread"). */
  label: string;
}

/** The unread badge of the top bar and tab bar: hidden at 0, capped at 99+, in the unread colour. */
export function CountBadge({ count, label }: CountBadgeProps) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="count-badge">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
