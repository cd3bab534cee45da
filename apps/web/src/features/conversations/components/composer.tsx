import type { Message } from '@atende/contracts';
import { LIMITS } from '@atende/contracts';
import { Loader2, Mic, Paperclip, Send, Smile, Square, X, Zap } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useSendMedia } from '../api/send-media';
import { useSendMessage } from '../api/send-message';
import { useAudioRecorder } from '../hooks/use-audio-recorder';
import { useCannedReplyPicker } from '../hooks/use-canned-reply-picker';
import { errorReason, notify } from '../hooks/use-notify';
import { ATTACHMENT_ACCEPT, validateAttachment } from '../lib/attachment';
import { COMPOSER_EMOJI, QUICK_REPLIES } from '../lib/constants';
import { senderLabel } from '../lib/message-text';
import { CannedReplyPicker } from './canned-reply-picker';
import { EmojiMenu } from './emoji-menu';

interface Props {
  conversationId: string | null;
  replyTarget: Message | null;
  onCancelReply: () => void;
  onOpenReplyModal: () => void;
}

const iconButton =
  'flex size-8 shrink-0 items-center sm:size-9 justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/** The message composer. Disabled while no conversation is selected. */
export function Composer({ conversationId, replyTarget, onCancelReply, onOpenReplyModal }: Props) {
  const [text, setText] = useState('');
  const [showQuickReplies, setShowQuickReplies] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const send = useSendMessage();
  const sendFile = useSendMedia();
  const recorder = useAudioRecorder();
  const disabled = !conversationId;
  const trimmed = text.trim();

  const submit = () => {
    if (!conversationId || !trimmed || trimmed.length > LIMITS.composerMaxChars || send.isPending) return;
    setShowQuickReplies(false);
    send.mutate(
      { conversationId, message: trimmed, replyTo: replyTarget?.id ?? null },
      {
        onSuccess: () => {
          setText('');
          onCancelReply();
        },
        onError: (error) => notify.error(`Erro ao enviar mensagem: ${errorReason(error)}`),
      },
    );
  };

  const picker = useCannedReplyPicker(text, conversationId, (value) => {
    setText(value.slice(0, LIMITS.composerMaxChars));
    requestAnimationFrame(() => textareaRef.current?.focus());
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const insert = (value: string) => {
    const el = textareaRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + value + text.slice(end)).slice(0, LIMITS.composerMaxChars);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + value.length, start + value.length);
    });
  };

  const onFile = (file: File | undefined) => {
    if (!file || !conversationId) return;
    const problem = validateAttachment(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    // The file itself goes to the customer (image, video, audio or document), quoting the reply target.
    sendFile.mutate(
      { conversationId, file, replyTo: replyTarget?.id ?? null },
      {
        onSuccess: () => {
          if (replyTarget) onCancelReply();
        },
        onError: (error) => notify.error(`Erro ao enviar arquivo: ${error.message}`),
      },
    );
  };

  return (
    <div className="border-slate-200 border-t bg-white px-3 pt-2 pb-3 md:px-4 dark:border-slate-800 dark:bg-slate-900">
      {replyTarget && (
        <div
          data-testid="reply-banner"
          className="mb-2 flex items-start gap-2 rounded-lg border-indigo-500 border-l-4 bg-slate-50 px-3 py-2 dark:bg-slate-800/70"
        >
          <div className="min-w-0 flex-1 text-xs">
            <div className="font-semibold text-indigo-700 dark:text-indigo-300">
              Respondendo a {senderLabel(replyTarget)}
            </div>
            <div className="truncate text-slate-600 dark:text-slate-300">{replyTarget.content}</div>
          </div>
          <button
            type="button"
            onClick={onOpenReplyModal}
            className="text-indigo-600 text-xs hover:underline dark:text-indigo-300"
          >
            Abrir em janela
          </button>
          <button
            type="button"
            aria-label="Cancelar resposta"
            onClick={onCancelReply}
            className={cn(iconButton, 'size-6')}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {picker.open && (
        <CannedReplyPicker
          items={picker.items}
          active={picker.active}
          onPick={picker.pick}
          onHover={picker.setIndex}
        />
      )}
      {showQuickReplies && (
        <div data-testid="quick-replies" className="mb-2 flex flex-wrap gap-1.5">
          {QUICK_REPLIES.map((reply) => (
            <button
              key={reply}
              type="button"
              onClick={() => insert(reply)}
              className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1 text-slate-700 text-xs hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-700 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200 dark:hover:border-indigo-500/50 dark:hover:bg-indigo-500/10"
            >
              {reply}
            </button>
          ))}
        </div>
      )}
      <div className="flex items-end gap-1">
        <input
          ref={fileRef}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className="hidden"
          data-testid="file-input"
          onChange={(e) => {
            onFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <button
          type="button"
          aria-label="Anexar arquivo"
          title="Anexar arquivo"
          disabled={disabled}
          onClick={() => fileRef.current?.click()}
          className={iconButton}
        >
          <Paperclip aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label="Respostas rápidas"
          title="Respostas rápidas"
          aria-pressed={showQuickReplies}
          disabled={disabled}
          onClick={() => setShowQuickReplies((v) => !v)}
          className={cn(
            iconButton,
            showQuickReplies && 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300',
          )}
        >
          <Zap aria-hidden="true" className="size-5" />
        </button>
        <div className="relative min-w-0 flex-1">
          <textarea
            ref={textareaRef}
            value={text}
            onChange={(e) => setText(e.target.value.slice(0, LIMITS.composerMaxChars))}
            onKeyDown={onKeyDown}
            disabled={disabled}
            maxLength={LIMITS.composerMaxChars}
            rows={1}
            aria-label="Mensagem"
            aria-controls={picker.open ? 'canned-reply-picker' : undefined}
            aria-activedescendant={
              picker.open && picker.items[picker.active]
                ? `canned-reply-${picker.items[picker.active]?.id}`
                : undefined
            }
            placeholder={
              disabled ? 'Selecione uma conversa' : 'Digite sua mensagem... (/ para respostas rápidas)'
            }
            className="field-sizing-content block max-h-36 min-h-10 w-full resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 text-sm placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-900"
          />
        </div>
        <EmojiMenu
          emojis={COMPOSER_EMOJI}
          columns={8}
          label="Emojis"
          align="end"
          itemLabel={(e) => `Inserir ${e}`}
          onPick={insert}
        >
          <button type="button" aria-label="Emojis" title="Emojis" disabled={disabled} className={iconButton}>
            <Smile aria-hidden="true" className="size-5" />
          </button>
        </EmojiMenu>
        <button
          type="button"
          aria-label={recorder.isRecording ? 'Parar gravação' : 'Gravar áudio'}
          title={recorder.isRecording ? 'Parar gravação' : 'Gravar áudio'}
          disabled={disabled}
          onClick={() => void recorder.toggle()}
          className={cn(
            iconButton,
            recorder.isRecording && 'bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300',
          )}
        >
          {recorder.isRecording ? (
            <Square aria-hidden="true" className="size-4 fill-current" />
          ) : (
            <Mic aria-hidden="true" className="size-5" />
          )}
        </button>
        <button
          type="button"
          aria-label="Enviar mensagem"
          title="Enviar"
          disabled={disabled || !trimmed || send.isPending}
          onClick={submit}
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-40"
        >
          {send.isPending ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <div className="mt-1 flex justify-between px-1 text-[11px] text-slate-400 dark:text-slate-500">
        <span className="hidden sm:inline">Enter para enviar · Shift+Enter para nova linha</span>
        <span data-testid="char-counter" className="ml-auto tabular-nums">
          {formatNumber(text.length)}/{formatNumber(LIMITS.composerMaxChars)}
        </span>
      </div>
    </div>
  );
}
