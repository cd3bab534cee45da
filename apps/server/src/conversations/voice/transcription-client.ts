import { FormData } from 'undici';
import { BlockedDestinationError, type SafeFetch } from '../../lib/safe-fetch.js';

/** One voice note to an OpenAI-compatible `POST {baseUrl}/audio/transcriptions`. */
export interface TranscriptionRequest {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  bytes: Uint8Array;
  mimeType: string;
  /** The whole request, connection to last byte. */
  timeoutMs: number;
}

/** The provider refused the file or the request for good (bad key, model, format): no retry helps. */
export class TranscriptionRefusedError extends Error {
  override name = 'TranscriptionRefusedError';
}

/** What a provider's JSON answer must carry. */
function textOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'text' in body && typeof body.text === 'string') return body.text;
  return null;
}

const extensionOf = (mimeType: string) =>
  /ogg|opus/.test(mimeType)
    ? 'ogg'
    : /mpeg|mp3/.test(mimeType)
      ? 'mp3'
      : /mp4|m4a|aac/.test(mimeType)
        ? 'm4a'
        : /webm/.test(mimeType)
          ? 'webm'
          : /wav/.test(mimeType)
            ? 'wav'
            : 'ogg';

/**
 * Sends the audio as `multipart/form-data` (`file`, `model`, `language=pt`, `response_format=json`),
 * the shape OpenAI's API and self-hosted Whisper servers (faster-whisper-server, whisper.cpp's
 * server, LocalAI) accept, through the safe fetch. Answers the text heard (trimmed; may be empty:
 * silence). A 4xx other than 408/429 throws TranscriptionRefusedError; anything else may pass on a retry.
 */
export async function transcribe(fetch: SafeFetch, request: TranscriptionRequest): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([request.bytes], { type: request.mimeType }),
    `mensagem-de-voz.${extensionOf(request.mimeType)}`,
  );
  form.append('model', request.model);
  form.append('language', 'pt');
  form.append('response_format', 'json');
  const url = `${request.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  let response: Awaited<ReturnType<SafeFetch>>;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {},
      body: form,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    if (error instanceof BlockedDestinationError) throw new TranscriptionRefusedError(error.message);
    throw new Error(`serviço de transcrição indisponível: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    const message = `serviço de transcrição respondeu ${response.status}${detail ? `: ${detail}` : ''}`;
    if (
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 408 &&
      response.status !== 429
    ) {
      throw new TranscriptionRefusedError(message);
    }
    throw new Error(message);
  }
  const text = textOf(await response.json().catch(() => null));
  if (text === null) throw new Error('serviço de transcrição respondeu sem texto');
  return text.trim();
}
