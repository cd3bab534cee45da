import {
  type AnalyticsExportTable,
  type AnalyticsReportQuery,
  conversationStatusLabel,
} from '@atende/contracts';
import type { Kysely } from 'kysely';
import {
  type ConversationScope,
  UNLIMITED_SCOPE,
} from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import type { CsvValue } from '../../lib/csv.js';
import { figuresOf } from './analytics.repository.js';
import { computeReport, reportDays } from './report.service.js';

type Db = Kysely<Database>;
type Rows = AsyncIterable<readonly CsvValue[]>;

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

async function* from<T>(items: readonly T[], row: (item: T) => readonly CsvValue[]): Rows {
  for (const item of items) yield row(item);
}

/**
 * Conversations touched in the range that the viewer sees (each names its customer), newest first,
 * read a page at a time (a year fits in no memory budget).
 */
async function* conversations(
  db: Db,
  query: AnalyticsReportQuery,
  scope: ConversationScope,
  zone: string,
  pageSize = 1000,
): Rows {
  const { range } = reportDays(query, zone);
  const filters = { inboxId: query.inboxId, userId: query.userId, labelId: query.labelId };
  const filtered = Boolean(filters.inboxId || filters.userId || filters.labelId);
  const within = figuresOf(UNLIMITED_SCOPE, filters);
  let after: { time: number; id: string } | null = null;
  for (;;) {
    let select = db
      .selectFrom('conversations as c')
      .innerJoin('clients as k', 'k.id', 'c.client_id')
      .select([
        'c.id',
        'c.started_at',
        'c.last_message_time',
        'c.status',
        'c.message_count',
        'c.is_ai_handled',
        'c.converted_at',
        'c.response_time_total_ms',
        'c.response_count',
        'k.name',
        'k.phone',
      ])
      .where('c.last_message_time', '>=', range.start)
      .where('c.started_at', '<', range.end)
      .$if(scope.limited, (q) => q.where(scope.where('c')))
      .$if(filtered, (q) => q.where(within('c.id')));
    if (after) {
      const { time, id } = after;
      select = select.where((eb) =>
        eb.or([
          eb('c.last_message_time', '<', time),
          eb.and([eb('c.last_message_time', '=', time), eb('c.id', '<', id)]),
        ]),
      );
    }
    const page = await select
      .orderBy('c.last_message_time', 'desc')
      .orderBy('c.id', 'desc')
      .limit(pageSize)
      .execute();
    for (const c of page) {
      const responses = Number(c.response_count);
      yield [
        c.id,
        c.name ?? 'Cliente',
        c.phone,
        new Date(Number(c.started_at)),
        c.last_message_time === null ? null : new Date(Number(c.last_message_time)),
        conversationStatusLabel(c.status),
        Number(c.message_count),
        Number(c.is_ai_handled) === 1,
        c.converted_at === null ? null : new Date(Number(c.converted_at)),
        responses > 0 ? Number(c.response_time_total_ms) / responses / 1000 : null,
      ];
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize || last.last_message_time === null) return;
    after = { time: Number(last.last_message_time), id: last.id };
  }
}

/** One CSV of the analytics screen: its header and its rows (docs/metrics.md names each figure). */
export async function exportTable(
  db: Db,
  table: AnalyticsExportTable,
  query: AnalyticsReportQuery,
  scope: ConversationScope,
  zone: string,
): Promise<{ header: string[]; rows: Rows }> {
  if (table === 'conversas') {
    return {
      header: [
        'Conversa',
        'Cliente',
        'Telefone',
        'Início',
        'Última mensagem',
        'Status',
        'Mensagens',
        'Com a IA',
        'Convertida em',
        'Tempo médio de resposta (s)',
      ],
      rows: conversations(db, query, scope, zone),
    };
  }
  const report = await computeReport(db, query, scope, zone);
  switch (table) {
    case 'resumo': {
      const r = report;
      const lines: Array<[string, CsvValue]> = [
        ['Período', `${query.from} a ${query.to}`],
        ['Conversas ativas', r.conversations.active],
        ['Conversas iniciadas', r.conversations.started],
        ['Conversões', r.conversations.converted],
        ['Taxa de conversão (%)', r.conversations.conversionRate],
        ['Primeira resposta da IA (s)', r.responseTime.firstAi.seconds],
        ['Primeira resposta humana (s)', r.responseTime.firstHuman.seconds],
        ['Tempo médio de resposta da IA (s)', r.responseTime.averageAi.seconds],
        ['Tempo médio de resposta humana (s)', r.responseTime.averageHuman.seconds],
        ['Transferências para humano', r.handoffs.count],
        ['Taxa de transferência (%)', r.handoffs.rate],
        ['Conversas assumidas por operadores', r.handoffs.takeovers],
        ['Perguntas de esclarecimento da IA', r.clarifications.count],
        ...r.clarifications.outcomes.map((o): [string, CsvValue] => [
          `Esclarecimento: ${o.label.toLowerCase()}`,
          o.count,
        ]),
        ['Respostas enviadas', r.ai.replies],
        ['Respostas da IA', r.ai.aiReplies],
        ['Taxa de resposta da IA (%)', r.ai.answerRate],
        ['Confiança média da IA (%)', r.ai.meanConfidence === null ? null : r.ai.meanConfidence * 100],
      ];
      return { header: ['Indicador', 'Valor'], rows: from(lines, (line) => line) };
    }
    case 'por-dia':
      return {
        header: ['Data', 'Conversas', 'Conversões', 'Transferências'],
        rows: from(report.perDay, (d) => [
          d.date.split('-').reverse().join('/'),
          d.conversations,
          d.converted,
          d.handoffs,
        ]),
      };
    case 'horarios': {
      const cells = report.heatmap.flatMap((hours, weekday) =>
        hours.map(
          (count, hour) =>
            [WEEKDAYS[weekday] ?? String(weekday), `${String(hour).padStart(2, '0')}h`, count] as const,
        ),
      );
      return { header: ['Dia da semana', 'Hora', 'Mensagens de clientes'], rows: from(cells, (c) => c) };
    }
    case 'transferencias':
      return {
        header: ['Motivo', 'Transferências'],
        rows: from(report.handoffs.reasons, (r) => [r.label, r.count]),
      };
    case 'lacunas':
      return {
        header: ['Pergunta', 'Vezes', 'Motivo', 'Última vez'],
        rows: from(report.knowledgeGaps, (g) => [
          g.question,
          g.count,
          g.reason === 'handoff' ? 'Transferida' : 'Baixa confiança',
          new Date(g.lastAskedAt),
        ]),
      };
  }
}
