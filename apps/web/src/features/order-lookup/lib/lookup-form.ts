import type { MaskedSecret, OrderLookupInput, OrderLookupView } from '@atende/contracts';
import type { FieldErrors } from '@/components/form/use-zod-form';

/** A header as the form edits it: a stored one keeps its value until something is typed over it. */
export interface HeaderRow {
  /** A stable key for React (rows are added and removed). */
  key: string;
  name: string;
  /** What the admin typed; '' keeps the stored value. */
  value: string;
  /** The stored value, masked (null: a header added in this form). */
  stored: MaskedSecret | null;
  /** The name it is stored under: the server matches a kept value by name. */
  storedName: string | null;
}

export interface LookupFormValues {
  enabled: boolean;
  urlTemplate: string;
  headers: HeaderRow[];
  replyTemplate: string;
}

let nextKey = 0;
export function newHeaderRow(): HeaderRow {
  nextKey += 1;
  return { key: `new-${nextKey}`, name: '', value: '', stored: null, storedName: null };
}

export function formValuesFrom(view: OrderLookupView): LookupFormValues {
  return {
    enabled: view.enabled,
    urlTemplate: view.urlTemplate,
    replyTemplate: view.replyTemplate,
    headers: view.headers.map((header, index) => ({
      key: `stored-${index}-${header.name}`,
      name: header.name,
      value: '',
      stored: header.value,
      storedName: header.name,
    })),
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A stored header whose name changed must have its value typed again. */
const isRenamedWithoutValue = (header: HeaderRow) =>
  header.value === '' &&
  header.stored?.isSet === true &&
  header.storedName !== null &&
  !sameName(header.name, header.storedName);

/**
 * How the form kit reads these values: `toInput` is the body to PUT, where a stored header left blank
 * goes back masked so the server keeps its value; `check` asks for the value of a renamed one (the
 * server would drop a masked value whose name it does not know). Errors are keyed like the server's:
 * `urlTemplate`, `headers.0.value`.
 */
export const lookupForm = {
  toInput: (values: LookupFormValues): OrderLookupInput => ({
    enabled: values.enabled,
    urlTemplate: values.urlTemplate,
    replyTemplate: values.replyTemplate,
    headers: values.headers.map((header) => {
      if (header.value !== '') return { name: header.name, value: header.value };
      if (header.stored?.isSet && !isRenamedWithoutValue(header)) {
        return { name: header.name, value: header.stored };
      }
      return { name: header.name, value: '' };
    }),
  }),
  check: (values: LookupFormValues): FieldErrors =>
    Object.fromEntries(
      values.headers.flatMap((header, index) =>
        isRenamedWithoutValue(header)
          ? [[`headers.${index}.value`, 'O nome mudou: digite o valor de novo']]
          : [],
      ),
    ),
};

/** `{{caminho.do.campo}}`: the same pattern the server fills the reply with. */
const FIELD = /\{\{\s*([A-Za-z0-9_][A-Za-z0-9_.-]{0,100})\s*\}\}/g;

/** The answer fields a reply template names, in order, once each. */
export function templateFields(template: string): string[] {
  return [...new Set([...template.matchAll(FIELD)].map((match) => match[1] as string))];
}

/** The URL a test will call: the template filled as the server fills it (URL-encoded). */
export function fillUrl(template: string, input: { phone: string; order: string }): string {
  return template
    .replaceAll('{telefone}', encodeURIComponent(input.phone))
    .replaceAll('{pedido}', encodeURIComponent(input.order));
}

/** The view as the PUT that changes only `enabled` (header values go back masked: kept). */
export function withEnabled(view: OrderLookupView, enabled: boolean): OrderLookupInput {
  return {
    enabled,
    urlTemplate: view.urlTemplate,
    replyTemplate: view.replyTemplate,
    headers: view.headers.map((header) => ({ name: header.name, value: header.value })),
  };
}
