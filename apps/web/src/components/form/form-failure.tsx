import { AlertCircle } from 'lucide-react';

/** A failed save's message that names no field, above the form; nothing when there is none. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-red-800 dark:bg-red-500/10 dark:text-red-200"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
