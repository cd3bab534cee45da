import { Link } from 'react-router';

/** A picker with nothing to pick: says where to create the first one. */
export function MissingOptions({ what, to, place }: { what: string; to: string; place: string }) {
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:bg-amber-500/10 dark:text-amber-200">
      Ainda não há nenhuma {what}. Crie a primeira em{' '}
      <Link to={to} className="font-medium underline underline-offset-2">
        {place}
      </Link>
      .
    </p>
  );
}
