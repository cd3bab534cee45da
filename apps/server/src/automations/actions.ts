import { createHash } from 'node:crypto';
import { type AutomationAction, CONVERSATION_PRIORITIES, renderTemplate } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { cannedRepliesRepository } from '../conversations/canned-replies/canned-replies.repository.js';
import { labelsRepository } from '../conversations/labels/labels.repository.js';
import { serviceWindowAt } from '../conversations/messaging/service-window.js';
import { getSettings } from '../kernel/settings/settings.service.js';
import { AppError } from '../lib/app-error.js';
import { now } from '../lib/clock.js';
import { createSafeFetch } from '../lib/safe-fetch.js';
import type { AuthUser } from '../types.js';
import { parseBusinessHours } from './business-hours.js';
import type { RunJournal } from './run-journal.js';

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
  /** Macros: the person who runs it (assignments, notes and messages in their name). */
  person: AuthUser | null;
  event?: string | undefined;
  /**
   * Rules: what this run already did (a job that runs again after a crash skips those actions and
   * repeats none), and the claims of the words it sends.
   */
  journal?: RunJournal | undefined;
}

const stableId = (source: ActionSource, index: number) => uuidv5(`${source.runKey}:${index}`, RUN_NAMESPACE);
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * `{primeiro_nome}`, `{nome}`, `{empresa}`, `{caixa}` and the canned replies' `{atendente}` in a
 * message (plain substitution, nothing runs); a missing name reads "cliente", as in canned replies.
 */
function fillVariables(text: string, values: Record<string, string>): string {
  return text.replace(
    /\{(primeiro_nome|nome|empresa|caixa|atendente)\}/g,
    (_, key: string) => values[key] ?? '',
  );
}

