import { Plus } from 'lucide-react';
import { useOpenSubmitDialog } from '../../hooks/use-open-submit-dialog';

/** The floating 'Submit Your Project' button of the home page. */
export function FloatingSubmitButton() {
  const submit = useOpenSubmitDialog();
  return (
    <button
      type="button"
      onClick={submit}
      aria-label="Submit Your Project"
      className="fixed bottom-5 right-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-accent-600 text-white shadow-lg shadow-accent-600/30 transition-transform duration-150 hover:scale-105 hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 sm:bottom-8 sm:right-8"
    >
      <Plus className="size-6" aria-hidden="true" />
    </button>
  );
}
