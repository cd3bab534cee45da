import { z } from 'zod';

/**
 * Zod speaks pt-BR on the server: built-in messages come from the pt-BR locale, and two common
 * cases get a clearer text. Schemas with their own message keep it.
 */
export function configureZodLocale(): void {
  z.config(z.locales.ptBR());
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'Campo obrigatório';
      if (issue.code === 'unrecognized_keys') return `Campo não permitido: ${issue.keys.join(', ')}`;
      return undefined;
    },
  });
}

/** One validation problem, as fastify-type-provider-zod reports it. */
export interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
}

const CONTEXT_LABELS: Record<string, string> = {
  body: 'corpo',
  querystring: 'parâmetro de consulta',
  params: 'parâmetro de rota',
  headers: 'cabeçalho',
};

/** A pt-BR sentence naming each bad field, e.g. `Dados inválidos — email: E-mail inválido`. */
export function formatValidationMessage(issues: readonly ValidationIssue[], context?: string): string {
  const parts = issues.slice(0, 3).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'valor inválido';
    if (field) return `${field}: ${message}`;
    const label = context ? CONTEXT_LABELS[context] : undefined;
    return label ? `${label}: ${message}` : message;
  });
  const more = issues.length > 3 ? ` (e mais ${issues.length - 3})` : '';
  return `Dados inválidos — ${parts.join('; ')}${more}`;
}