/** A sent message as the run log shows it: the rule's words, before the customer's name is filled in. */
const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 59)}…` : text}"`;

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
    const name = c.clientName?.trim() || 'cliente';
    return {
      nome: name,
      primeiro_nome: name.split(/\s+/)[0] ?? name,
      empresa: config.companyName,
      caixa: inbox?.name ?? '',
      atendente: source.person?.name ?? 'a equipe',
    };
  }

  /**
   * Sends `text` (the rule's `words`, filled in) after the safety checks; answers the line. A rule
   * sends as the automation and never over a person; a macro sends as the person who runs it, on a
   * conversation nobody else holds.
   */
  async function send(
    text: string,
    words: string,
    index: number,
    template?: { name: string; language: string; parameters: string[] },
  ): Promise<string> {
    const c = await conversation();
    const what = template ? `modelo ${template.name}` : 'mensagem';
    const notSent = template ? 'modelo não enviado' : 'mensagem não enviada';
    const { person } = source;
    const heldByOther = c.handler.mode === 'human' && (!person || c.handler.userId !== person.id);
    if (heldByOther) return `${notSent}: uma pessoa atende esta conversa`;
    if (!template && (await inboxes.hasServiceWindow(conversationId))) {
      const window = serviceWindowAt(
        await messaging.serviceWindow.lastClientMessageAt(conversationId),
        now(),
      );
      if (!window.open) return `${notSent}: fora da janela de 24 horas do WhatsApp`;
    }
    const sentLine = template ? `${what} enviado` : `mensagem enviada: ${quoted(words)}`;
    const providerMessageId = `${template ? 'TPL' : 'AUTO'}-${stableId(source, index)}`;
    if (person) {
      if (template) await recordTemplate(providerMessageId, template);
      await messaging.appendOutbound(conversationId, person, {
        message: text,
        type: 'text',
        replyTo: null,
        providerMessageId,
      });
      return sentLine;
    }
    // The same words at most once a day to a customer: claimed before sending, atomically (two runs
    // at once send once), and with the run's mark, so this run after a crash knows the claim is its own.
    if (source.ruleId && source.journal) {
      const claimed = await source.journal.claimSend(index, {
        rule_id: source.ruleId,
        client_id: c.clientId,
        text_hash: hash(template ? JSON.stringify(template) : text),
      });
      if (!claimed) return `${notSent}: esta regra já a mandou a este cliente nas últimas 24 horas`;
    }
    if (template) await recordTemplate(providerMessageId, template);
    const outcome = await messaging.appendAutomationMessage({
      conversationId,
      content: text,
      providerMessageId,
      authorName: `Automação · ${source.label}`,
    });
    if (outcome === 'person_holds') {
      await source.journal?.releaseSend(index);
      return `${notSent}: uma pessoa atende esta conversa`;
    }
    return sentLine;
  }

  /** The template a send goes out as, once per provider id (a run again records nothing new). */
  async function recordTemplate(
    providerMessageId: string,
    template: { name: string; language: string; parameters: string[] },
  ) {
    const c = await conversation();
    const channel = inboxes.channelOf(c.inboxId);
    if (!channel?.templates) throw new AppError('CONFLICT', 'esta caixa de entrada não usa modelos');
    const stored = await app.db
      .selectFrom('messages')
      .select('id')
      .where('provider_message_id', '=', providerMessageId)
      .executeTakeFirst();
    if (!stored) await channel.templates.record(providerMessageId, template).catch(() => undefined);
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
        const c = await conversation();
        if (c.handler.mode === 'human' && c.handler.userId === person.id) return `atribuída a ${person.name}`;
        await messaging.changeHandler(conversationId, {
          mode: 'human',
          user: person,
          reason: `atribuída pela ${source.label}`,
          assignedBy: source.person ?? 'auto',
        });
        return `atribuída a ${person.name}`;
      }
      case 'assign_round_robin': {
        // Already with someone of the group (this run, again after a crash): not passed on again.
        const c = await conversation();
        if (c.handler.mode === 'human' && c.handler.userId && action.userIds.includes(c.handler.userId))
          return `atribuída em rodízio a ${c.handler.userName ?? c.handler.userId}`;
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
        return send(fillVariables(action.text, await variables()), action.text, index);
      case 'send_canned_reply': {
        const reply = (await cannedRepliesRepository(app.db).list()).find(
          (r) => r.id === action.cannedReplyId,
        );
        if (!reply) return 'resposta rápida não encontrada';
        return send(fillVariables(reply.content, await variables()), reply.content, index);
      }
      case 'send_inbox_message': {
        const c = await conversation();
        const row = await app.db
          .selectFrom('inboxes')
          .select('business_hours')
          .where('id', '=', c.inboxId)
          .executeTakeFirst();
        // The stored hours, not the cache's (another instance may have changed them a moment ago).
        const hours = parseBusinessHours(row?.business_hours ?? null);
        const text = action.message === 'greeting' ? hours.greeting : hours.outOfOffice;
        if (!row || !hours.enabled || !text)
          return 'sem mensagem configurada no horário de atendimento da caixa';
        return send(fillVariables(text, await variables()), text, index);
      }
      case 'send_template': {
        const c = await conversation();
        if (c.handler.mode === 'human' && c.handler.userId !== source.person?.id)
          return 'modelo não enviado: uma pessoa atende esta conversa';
        const channel = inboxes.channelOf(c.inboxId);
        if (!channel?.templates) return 'modelo não enviado: esta caixa de entrada não usa modelos';
        const template = (await channel.templates.list()).find(
          (t) => t.name === action.name && t.language === action.language,
        );
        if (!template) return `modelo ${action.name} não encontrado ou não aprovado`;
        const values = await variables();
        const parameters = action.parameters.map((parameter) => fillVariables(parameter, values));
        return send(renderTemplate(template.body, parameters) || action.name, action.name, index, {
          name: action.name,
          language: action.language,
          parameters,
        });
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
      case 'set_priority':
        await messaging.setPriority(conversationId, action.priority);
        return action.priority
          ? `prioridade ${CONVERSATION_PRIORITIES[action.priority]}`
          : 'prioridade removida';
      case 'resolve':
        if ((await conversation()).status !== 'completed') await messaging.resolve(conversationId, null);
        return 'conversa finalizada';
      case 'stop_ai':
        if ((await conversation()).handler.mode === 'paused') return 'IA parada nesta conversa';
        await messaging.changeHandler(conversationId, {
          mode: 'paused',
          user: source.person,
          reason: `IA parada pela ${source.label}`,
        });
        return 'IA parada nesta conversa';
      case 'hand_off': {
        // Already waiting (this run, again after a crash): no second hand-off, no second event.
        const { handler } = await conversation();
        if (handler.mode === 'waiting_human') return `transferida para um atendente: ${action.reason}`;
        // A hand-off never takes a conversation from the person who holds it.
        if (handler.mode === 'human') return 'transferência não feita: uma pessoa atende esta conversa';
        await messaging.changeHandler(conversationId, {
          mode: 'waiting_human',
          reason: action.reason,
          cause: 'automation',
        });
        return `transferida para um atendente: ${action.reason}`;
      }
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
    const done = source.journal?.doneLine(index);
    if (done !== undefined) {
      lines.push(done);
      continue;
    }
    await source.journal?.pause(index, 'before');
    let line: string;
    try {
      line = await run(action, index);
    } catch (error) {
      if (error instanceof AppError) line = `não feito: ${error.message}`;
      else line = `falhou: ${error instanceof Error ? error.message : 'erro desconhecido'}`;
    }
    await source.journal?.pause(index, 'after');
    await source.journal?.done(index, line);
    lines.push(line);
  }
  return lines;
}
