// Brand glyphs for the footer's social links: simple shapes drawn for this site, solid like the brands' own
// marks (Instagram's is an outline, so it is drawn with the line icons' stroke).
import { type IconProps, LineIcon } from "./icons";

function SolidIcon({ children, className = "size-5", ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className} {...props}>
      {children}
    </svg>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.5V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.4H9v3h2.5V21h2Z" />
    </SolidIcon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <path d="M4 4h4.6l3.9 5.3L17 4h2.3l-5.8 6.7L20 20h-4.6l-4.2-5.7L6.3 20H4l6.2-7.1L4 4Zm3.3 1.6 9 12.8h1.4L8.8 5.6H7.3Z" />
    </SolidIcon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r="0.6" fill="currentColor" />
    </LineIcon>
  );
}

export function LinkedInIcon(props: IconProps) {
  return (
    <SolidIcon {...props}>
      <path d="M5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3.3 9h3.4v11.5H3.3V9Zm5.6 0h3.3v1.6c.5-.9 1.7-1.9 3.5-1.9 3.6 0 4.3 2.3 4.3 5.4v6.4h-3.4v-5.7c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3v5.8H8.9V9Z" />
    </SolidIcon>
  );
}
