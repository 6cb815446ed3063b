/**
 * EmailText writes an email address with a place to break before its @, so that in a narrow
 * column a long address wraps as "member-81cf813351a2" / "@example.com" rather than mid-word.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
