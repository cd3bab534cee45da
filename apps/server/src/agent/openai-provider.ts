import pRetry from 'p-retry';
import { BlockedDestinationError, createSafeFetch, type ResolveHost } from '../lib/safe-fetch.js';
import {
  type AgentAnswer,
  type AgentProvider,
  type AnswerInput,
  evidenceOf,
  ProviderError,
} from './provider.js';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Let the endpoint be on a private/loopback address (off: SSRF protection). */
  allowPrivate?: boolean;
  /** Name resolution for the endpoint's host (tests); the system resolver by default. */
  resolve?: ResolveHost;
  /** Per attempt. */
  timeoutMs?: number;
  /** All attempts together (stays under the job runner's 30 s lease, so no other worker re-runs it). */
  deadlineMs?: number;
  /** Extra attempts after the first, on 429, 5xx, network errors and timeouts. */
  retries?: number;
  backoffMs?: number;
  assistantName?: string;
  companyName?: string;
}

const SYSTEM_PROMPT = (name: string, company: string): string =>
  [
    `Você é ${name}, assistente virtual de atendimento da ${company}, falando com um cliente pelo WhatsApp.`,
    'Responda em português do Brasil, de forma curta, cordial e objetiva, usando APENAS as informações das passagens da base de conhecimento fornecidas.',
    'Se as passagens não responderem à pergunta, não invente: use confianca baixa (abaixo de 0.3).',
    'Responda somente com um objeto JSON: {"resposta": "<texto para o cliente>", "confianca": <número de 0 a 1>}.',
  ].join('\n');

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

function buildMessages(input: AnswerInput, assistantName: string, companyName: string): ChatMessage[] {
  const context = input.passages.length
    ? input.passages.map((p, i) => `[${i + 1}] ${p.passage.title}\n${p.passage.text}`).join('\n\n')
    : '(nenhuma passagem relevante encontrada)';
  return [
    { role: 'system', content: SYSTEM_PROMPT(assistantName, companyName) },
    { role: 'system', content: `Base de conhecimento:\n${context}` },
    ...input.history.map(
      (m): ChatMessage => ({ role: m.sender === 'client' ? 'user' : 'assistant', content: m.content }),
    ),
    { role: 'user', content: input.question },
  ];
}

/** The model's reply: `{"resposta", "confianca"}` (or English keys); plain text keeps the retrieval confidence. */
export function parseModelContent(
  content: string,
  fallbackConfidence: number,
): { text: string; confidence: number } {
  const stripped = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
  if (stripped.startsWith('{')) {
    try {
      const value = JSON.parse(stripped) as Record<string, unknown>;
      const text = value.resposta ?? value.answer ?? value.text;
      const confidence = value.confianca ?? value.confidence;
      if (typeof text === 'string') {
        return {
          text: text.trim(),
          confidence:
            typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : fallbackConfidence,
        };
      }
    } catch {
      // Not JSON after all: treat it as the text.
    }
  }
  return { text: content.trim(), confidence: fallbackConfidence };
}

class RetriableError extends ProviderError {}

/**
 * Any OpenAI-compatible chat endpoint (`POST {baseUrl}/chat/completions`) with the retrieved passages as
 * context and the recent history. Timeouts per attempt, retries with exponential backoff on 429, 5xx and
 * network failures; anything else — or running out of attempts — throws a ProviderError (→ handoff).
 */
export function createOpenAiProvider(options: OpenAiProviderOptions): AgentProvider {
  const endpoint = new URL(`${options.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const deadlineMs = options.deadlineMs ?? 25_000;
  const retries = options.retries ?? 2;
  const backoffMs = options.backoffMs ?? 500;
  const assistantName = options.assistantName ?? 'Atende IA';
  const companyName = options.companyName ?? 'loja';
  const safeFetch = createSafeFetch({
    allowPrivate: options.allowPrivate ?? false,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });

  async function attempt(
    input: AnswerInput,
    budgetMs: number,
  ): Promise<{ text: string; confidence: number }> {
    let response: Awaited<ReturnType<typeof safeFetch>>;
    try {
      response = await safeFetch(endpoint, {
        method: 'POST',
        redirect: 'error',
        signal: AbortSignal.timeout(Math.max(1, Math.min(timeoutMs, budgetMs))),
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0.2,
          messages: buildMessages(input, assistantName, companyName),
        }),
      });
    } catch (error) {
      if (error instanceof BlockedDestinationError) throw new ProviderError(error.message, { cause: error });
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new RetriableError(timedOut ? 'tempo esgotado' : 'falha de rede', { cause: error });
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new RetriableError(`HTTP ${response.status}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(`HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ProviderError('resposta não é JSON', { cause: error });
    }
    const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message
      ?.content;
    if (typeof content !== 'string' || content.trim() === '')
      throw new ProviderError('resposta sem conteúdo');
    return parseModelContent(content, input.retrievalConfidence);
  }

  return {
    kind: 'openai-compatible',
    async answer(input: AnswerInput): Promise<AgentAnswer> {
      const deadline = Date.now() + deadlineMs;
      try {
        const { text, confidence } = await pRetry(() => attempt(input, deadline - Date.now()), {
          retries,
          minTimeout: backoffMs,
          maxRetryTime: deadlineMs,
          shouldRetry: ({ error }) => error instanceof RetriableError,
        });
        return {
          text,
          confidence: Math.min(1, Math.max(0, confidence)),
          evidence: evidenceOf(input.passages),
        };
      } catch (error) {
        throw error instanceof ProviderError
          ? error
          : new ProviderError('falha do provedor', { cause: error });
      }
    },
  };
}
