import { Fragment, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { describeRule, finalStop, type RuleNames, type RuleParts } from '../lib/rule-sentence';

function Keyword({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-indigo-700 dark:text-indigo-300">{children}</strong>;
}

/** `a`, `a e b`, `a, b e c` with the joining words emphasised. */
function joined(items: readonly string[], conjunction: string): ReactNode {
  return items.map((item, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: clauses of one sentence, never reordered alone
    <Fragment key={i}>
      {i > 0 && (i === items.length - 1 ? <> {conjunction} </> : ', ')}
      {item}
    </Fragment>
  ));
}

/**
 * The rule as the sentence it is: **Quando** …, **se** … **e** …, **então**: … . Read by the list and
 * by the editor as it changes.
 */
export function RuleSummary({
  rule,
  names,
  className,
}: {
  rule: RuleParts;
  names: RuleNames;
  className?: string;
}) {
  const { when, conditions, actions } = describeRule(rule, names);
  return (
    <p
      data-testid="rule-summary"
      className={cn('text-slate-700 text-sm leading-relaxed dark:text-slate-300', className)}
    >
      <Keyword>Quando</Keyword> {when.replace(/^Quando /, '')}
      {conditions.length > 0 && (
        <>
          , <Keyword>se</Keyword> {joined(conditions, 'e')}
        </>
      )}
      , <Keyword>então</Keyword>:{' '}
      {actions.length > 0 ? (
        joined(actions, 'e')
      ) : (
        <span className="text-slate-400 italic dark:text-slate-500">nada ainda</span>
      )}
      {finalStop(actions.at(-1) ?? '')}
    </p>
  );
}
