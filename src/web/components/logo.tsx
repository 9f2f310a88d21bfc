import { Link } from 'react-router';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={className}>
      <rect width="32" height="32" rx="7" fill="#1e3a5f" />
      <path d="M10 8h8l5 5v11a1 1 0 0 1-1 1H10a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" fill="#fff" />
      <path
        d="M13 18.5l2-2m-1.2 3.6a1.8 1.8 0 0 1-2.5-2.5l1.4-1.4m3.6-1.4a1.8 1.8 0 0 1 2.5 2.5l-1.4 1.4"
        stroke="#b08d3c"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
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
