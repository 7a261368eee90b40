import { forwardRef, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n';

/**
 * Splits a text around its <link>...</link> part. (react-i18next's Trans loses the link's
 * text under preact/compat, so the split is done here.)
 */
function withLink(text: string, link: (inner: string) => ReactNode): ReactNode {
  const match = /^(.*?)<link>(.*?)<\/link>(.*)$/s.exec(text);
  if (!match) return text;
  return (
    <>
      {match[1]}
      {link(match[2] ?? '')}
      {match[3]}
    </>
  );
}

interface TermsCheckProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** ISO 8601: the version of the terms the order records (bundles.php `terms_version`). */
  version: string;
  error?: string | null;
}

/** The terms every order must accept (spec section 5), naming the version accepted. */
export const TermsCheck = forwardRef<HTMLInputElement, TermsCheckProps>(function TermsCheck(
  { checked, onChange, version, error },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-check terms-check">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        name="terms"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label className="form-check-label" htmlFor={id}>
        {withLink(t('payments.terms.accept', { date: formatDate(new Date(version)) }), (text) => (
          <Link to="/pages/terms" target="_blank" rel="noopener">
            {text}
          </Link>
        ))}
      </label>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
});
