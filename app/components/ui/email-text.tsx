/**
 * An e-mail address that, when it must wrap, breaks before the "@" or a dot rather than mid-word
 * ("enquiries" / "@cottonopolis" / ".example"). The text, and so its accessible name, is unchanged.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move
        <span key={index}>
          {index > 0 && <wbr />}
          {part}
        </span>
      ))}
    </span>
  );
}
