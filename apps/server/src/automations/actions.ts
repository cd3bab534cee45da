import { createHash } from 'node:crypto';
import { type AutomationAction, renderTemplate } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { cannedRepliesRepository } from '../conversations/canned-replies/canned-replies.repository.js';
import { labelsRepository } from '../conversations/labels/labels.repository.js';
import { serviceWindowAt } from '../conversations/messaging/service-window.js';
import { getSettings } from '../kernel/settings/settings.service.js';
import { AppError } from '../lib/app-error.js';
import { now } from '../lib/clock.js';
import { createSafeFetch } from '../lib/safe-fetch.js';

/** The same rule never sends one customer the same words twice within this window. */
export const REPEAT_WINDOW_MS = 24 * 3_600_000;
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Ids of what an automation writes are derived from the run (a retried job writes nothing new). */
const RUN_NAMESPACE = '2f1c9b1e-6a43-4f54-9d8a-5d1c1f0b7a21';

/** Who acts and why: a rule for an event, or a person running a macro. */
export interface ActionSource {
  /** "regra Boleto" / "macro Boleto enviado": the author name of what it writes. */
  label: string;
  /** Unique per run (rule + event id, or a macro run): derives the ids of what it writes. */
  runKey: string;
  /** Rules only: the rule id (what it sent is remembered per rule and customer). */
  ruleId: string | null;
  /** Macros: the person who runs it (assignments and notes in their name). */
  person: { id: string; name: string } | null;
  event?: string | undefined;
}

