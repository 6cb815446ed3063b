/**
 * PersonIcon is a head and shoulders in a circle, for the account menu. It is decoration: the
 * button that carries it has its own accessible name.
 */
export function PersonIcon({ size = 24 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="10" r="3.5" />
      <path d="M5.5 19a7.5 7.5 0 0 1 13 0" />
    </svg>
  );
}
