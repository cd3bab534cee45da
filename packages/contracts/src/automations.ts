import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';
import { conversationPrioritySchema } from './priority.js';

/**
 * Automation rules: *when* an event happens, *if* conditions hold, *then* actions run in order.
 * Everything is typed data — never code or templates that execute: the server interprets each kind.
 */

export const AUTOMATION_EVENTS = {
  conversation_created: 'Conversa criada',
  message_received: 'Mensagem do cliente recebida',
  outside_business_hours: 'Mensagem fora do horário de atendimento',
  handed_off: 'Conversa transferida para humano',
  assigned: 'Conversa atribuída',
  resolved: 'Conversa finalizada',
  csat_received: 'Avaliação recebida',
  no_reply_from_us: 'Sem resposta nossa há N minutos',
  no_reply_from_customer: 'Sem resposta do cliente há N horas',
} as const;
export type AutomationEvent = keyof typeof AUTOMATION_EVENTS;
export const automationEventSchema = z.enum(
  Object.keys(AUTOMATION_EVENTS) as [AutomationEvent, ...AutomationEvent[]],
);

const words = z
  .array(z.string().trim().min(1, 'Palavra vazia').max(80, 'Palavra muito longa (máximo 80 letras)'))
  .min(1, 'Escreva pelo menos uma palavra')
  .max(30, 'No máximo 30 palavras');
/** A choice from a list (a label, a person): the message says what to choose. */
const chosen = (message: string) => z.string().trim().min(1, message).max(64, 'Identificador inválido');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm');

/** A simple text pattern: `*` any run of characters, `?` one character; matched without accents. */
export const textPatternSchema = z
  .string()
  .trim()
  .min(1, 'Escreva o padrão')
  .max(120, 'Padrão muito longo')
  .regex(/^[^\\]*$/, 'Use só texto, * e ?');

export const automationConditionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('inbox'),
    inboxIds: z.array(z.string().min(1).max(64)).min(1, 'Escolha pelo menos uma caixa de entrada').max(50),
  }),
  z.object({
    type: z.literal('label'),
    labelId: chosen('Escolha uma etiqueta'),
    present: z.boolean().default(true),
  }),
  z.object({ type: z.literal('text_contains'), words }),
  z.object({ type: z.literal('text_matches'), pattern: textPatternSchema }),
  z.object({
    type: z.literal('client_field'),
    field: z.enum(['name', 'email', 'phone', 'notes']),
    operator: z.enum(['contains', 'empty', 'not_empty']),
    value: z.string().trim().max(120, 'Texto muito longo').default(''),
  }),
  z.object({ type: z.literal('handler'), handler: z.enum(['ai', 'person', 'waiting']) }),
  z.object({
    type: z.literal('confidence_below'),
    threshold: z.number({ error: 'Informe um número' }).min(0, 'Use de 0% a 100%').max(1, 'Use de 0% a 100%'),
  }),
  z.object({ type: z.literal('business_hours'), inside: z.boolean() }),
  z.object({
    type: z.literal('day_time'),
    days: z.array(z.number().int().min(0).max(6)).min(1, 'Escolha pelo menos um dia').max(7),
    from: hhmm,
    to: hhmm,
  }),
]);
export type AutomationCondition = z.infer<typeof automationConditionSchema>;

/** A message an action sends: plain text with `{primeiro_nome}`, `{nome}`, `{empresa}`, `{caixa}`. */
const messageText = z.string().trim().min(1, 'Escreva a mensagem').max(4096, 'Mensagem muito longa');

export const automationActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assign_person'), userId: chosen('Escolha uma pessoa') }),
  /** Round-robin among these people (the available ones, by fewest open conversations). */
  z.object({
    type: z.literal('assign_round_robin'),
    userIds: z.array(idSchema).min(1, 'Escolha pelo menos uma pessoa').max(100),
  }),
  z.object({ type: z.literal('add_label'), labelId: chosen('Escolha uma etiqueta') }),
  z.object({ type: z.literal('remove_label'), labelId: chosen('Escolha uma etiqueta') }),
  z.object({ type: z.literal('send_message'), text: messageText }),
  z.object({ type: z.literal('send_canned_reply'), cannedReplyId: chosen('Escolha uma resposta rápida') }),
  /** The inbox's own greeting or out-of-office message (its business hours); skipped when empty. */
  z.object({ type: z.literal('send_inbox_message'), message: z.enum(['greeting', 'out_of_office']) }),
  z.object({
    type: z.literal('send_template'),
    name: z.string().trim().min(1, 'Escolha um modelo').max(512),
    language: z.string().trim().min(2, 'Informe o idioma do modelo').max(15),
    parameters: z.array(z.string().max(1024)).max(20).default([]),
  }),
  z.object({
    type: z.literal('add_note'),
    text: z.string().trim().min(1, 'Escreva a nota').max(4096, 'Nota muito longa'),
  }),
  z.object({
    type: z.literal('snooze'),
    minutes: z
      .number({ error: 'Informe um número' })
      .int('Use minutos inteiros')
      .min(5, 'No mínimo 5 minutos')
      .max(60 * 24 * 30, 'No máximo 30 dias'),
  }),
  /** null takes the priority away. */
  z.object({ type: z.literal('set_priority'), priority: conversationPrioritySchema.nullable() }),
  z.object({ type: z.literal('resolve') }),
  z.object({ type: z.literal('stop_ai') }),
  z.object({
    type: z.literal('hand_off'),
    reason: z.string().trim().min(1, 'Informe o motivo').max(200, 'Motivo muito longo'),
  }),
  z.object({ type: z.literal('call_webhook'), url: z.url('Informe um endereço como https://…').max(2000) }),
]);
export type AutomationAction = z.infer<typeof automationActionSchema>;

