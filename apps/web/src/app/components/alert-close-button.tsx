import { CloseIcon } from '../../components/icons';

/** The round close button of the layout's alerts. */
export function AlertCloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="member-alert__close" aria-label={label} onClick={onClick}>
      <CloseIcon size={18} />
    </button>
  );
}