const stableId = (source: ActionSource, index: number) => uuidv5(`${source.runKey}:${index}`, RUN_NAMESPACE);
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** `{primeiro_nome}`, `{nome}`, `{empresa}`, `{caixa}` in a message (plain substitution, nothing runs). */
function fillVariables(text: string, values: Record<string, string>): string {
  return text.replace(/\{(primeiro_nome|nome|empresa|caixa)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * Runs actions in order on one conversation and answers one pt-BR line per action ("etiqueta
 * Financeiro adicionada", or why it did not). Each is safe to repeat: a retried job adds no second
 * message, note or label. Messages never talk over a person, respect the Cloud API's 24-hour window,
 * go through the inbox's send queue (its pacing), and a rule sends a customer the same words at most
 * once a day.
 */
export async function runActions(
  app: FastifyInstance,
  conversationId: string,
  actions: readonly AutomationAction[],
  source: ActionSource,
): Promise<string[]> {
  const { messaging, inboxes } = app.domain;
  const lines: string[] = [];
  const conversation = async () => messaging.getConversation(conversationId, 1);
  const labels = labelsRepository(app.db);

  async function variables(): Promise<Record<string, string>> {
    const c = await conversation();
    const [config, inbox] = await Promise.all([
      getSettings(app.db, 'admin-config'),
      app.db.selectFrom('inboxes').select('name').where('id', '=', c.inboxId).executeTakeFirst(),
    ]);
    const name = c.clientName ?? '';
    return {
      nome: name,
      primeiro_nome: name.split(/\s+/)[0] ?? '',
      empresa: config.companyName,
      caixa: inbox?.name ?? '',
    };
  }

  /** Sends text as the automation, after the safety checks; answers the line. */
  async function send(text: string, index: number, options: { template?: boolean } = {}): Promise<string> {
    const c = await conversation();
    if (c.handler.mode === 'human') return 'mensagem não enviada: uma pessoa atende esta conversa';
    if (!options.template && (await inboxes.hasServiceWindow(conversationId))) {
      const window = serviceWindowAt(
        await messaging.serviceWindow.lastClientMessageAt(conversationId),
        now(),
      );
      if (!window.open) return 'mensagem não enviada: fora da janela de 24 horas do WhatsApp';
    }
    const key = { rule_id: source.ruleId ?? '', client_id: c.clientId, text_hash: hash(text) };
    // Claimed before sending, atomically: two runs at once (two messages of the customer) send once.
    if (source.ruleId) {
      const at = now();
      const claimed = await app.db
        .insertInto('automation_sends')
        .values({ ...key, sent_at: at })
        .onConflict((oc) =>
          oc
            .columns(['rule_id', 'client_id', 'text_hash'])
            .doUpdateSet({ sent_at: at })
            .where('automation_sends.sent_at', '<', at - REPEAT_WINDOW_MS),
        )
        .returning('sent_at')
        .executeTakeFirst();
      if (!claimed) return 'mensagem não enviada: esta regra já a mandou a este cliente nas últimas 24 horas';
    }
    const outcome = await messaging.appendAutomationMessage({
      conversationId,
      content: text,
      providerMessageId: `AUTO-${stableId(source, index)}`,
      authorName: source.person?.name ?? `Automação · ${source.label}`,
    });
    if (outcome === 'person_holds') {
      if (source.ruleId)
        await app.db
          .deleteFrom('automation_sends')
          .where('rule_id', '=', key.rule_id)
          .where('client_id', '=', key.client_id)
          .where('text_hash', '=', key.text_hash)
          .execute();
      return 'mensagem não enviada: uma pessoa atende esta conversa';
    }
    return `mensagem enviada: "${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;
  }

  async function run(action: AutomationAction, index: number): Promise<string> {
    switch (action.type) {
      case 'assign_person': {
        const person = await app.db
          .selectFrom('users')
          .select(['id', 'name'])
          .where('id', '=', action.userId)
          .where('disabled', '=', 0)
          .executeTakeFirst();
        if (!person) return 'atribuição não feita: pessoa não encontrada ou desativada';
        await messaging.changeHandler(conversationId, {
          mode: 'human',
          user: person,
          reason: `atribuída pela ${source.label}`,
          assignedBy: source.person ?? 'auto',
        });
        return `atribuída a ${person.name}`;
      }
      case 'assign_round_robin': {
        const person = await app.assignment.offerTo(conversationId, action.userIds);
        return person
          ? `atribuída em rodízio a ${person.name}`
          : 'rodízio: ninguém disponível agora; aguarda na fila';
      }
      case 'add_label':
      case 'remove_label': {
        const [known] = await labels.existing([action.labelId]);
        if (!known) return 'etiqueta não encontrada';
        const name = (await labels.list()).find((l) => l.id === action.labelId)?.name ?? action.labelId;
        const c = await conversation();
        const has = c.tags.includes(action.labelId);
        if (action.type === 'add_label') {
          if (!has) await messaging.setLabels(conversationId, [...c.tags, action.labelId]);
          return `etiqueta ${name} adicionada`;
        }
        if (has)
          await messaging.setLabels(
            conversationId,
            c.tags.filter((t) => t !== action.labelId),
          );
        return `etiqueta ${name} removida`;
      }
      case 'send_message':
        return send(fillVariables(action.text, await variables()), index);
      case 'send_canned_reply': {
        const reply = (await cannedRepliesRepository(app.db).list()).find(
          (r) => r.id === action.cannedReplyId,
        );
        if (!reply) return 'resposta rápida não encontrada';
        return send(fillVariables(reply.content, await variables()), index);
      }
      case 'send_inbox_message': {
        const c = await conversation();
        const row = await app.db
          .selectFrom('inboxes')
          .select('business_hours')
          .where('id', '=', c.inboxId)
          .executeTakeFirst();
        const hours = app.automations.cache.hoursOf(c.inboxId);
        const text = action.message === 'greeting' ? hours.greeting : hours.outOfOffice;
        if (!row || !hours.enabled || !text)
          return 'sem mensagem configurada no horário de atendimento da caixa';
        return send(fillVariables(text, await variables()), index);
      }
      case 'send_template': {
        const c = await conversation();
        const channel = inboxes.channelOf(c.inboxId);
        if (!channel?.templates) return 'modelo não enviado: esta caixa de entrada não usa modelos';
        const template = (await channel.templates.list()).find(
          (t) => t.name === action.name && t.language === action.language,
        );
        if (!template) return `modelo ${action.name} não encontrado ou não aprovado`;
        const providerMessageId = `TPL-${stableId(source, index)}`;
        await channel.templates.record(providerMessageId, {
          name: action.name,
          language: action.language,
          parameters: action.parameters,
        });
        const outcome = await messaging.appendAutomationMessage({
          conversationId,
          content: renderTemplate(template.body, action.parameters) || action.name,
          providerMessageId,
          authorName: `Automação · ${source.label}`,
        });
        return outcome === 'person_holds'
          ? 'modelo não enviado: uma pessoa atende esta conversa'
          : `modelo ${action.name} enviado`;
      }
      case 'add_note':
        await messaging.addNote(
          conversationId,
          source.person ?? { id: 'automation', name: `Automação · ${source.label}` },
          fillVariables(action.text, await variables()),
          { id: stableId(source, index) },
        );
        return 'nota privada adicionada';
      case 'snooze':
        await messaging.snooze(conversationId, null, now() + action.minutes * 60_000);
        return `adiada por ${action.minutes} min`;
      case 'resolve':
        await messaging.resolve(conversationId, null);
        return 'conversa finalizada';
      case 'stop_ai':
        await messaging.changeHandler(conversationId, {
          mode: 'paused',
          user: source.person,
          reason: `IA parada pela ${source.label}`,
        });
        return 'IA parada nesta conversa';
      case 'hand_off':
        await messaging.changeHandler(conversationId, {
          mode: 'waiting_human',
          reason: action.reason,
          cause: 'automation',
        });
        return `transferida para um atendente: ${action.reason}`;
      case 'call_webhook': {
        const fetch = createSafeFetch({ allowPrivate: app.config.integrationsAllowPrivate });
        const c = await conversation();
        const response = await fetch(action.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': stableId(source, index) },
          body: JSON.stringify({
            source: source.label,
            event: source.event ?? null,
            conversation: { id: c.id, clientId: c.clientId, inboxId: c.inboxId, status: c.status },
          }),
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        return `webhook chamado (${response.status})`;
      }
    }
  }

  for (const [index, action] of actions.entries()) {
    try {
      lines.push(await run(action, index));
    } catch (error) {
      if (error instanceof AppError) lines.push(`não feito: ${error.message}`);
      else lines.push(`falhou: ${error instanceof Error ? error.message : 'erro desconhecido'}`);
    }
  }
  return lines;
}