export const automationRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Dê um nome à regra').max(80, 'Nome muito longo'),
    enabled: z.boolean().default(true),
    event: automationEventSchema,
    /** For the time events: minutes (no reply from us) or hours (no reply from the customer). */
    after: z
      .number({ error: 'Informe um número' })
      .int('Use um número inteiro')
      .min(1, 'No mínimo 1')
      .max(60 * 24 * 7, 'Tempo longo demais')
      .nullable()
      .default(null),
    conditions: z.array(automationConditionSchema).max(20, 'No máximo 20 condições').default([]),
    actions: z
      .array(automationActionSchema)
      .min(1, 'Inclua pelo menos uma ação')
      .max(20, 'No máximo 20 ações'),
  })
  .strict()
  // No reply from us without a time: when the inbox's first-response target (SLA) is missed.
  .refine(
    (rule) =>
      rule.event === 'no_reply_from_us' ||
      (rule.event === 'no_reply_from_customer') === (rule.after !== null),
    { message: 'Informe depois de quanto tempo (só nos eventos de espera)', path: ['after'] },
  );
export type AutomationRuleInput = z.input<typeof automationRuleInputSchema>;

export const automationRuleSchema = z.object({
  id: idSchema,
  name: z.string(),
  enabled: z.boolean(),
  position: z.number().int(),
  event: automationEventSchema,
  after: z.number().int().nullable(),
  conditions: z.array(automationConditionSchema),
  actions: z.array(automationActionSchema),
  /** The rules that ship (greeting, out-of-office): editable, not deletable. */
  builtin: z.enum(['greeting', 'out_of_office']).nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type AutomationRule = z.infer<typeof automationRuleSchema>;
export const automationRulesResponseSchema = okEnvelope(z.array(automationRuleSchema));
export const automationRuleResponseSchema = okEnvelope(automationRuleSchema);
export const reorderRulesRequestSchema = z.object({ ids: z.array(idSchema).min(1).max(500) }).strict();

/** One rule's run on one conversation: what it did, line by line ("etiqueta boleto adicionada"). */
export const automationRunSchema = z.object({
  id: idSchema,
  ruleId: idSchema,
  ruleName: z.string(),
  conversationId: idSchema,
  event: automationEventSchema,
  outcome: z.enum(['done', 'skipped', 'failed', 'cut']),
  lines: z.array(z.string()),
  createdAt: isoDateSchema,
});
export type AutomationRun = z.infer<typeof automationRunSchema>;
export const automationRunsResponseSchema = okEnvelope(z.array(automationRunSchema));

/** "Testar": a rule against a past conversation — which conditions held, what it would do. */
export const testRuleRequestSchema = z
  .object({ rule: automationRuleInputSchema, conversationId: idSchema })
  .strict();
export const testRuleResponseSchema = okEnvelope(
  z.object({
    conditions: z.array(z.object({ label: z.string(), matched: z.boolean() })),
    matched: z.boolean(),
    /** What it would do, in order, in pt-BR. */
    actions: z.array(z.string()),
  }),
);
export type TestRuleResult = z.infer<typeof testRuleResponseSchema>['data'];

/** A macro: a named sequence of actions an operator runs on the open conversation. */
export const macroInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Dê um nome à macro').max(60, 'Nome muito longo'),
    /** Shared with the team (admins) or personal (only its owner sees and runs it). */
    shared: z.boolean().default(false),
    actions: z
      .array(automationActionSchema)
      .min(1, 'Inclua pelo menos uma ação')
      .max(20, 'No máximo 20 ações'),
  })
  .strict();
