import { ArrowRight, CheckCircle2, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

export interface PlaceholderPageProps {
  title: string;
  description: string;
  icon: LucideIcon;
  /** 'Próxima fase', 'Em breve'… */
  phase: string;
  heading: string;
  summary: string;
  /** What the screen will offer. */
  upcoming: readonly string[];
  /** Where to go meanwhile. */
  meanwhile?: { to: string; label: string };
}

/** A screen whose feature comes later: says clearly what is planned and what to use today. */
export function PlaceholderPage({
  title,
  description,
  icon: Icon,
  phase,
  heading,
  summary,
  upcoming,
  meanwhile,
}: PlaceholderPageProps) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <Card className="overflow-hidden">
        <div className="grid gap-8 p-6 sm:p-8 md:grid-cols-[auto_1fr]">
          <span className="flex size-14 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <div className="min-w-0">
            <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-800 text-xs ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/25">
              {phase}
            </span>
            <h2 className="mt-3 font-semibold text-lg text-slate-900 dark:text-white">{heading}</h2>
            <p className="mt-2 max-w-2xl text-slate-600 text-sm leading-6 dark:text-slate-300">{summary}</p>
            <h3 className="mt-6 font-medium text-slate-900 text-sm dark:text-slate-100">O que vem por aí</h3>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {upcoming.map((item) => (
                <li key={item} className="flex items-start gap-2 text-slate-600 text-sm dark:text-slate-300">
                  <CheckCircle2
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                  />
                  {item}
                </li>
              ))}
            </ul>
            {meanwhile && (
              <Link to={meanwhile.to} className={`${buttonClasses('md', 'secondary')} mt-6`}>
                {meanwhile.label}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            )}
          </div>
        </div>
      </Card>
    </PageContainer>
  );
}
