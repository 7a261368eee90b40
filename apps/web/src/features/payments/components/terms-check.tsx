import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckField } from '../../../components/form';
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

/**
 * The terms every order must accept (spec section 5), naming the version accepted: the `terms`
 * box of the order's form.
 */
export function TermsCheck({ version }: { version: string }) {
  const { t } = useTranslation();
  return (
    <CheckField
      name="terms"
      className="terms-check"
      label={withLink(t('payments.terms.accept', { date: formatDate(new Date(version)) }), (text) => (
        <Link to="/pages/terms" target="_blank" rel="noopener">
          {text}
        </Link>
      ))}
    />
  );
}
