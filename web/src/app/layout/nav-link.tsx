import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** Scrolls to an in-page anchor on the home page and tells Home which tab it names. */
function goToHomeAnchor(hash: string, location: string, navigate: (to: string) => void): void {
  if (location === '/') {
    if (window.location.hash === hash) {
      // Same hash again: hashchange would not fire, so scroll ourselves.
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      document.getElementById(hash.slice(1))?.scrollIntoView();
    } else {
      window.location.hash = hash;
    }
    return;
  }
  navigate(`/${hash}`);
}

/**
 * A link to a route or to a home anchor ('/#projects', '/#leaderboard'). Anchors work from any page:
 * they go home first, then Home scrolls to the section and selects the matching tab.
 */
export function NavLink({
  href,
  children,
  className,
  onNavigate,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}) {
  const [location, navigate] = useLocation();
  if (href.startsWith('/#')) {
    const hash = href.slice(1);
    return (
      <a
        href={href}
        className={className}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          goToHomeAnchor(hash, location, navigate);
          onNavigate?.();
        }}
      >
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className} onClick={onNavigate}>
      {children}
    </Link>
  );
}
