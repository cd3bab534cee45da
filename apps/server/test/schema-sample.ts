/**
 * Reads a zod 4 schema (through its `_zod.def`) to build a value it accepts and to list where strings
 * go in it: the property tests put hostile strings in one place at a time, everything else valid, so
 * the string reaches the code behind validation instead of stopping at the first refused field.
 */

// biome-ignore lint/suspicious/noExplicitAny: zod's internal definition is walked structurally
type Def = any;
interface Schema {
  _zod: { def: Def };
  safeParse(value: unknown): { success: boolean };
}

export type Path = (string | number)[];

/** Where a string can be put: a value, or the key of a record. */
export interface StringSlot {
  path: Path;
  kind: 'value' | 'key';
}

export interface Sample {
  /** Required fields only (what a client must send). */
  base: unknown;
  /** Optional fields too: where `slots` lead. */
  full: unknown;
  slots: StringSlot[];
}

/** Valid strings tried in order for a field; the first the field's schema accepts wins. */
export type StringHints = (field: string) => readonly string[];

const GENERIC_STRINGS = [
  'Olá, tudo bem?',
  'fuzz@teste.local',
  'https://exemplo.com.br',
  '5511988887777',
  '08:00',
  '#22c55e',
  '👍',
  'abc12345',
  '2026-01-01',
  '2099-01-01T12:00:00.000Z',
];

function accepts(schema: Schema, value: unknown): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

interface Built {
  base: unknown;
  full: unknown;
}

function walk(
  schema: Schema,
  field: string,
  path: Path,
  hints: StringHints,
  slots: StringSlot[] | null,
): Built {
  const def = schema._zod.def;
  const optional = (inner: Schema): Built => {
    const value = walk(inner, field, path, hints, slots);
    return { base: undefined, full: value.full };
  };
  switch (def.type) {
    case 'string': {
      slots?.push({ path, kind: 'value' });
      const candidates = [...hints(field), ...GENERIC_STRINGS];
      const value = candidates.find((candidate) => accepts(schema, candidate)) ?? candidates[0];
      return { base: value, full: value };
    }
    case 'number':
    case 'bigint': {
      const value = [1, 10, 50, 0, 1000].find((n) => accepts(schema, n)) ?? 1;
      return { base: value, full: value };
    }
    case 'boolean':
      return { base: false, full: false };
    case 'date':
      return { base: new Date(0), full: new Date(0) };
    case 'null':
      return { base: null, full: null };
    case 'enum': {
      const value = Object.values(def.entries)[0];
      return { base: value, full: value };
    }
    case 'literal':
      return { base: def.values[0], full: def.values[0] };
    case 'optional':
    case 'default':
    case 'prefault':
      return optional(def.innerType);
    case 'nullable':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, field, path, hints, slots);
    case 'pipe':
      return walk(def.in, field, path, hints, slots);
    case 'lazy':
      return walk(def.getter(), field, path, hints, slots);
    case 'object': {
      const base: Record<string, unknown> = {};
      const full: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) {
        const value = walk(child, key, [...path, key], hints, slots);
        if (value.base !== undefined) base[key] = value.base;
        if (value.full !== undefined) full[key] = value.full;
      }
      return { base, full };
    }
    case 'array': {
      const element = walk(def.element, field, [...path, 0], hints, slots);
      const base = accepts(schema, []) ? [] : [element.full];
      return { base, full: [element.full] };
    }
    case 'tuple': {
      const items = (def.items as Schema[]).map(
        (item, i): Built => walk(item, field, [...path, i], hints, slots),
      );
      return { base: items.map((item) => item.full), full: items.map((item) => item.full) };
    }
    case 'record': {
      const keyDef = def.keyType._zod.def;
      if (keyDef.type === 'enum') {
        const full: Record<string, unknown> = {};
        for (const key of Object.values(keyDef.entries) as string[]) {
          full[key] = walk(def.valueType, key, [...path, key], hints, slots).full;
        }
        return { base: full, full };
      }
      slots?.push({ path, kind: 'key' });
      const value = walk(def.valueType, 'chave', [...path, 'chave'], hints, slots);
      return { base: {}, full: { chave: value.full } };
    }
    case 'union': {
      const options = def.options as Schema[];
      const chosen = options.find((option) => accepts(option, walk(option, field, path, hints, null).full));
      return walk(chosen ?? (options[0] as Schema), field, path, hints, slots);
    }
    case 'intersection': {
      const left = walk(def.left, field, path, hints, slots);
      const right = walk(def.right, field, path, hints, slots);
      return {
        base: { ...(left.base as object), ...(right.base as object) },
        full: { ...(left.full as object), ...(right.full as object) },
      };
    }
    default:
      return { base: undefined, full: undefined };
  }
}

/** A value for `schema` and the places its strings go. */
export function sampleOf(schema: Schema, hints: StringHints): Sample {
  const slots: StringSlot[] = [];
  const { base, full } = walk(schema, '', [], hints, slots);
  return { base, full, slots };
}

const clone = <T>(value: T): T => structuredClone(value);

/**
 * `base` with `text` put at one slot (the rest of the way filled from `full`); a key slot gets an
 * entry named `text`. Own properties are defined, never assigned: `__proto__` stays a plain key.
 */
export function withString(sample: Sample, slot: StringSlot, text: string): unknown {
  if (slot.path.length === 0 && slot.kind === 'value') return text;
  let root = clone(sample.base ?? sample.full) as Record<string | number, unknown>;
  if (root === undefined || root === null || typeof root !== 'object') root = clone(sample.full) as never;
  let node = root;
  let fullNode = sample.full as Record<string | number, unknown>;
  const steps = slot.kind === 'key' ? slot.path : slot.path.slice(0, -1);
  for (const step of steps) {
    fullNode = fullNode?.[step] as Record<string | number, unknown>;
    if (node[step] === undefined || node[step] === null || typeof node[step] !== 'object') {
      Object.defineProperty(node, step, {
        value: clone(fullNode ?? {}),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    node = node[step] as Record<string | number, unknown>;
  }
  const key = slot.kind === 'key' ? text : (slot.path.at(-1) as string | number);
  const value = slot.kind === 'key' ? (Object.values(fullNode ?? {})[0] ?? 'x') : text;
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
  return root;
}
