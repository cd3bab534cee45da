/** What a rule's message may say about the conversation; filled in when it is sent. */
export const MESSAGE_VARIABLES = [
  { token: '{primeiro_nome}', meaning: 'primeiro nome do cliente' },
  { token: '{nome}', meaning: 'nome completo do cliente' },
  { token: '{empresa}', meaning: 'nome da empresa' },
  { token: '{caixa}', meaning: 'nome da caixa de entrada' },
] as const;

/** Buttons that add a variable at the end of the text. */
export function VariableChips({ onInsert }: { onInsert: (token: string) => void }) {
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
      <span className="text-slate-500 text-xs dark:text-slate-400">Inserir:</span>
      {MESSAGE_VARIABLES.map(({ token, meaning }) => (
        <button
          key={token}
          type="button"
          title={meaning}
          aria-label={`Inserir ${token} (${meaning})`}
          onClick={() => onInsert(token)}
          className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-indigo-500/15 dark:hover:text-indigo-200"
        >
          {token}
        </button>
      ))}
    </div>
  );
}
