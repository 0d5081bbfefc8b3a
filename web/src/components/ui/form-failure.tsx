/**
 * Why a form's send failed, under the form (an alert, so screen readers hear it as it appears): the
 * one place the failure is said, instead of a toast as well. Renders nothing while `message` is null.
 */
export function FormFailure({ title, message }: { title: string; message: string | null }) {
  if (message === null) return null;
  return (
    <div
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
    >
      <p className="font-medium">{title}</p>
      {message !== title ? <p>{message}</p> : null}
    </div>
  );
}
