import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** A link item; otherwise `onSelect` runs. */
  to?: string;
  onSelect?: () => void;
  /** Marks the current choice, e.g. the language in use. */
  current?: boolean;
  /** Language of the label, when it differs from the page's. */
  lang?: string;
}

interface DropdownMenuProps {
  /** Accessible name of the toggle button. */
  label: string;
  /** What the toggle shows. */
  toggle: ReactNode;
  items: MenuItem[];
  id?: string;
  toggleClassName?: string;
  /** Content above the items, e.g. who is logged in. */
  header?: ReactNode;
}

/**
 * A light menu button (WAI-ARIA menu pattern) styled as a Bootstrap dropdown, without Popper:
 * the top bar needs it on first load, where every kilobyte counts.
 */
export function DropdownMenu({ label, toggle, items, id, toggleClassName = '', header }: DropdownMenuProps) {
  const generatedId = useId();
  const baseId = id ?? generatedId;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const focusOnOpen = useRef(0);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusOnOpen.current]?.focus();
    function handlePointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open]);

  function openAt(index: number) {
    focusOnOpen.current = index;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function handleToggleKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent) {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      itemRefs.current[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function handleSelect(item: MenuItem) {
    close(!item.to);
    item.onSelect?.();
  }

  const menuId = `${baseId}-menu`;
  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        id={baseId}
        type="button"
        className={`dropdown-toggle ${toggleClassName}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={handleToggleKeyDown}
      >
        {toggle}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={baseId}
          className="dropdown-menu dropdown-menu-end show"
          data-bs-popper="static"
          onKeyDown={handleMenuKeyDown}
        >
          {header}
          {items.map((item, index) => {
            const common = {
              ref: (element: HTMLElement | null) => {
                itemRefs.current[index] = element;
              },
              role: 'menuitem',
              'aria-current': item.current ? ('true' as const) : undefined,
              tabIndex: -1,
              lang: item.lang,
              className: `dropdown-item${item.current ? ' active' : ''}`,
              onClick: () => handleSelect(item),
            };
            const content = (
              <>
                {item.icon}
                <span>{item.label}</span>
              </>
            );
            return item.to ? (
              <Link key={item.key} to={item.to} {...common}>
                {content}
              </Link>
            ) : (
              <button key={item.key} type="button" {...common}>
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
