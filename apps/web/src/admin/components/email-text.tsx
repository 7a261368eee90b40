/**
 * An e-mail address that a narrow column wraps before the @ only, never inside a word: a phone
 * table otherwise breaks "anna.devries@exam|ple.com" wherever the cell ends. A part longer than
 * the whole cell still wraps rather than overflowing.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="admin-email">{email}</span>;
  return (
    <span className="admin-email">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
