import { Link } from 'react-router';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={className}>
      <rect width="32" height="32" rx="7" fill="#1e3a5f" />
      <path d="M9 6.5h9.5L23 11v14.5H9z" fill="#fff" />
      <path d="M18.5 6.5V11H23" fill="#d9e1ec" />
      <path d="M12 12.5h4M12 15.5h8" stroke="#9aa9bd" strokeWidth="1.3" strokeLinecap="round" />
      <g stroke="#b08d3c" strokeWidth="1.9" fill="none" strokeLinecap="round">
        <path d="M15.2 22.6l-1.1 1.1a2.1 2.1 0 0 1-3-3l1.1-1.1" />
        <path d="M16.8 19.4l1.1-1.1a2.1 2.1 0 0 1 3 3l-1.1 1.1" />
        <path d="M14.6 21.4l2.8-2.8" />
      </g>
    </svg>
  );
}

/** The product logo; always links to / (spec §2 header). */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2.5 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <LogoMark />
      <span className="font-serif text-xl font-semibold tracking-tight text-primary">Brieflink</span>
    </Link>
  );
}
