import { useId, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { describedBy, FieldShell } from '../../../../components/form/field-shell';
import { formatIbanInput } from '../rules';

interface IbanFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Handed the input element, for the form to focus it. */
  inputRef?: (element: HTMLInputElement | null) => void;
  error?: string | null | undefined;
  hint?: string;
}

/**
 * The IBAN input: printed in groups of four as it is typed or pasted, upper case, with the
 * caret kept where the member was typing.
 */
export function IbanField({ label, value, onChange, onBlur, inputRef: formRef, error, hint }: IbanFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);

  // After the formatted value is in the input, put the caret back where it belongs.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (input && caretRef.current !== null && document.activeElement === input) {
      input.setSelectionRange(caretRef.current, caretRef.current);
    }
    caretRef.current = null;
  }, [value]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.target.value;
    const next = formatIbanInput(typed, event.target.selectionStart ?? typed.length);
    caretRef.current = next.caret;
    onChange(next.value);
  }

  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        ref={(element) => {
          inputRef.current = element;
          formRef?.(element);
        }}
        id={id}
        name="iban"
        className={`form-control dd-iban${error ? ' is-invalid' : ''}`}
        value={value}
        onChange={handleChange}
        onBlur={onBlur}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        placeholder="NL00 BANK 0123 4567 89"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FieldShell>
  );
}
