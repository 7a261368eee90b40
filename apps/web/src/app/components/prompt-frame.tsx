import type { ReactNode } from 'react';
import { AlertCloseButton } from './alert-close-button';

interface PromptFrameProps {
  id: string;
  /** The prompt's title: its region's name and the start of its text. */
  title: string;
  text?: ReactNode;
  icon: ReactNode;
  actions: ReactNode;
  /** The dismissal's close button; without it the prompt cannot be closed. */
  dismiss?: { label: string; onClick: () => void };
  warning?: boolean;
  /** The text is news the member's action brought: screen readers hear it when it comes. */
  status?: boolean;
}

/**
 * One member prompt, shaped to the slot's fixed box: icon, a text of at most two lines, the
 * action and the close button.
 */
export function PromptFrame({
  id,
  title,
  text,
  icon,
  actions,
  dismiss,
  warning = false,
  status = false,
}: PromptFrameProps) {
  return (
    <div
      id={id}
      className={`member-prompt__frame${warning ? ' member-prompt__frame--warning' : ''}`}
      role="region"
      aria-label={title}
    >
      <div className="container member-prompt__inner">
        <span className="member-prompt__icon" aria-hidden="true">
          {icon}
        </span>
        <p className="member-prompt__text" role={status ? 'status' : undefined}>
          <strong>{title}</strong> {text}
        </p>
        <div className="member-prompt__actions">{actions}</div>
        {dismiss && <AlertCloseButton label={dismiss.label} onClick={dismiss.onClick} />}
      </div>
    </div>
  );
}