export type MacroInput = z.input<typeof macroInputSchema>;
export const macroSchema = z.object({
  id: idSchema,
  name: z.string(),
  shared: z.boolean(),
  ownerId: idSchema.nullable(),
  actions: z.array(automationActionSchema),
  updatedAt: isoDateSchema,
});
export type Macro = z.infer<typeof macroSchema>;
export const macrosResponseSchema = okEnvelope(z.array(macroSchema));
export const macroResponseSchema = okEnvelope(macroSchema);
export const runMacroRequestSchema = z.object({ conversationId: idSchema }).strict();
export const runMacroResponseSchema = okEnvelope(z.object({ lines: z.array(z.string()) }));

/** Brazil's time zones (IANA), for the business-hours picker. */
export const BRAZIL_TIME_ZONES = {
  'America/Sao_Paulo': 'Brasília (SP, RJ, MG, Sul, GO, DF…)',
  'America/Bahia': 'Bahia',
  'America/Fortaleza': 'Fortaleza (CE, RN, PB, PI, MA)',
  'America/Recife': 'Recife (PE)',
  'America/Maceio': 'Maceió (AL, SE)',
  'America/Belem': 'Belém (PA leste, AP)',
  'America/Santarem': 'Santarém (PA oeste)',
  'America/Araguaina': 'Araguaína (TO)',
  'America/Cuiaba': 'Cuiabá (MT)',
  'America/Campo_Grande': 'Campo Grande (MS)',
  'America/Manaus': 'Manaus (AM)',
  'America/Porto_Velho': 'Porto Velho (RO)',
  'America/Boa_Vista': 'Boa Vista (RR)',
  'America/Rio_Branco': 'Rio Branco (AC)',
  'America/Eirunepe': 'Eirunepé (AM oeste)',
  'America/Noronha': 'Fernando de Noronha',
} as const;
export type BrazilTimeZone = keyof typeof BRAZIL_TIME_ZONES;

/** Easter Sunday of a year (Gregorian computus), as a UTC date. */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** Brazil's national holidays of a year (federal law), in date order. */
export function brazilHolidays(year: number): Array<{ date: string; name: string }> {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const on = (month: number, day: number) => iso(new Date(Date.UTC(year, month - 1, day)));
  const goodFriday = easter(year);
  goodFriday.setUTCDate(goodFriday.getUTCDate() - 2);
  return [
    { date: on(1, 1), name: 'Confraternização Universal' },
    { date: iso(goodFriday), name: 'Sexta-feira Santa' },
    { date: on(4, 21), name: 'Tiradentes' },
    { date: on(5, 1), name: 'Dia do Trabalho' },
    { date: on(9, 7), name: 'Independência do Brasil' },
    { date: on(10, 12), name: 'Nossa Senhora Aparecida' },
    { date: on(11, 2), name: 'Finados' },
    { date: on(11, 15), name: 'Proclamação da República' },
    { date: on(11, 20), name: 'Dia Nacional de Zumbi e da Consciência Negra' },
    { date: on(12, 25), name: 'Natal' },
  ].sort((x, y) => x.date.localeCompare(y.date));
}

/** Business hours of one inbox: a weekly schedule, holidays, a time zone from the list. */
export const businessIntervalSchema = z
  .object({ from: hhmm, to: hhmm })
  .refine((i) => i.from < i.to, { message: 'O fim deve vir depois do início', path: ['to'] });
export const businessHoursSchema = z.object({
  enabled: z.boolean().default(false),
  timeZone: z
    .enum(Object.keys(BRAZIL_TIME_ZONES) as [BrazilTimeZone, ...BrazilTimeZone[]])
    .default('America/Sao_Paulo'),
  /** Index 0 = domingo … 6 = sábado; each day's intervals. */
  week: z
    .array(z.array(businessIntervalSchema).max(6, 'No máximo 6 intervalos por dia'))
    .length(7)
    .default([[], ...Array.from({ length: 5 }, () => [{ from: '08:00', to: '18:00' }]), []]),
  holidays: z
    .array(
      z.object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data'),
        name: z.string().trim().max(80, 'Nome muito longo'),
      }),
    )
    .max(100, 'No máximo 100 feriados')
    .default([]),
  greeting: z.string().trim().max(1000, 'Mensagem muito longa (máximo 1.000 caracteres)').default(''),
  outOfOffice: z.string().trim().max(1000, 'Mensagem muito longa (máximo 1.000 caracteres)').default(''),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;
export const businessHoursResponseSchema = okEnvelope(businessHoursSchema);
export const brazilHolidaysResponseSchema = okEnvelope(
  z.array(z.object({ date: z.string(), name: z.string() })),
);
