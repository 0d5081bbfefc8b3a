import { Link } from 'wouter';
import { SearchX } from 'lucide-react';
import { useDocumentTitle } from '../lib/site';
import { buttonClasses } from '../components/ui/button';

/** Any unknown path: '404 Page Not Found' / 'Did you forget to add the page to the router?'. */
export function NotFoundPage() {
  useDocumentTitle('404 Page Not Found');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center px-4 py-16 text-center">
      <div className="mb-5 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-400">
        <SearchX className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Did you forget to add the page to the router?</p>
      <Link href="/" className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
        Go to Homepage
      </Link>
    </div>
  );
}
