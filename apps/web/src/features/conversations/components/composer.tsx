import type { Message } from '@atende/contracts';
import { CAPTION_MAX_CHARS, LIMITS, NOTE_MAX_CHARS } from '@atende/contracts';
import { Loader2, Lock, Paperclip, Send, X, Zap } from 'lucide-react';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useCreateNote } from '../api/create-note';
import { useSendMedia } from '../api/send-media';
import { useSendMessage } from '../api/send-message';
import { useCannedReplyPicker } from '../hooks/use-canned-reply-picker';
import { useMentionPicker } from '../hooks/use-mention-picker';
import { errorReason, notify } from '../hooks/use-notify';
import { ATTACHMENT_ACCEPT, validateAttachment } from '../lib/attachment';
import { QUICK_REPLIES } from '../lib/constants';
import { clearDraft, getDraft, saveDraft } from '../lib/draft-store';
import { quotedText, senderLabel } from '../lib/message-text';
import { AttachmentPreview } from './attachment-preview';
import { CannedReplyPicker } from './canned-reply-picker';
import { ComposerEmojiPicker } from './emoji-picker';
import { MentionPicker, mentionOptionId } from './mention-picker';
import { VoiceRecorder } from './voice-recorder';

interface Props {
  conversationId: string | null;
  replyTarget: Message | null;
  onCancelReply: () => void;
  onOpenReplyModal: () => void;
  /** False while the customer cannot be written to (WhatsApp's window closed): notes only. */
  canReply?: boolean;
}

const iconButton =
  'flex size-8 shrink-0 items-center sm:size-9 justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-40 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100';

/** How close to the limit the character counter appears. */
const COUNTER_MARGIN = 400;

const modeTab =
  'inline-flex h-7 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 font-medium text-xs transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40';

/**
 * The composer: a reply to the customer, or (Nota privada) a note only the team sees, where `@`
 * mentions a colleague. What is typed is kept per conversation until it is sent.
 * Disabled while no conversation is selected.
 */
export function Composer({
  conversationId,
  replyTarget,
  onCancelReply,
  onOpenReplyModal,
  canReply = true,
}: Props) {
  // The page remounts the composer per conversation: its draft is read once.
  const [initial] = useState(() => (conversationId ? getDraft(conversationId) : null));
  const [text, setText] = useState(initial?.text ?? '');
  const [isNote, setNote] = useState(!canReply || (initial?.isNote ?? false));
  const [caret, setCaret] = useState(text.length);
  const [showQuickReplies, setShowQuickReplies] = useState(false);
  // A file picked, dropped or pasted waits here, with its caption, until Enviar.
  const [attachment, setAttachment] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [isDragging, setDragging] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const send = useSendMessage();
  const sendFile = useSendMedia();
  const createNote = useCreateNote();
  const myId = useAuth().user?.id ?? null;
  const isNarrow = useMediaQuery('(max-width: 639px)');
  const disabled = !conversationId;
  const trimmed = text.trim();
  const maxChars = isNote ? NOTE_MAX_CHARS : LIMITS.composerMaxChars;
  const isTooLong = text.length > maxChars;
  // WhatsApp's 4,096 characters are far away in a chat: the counter shows only near them.
  const isNearLimit = text.length >= maxChars - COUNTER_MARGIN;
  const isSending = send.isPending || createNote.isPending;
  const noteOnly = !canReply;

  useEffect(() => {
    if (conversationId) saveDraft(conversationId, { text, isNote });
  }, [conversationId, text, isNote]);

  const change = (value: string, at = value.length) => {
    setText(value.slice(0, Math.max(maxChars, text.length)));
    setCaret(at);
  };

  const focusAt = (at: number) =>
    requestAnimationFrame(() => {
      const el = textareaRef.current;
      el?.focus();
      el?.setSelectionRange(at, at);
      // The key that inserted may have reported the caret of before the insertion.
      setCaret(at);
    });

  const sent = () => {
    setText('');
    setCaret(0);
    if (conversationId) clearDraft(conversationId);
  };

  const submit = () => {
    if (!conversationId || !trimmed || isTooLong || isSending) return;
    setShowQuickReplies(false);
    if (isNote) {
      createNote.mutate(
        { conversationId, text: trimmed },
        {
          onSuccess: sent,
          onError: (error) => notify.error(`Erro ao salvar nota: ${errorReason(error)}`),
        },
      );
      return;
    }
    send.mutate(
      { conversationId, message: trimmed, replyTo: replyTarget?.id ?? null },
      {
        onSuccess: () => {
          sent();
          onCancelReply();
        },
        onError: (error) => notify.error(`Erro ao enviar mensagem: ${errorReason(error)}`),
      },
    );
  };

  const setMode = (note: boolean) => {
    if (noteOnly && !note) return;
    setNote(note);
    if (note) setShowQuickReplies(false);
    requestAnimationFrame(() => textareaRef.current?.focus());
  };

  const canned = useCannedReplyPicker(isNote ? '' : text, conversationId, (value) => {
    change(value.slice(0, LIMITS.composerMaxChars));
    requestAnimationFrame(() => textareaRef.current?.focus());
  });

  const mentions = useMentionPicker({
    text,
    caret,
    isEnabled: isNote && !disabled,
    myId,
    onInsert: (value, at) => {
      change(value, at);
      focusAt(at);
    },
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions.onKeyDown(event) || canned.onKeyDown(event)) return;
    if (event.altKey && event.code === 'KeyN' && !noteOnly) {
      event.preventDefault();
      setMode(!isNote);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const insert = (value: string) => {
    const el = textareaRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + value + text.slice(end)).slice(0, maxChars);
    change(next, start + value.length);
    focusAt(start + value.length);
  };

  /** A file to send: checked against WhatsApp's limits, then shown with a caption box until Enviar. */
  const onFile = (file: File | undefined) => {
    if (!file || !conversationId || noteOnly) return;
    const problem = validateAttachment(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    setNote(false);
    setAttachment(file);
    // What was typed becomes the caption, as in WhatsApp (when it fits one).
    if (!caption && trimmed && trimmed.length <= CAPTION_MAX_CHARS) {
      setCaption(trimmed);
      sent();
    }
  };

  const cancelAttachment = () => {
    setAttachment(null);
    setCaption('');
    requestAnimationFrame(() => textareaRef.current?.focus());
  };

  const sendAttachment = () => {
    if (!attachment || !conversationId || sendFile.isPending) return;
    // The file itself goes to the customer (image, video, audio or document), quoting the reply target.
    sendFile.mutate(
      {
        conversationId,
        file: attachment,
        caption: caption.trim() || undefined,
        replyTo: replyTarget?.id ?? null,
      },
      {
        onSuccess: () => {
          setAttachment(null);
          setCaption('');
          if (replyTarget) onCancelReply();
          requestAnimationFrame(() => textareaRef.current?.focus());
        },
        onError: (error) => notify.error(`Erro ao enviar arquivo: ${error.message}`),
      },
    );
  };

  // A pasted image (a screenshot) is attached, not pasted as text.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = [...event.clipboardData.files].find((f) => f.type.startsWith('image/'));
    if (!file || isNote) return;
    event.preventDefault();
    onFile(file);
  };

  const onFileRef = useRef(onFile);
  onFileRef.current = onFile;
  // A file dropped anywhere on the chat (its header, messages or this composer) is attached.
  useEffect(() => {
    const zone = rootRef.current?.parentElement;
    if (!zone || disabled || noteOnly) return;
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!zone.contains(event.relatedTarget as Node | null)) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      onFileRef.current(event.dataTransfer?.files[0]);
    };
    zone.addEventListener('dragover', onOver);
    zone.addEventListener('dragleave', onLeave);
    zone.addEventListener('drop', onDrop);
    return () => {
      zone.removeEventListener('dragover', onOver);
      zone.removeEventListener('dragleave', onLeave);
      zone.removeEventListener('drop', onDrop);
    };
  }, [disabled, noteOnly]);

  const activeOption = mentions.isOpen
    ? mentions.items[mentions.active] && mentionOptionId(mentions.items[mentions.active]!.id)
    : canned.isOpen && canned.items[canned.active]
      ? `canned-reply-${canned.items[canned.active]?.id}`
      : undefined;

  return (
    <div
      ref={rootRef}
      data-testid="composer"
      data-mode={isNote ? 'note' : 'reply'}
      className={cn(
        'relative border-t px-3 pt-2 pb-3 transition-colors md:px-4',
        isNote
          ? 'border-amber-300 bg-amber-50 dark:border-amber-500/40 dark:bg-amber-950/40'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
      )}
    >
      {isDragging && (
        <div
          data-testid="drop-hint"
          className="pointer-events-none absolute inset-x-2 bottom-2 top-2 z-20 flex items-center justify-center rounded-xl border-2 border-indigo-500 border-dashed bg-indigo-50/95 font-medium text-indigo-800 text-sm dark:bg-indigo-950/95 dark:text-indigo-100"
        >
          Solte o arquivo para anexar
        </div>
      )}
      {attachment && (
        <AttachmentPreview
          file={attachment}
          caption={caption}
          onCaptionChange={setCaption}
          onCancel={cancelAttachment}
          onSend={sendAttachment}
          isSending={sendFile.isPending}
        />
      )}
      {!disabled && !attachment && (
        <div className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1">
          <fieldset
            aria-label="Tipo de mensagem"
            className="inline-flex shrink-0 rounded-lg border-0 bg-slate-100 p-0.5 dark:bg-slate-800"
          >
            <button
              type="button"
              aria-pressed={!isNote}
              disabled={disabled || noteOnly}
              onClick={() => setMode(false)}
              className={cn(
                modeTab,
                !isNote
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
              )}
            >
              <Send aria-hidden="true" className="size-3" />
              Responder
            </button>
            <button
              type="button"
              aria-pressed={isNote}
              aria-keyshortcuts="Alt+N"
              title="Nota privada (Alt+N)"
              disabled={disabled}
              onClick={() => setMode(true)}
              className={cn(
                modeTab,
                isNote
                  ? 'bg-amber-400 text-amber-950 shadow-sm dark:bg-amber-400 dark:text-amber-950'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
              )}
            >
              <Lock aria-hidden="true" className="size-3" />
              Nota privada
            </button>
          </fieldset>
          {isNote && (
            <p data-testid="note-hint" className="min-w-0 text-amber-800 text-xs dark:text-amber-300">
              Só a equipe vê. Use @ para mencionar.
            </p>
          )}
        </div>
      )}
      {replyTarget && !isNote && (
        <div
          data-testid="reply-banner"
          className="mb-2 flex items-start gap-2 rounded-lg border-indigo-500 border-l-4 bg-slate-50 px-3 py-2 dark:bg-slate-800/70"
        >
          <div className="min-w-0 flex-1 text-xs">
            <div className="font-semibold text-indigo-700 dark:text-indigo-300">
              Respondendo a {senderLabel(replyTarget)}
            </div>
            <div className="truncate text-slate-600 dark:text-slate-300">
              {quotedText(replyTarget.content)}
            </div>
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
      {mentions.isOpen && (
        <MentionPicker
          items={mentions.items}
          active={mentions.active}
          onPick={mentions.pick}
          onHover={mentions.setIndex}
        />
      )}
      {canned.isOpen && !isNote && (
        <CannedReplyPicker
          items={canned.items}
          active={canned.active}
          onPick={canned.pick}
          onHover={canned.setIndex}
        />
      )}
      {showQuickReplies && !isNote && (
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
      <div className={cn('relative flex items-end gap-1', attachment && 'hidden')}>
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
        {!isNote && (
          <>
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
          </>
        )}
        <div className="relative min-w-0 flex-1">
          <textarea
            ref={textareaRef}
            value={text}
            onChange={(e) => change(e.target.value, e.target.selectionStart)}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            disabled={disabled}
            rows={1}
            aria-label={isNote ? 'Nota privada' : 'Mensagem'}
            aria-invalid={isTooLong || undefined}
            aria-controls={
              mentions.isOpen ? 'mention-picker' : canned.isOpen ? 'canned-reply-picker' : undefined
            }
            aria-activedescendant={activeOption}
            placeholder={
              disabled
                ? 'Selecione uma conversa'
                : isNote
                  ? isNarrow
                    ? 'Nota para a equipe...'
                    : 'Escreva uma nota para a equipe... (@ para mencionar)'
                  : isNarrow
                    ? 'Digite sua mensagem...'
                    : 'Digite sua mensagem... (/ para respostas rápidas)'
            }
            className={cn(
              'field-sizing-content block max-h-36 min-h-10 w-full resize-none rounded-lg border px-3 py-2 text-sm placeholder:text-slate-400 focus-visible:outline-2 disabled:cursor-not-allowed',
              isNote
                ? 'border-amber-300 bg-white text-amber-950 focus-visible:outline-amber-500 dark:border-amber-500/40 dark:bg-amber-950/30 dark:text-amber-50'
                : 'border-slate-300 bg-white text-slate-900 focus-visible:outline-indigo-500 disabled:bg-slate-50 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:disabled:bg-slate-900',
            )}
          />
        </div>
        <ComposerEmojiPicker onPick={insert} disabled={disabled} triggerClassName={iconButton} />
        {!isNote && (
          <VoiceRecorder
            conversationId={conversationId}
            replyTo={replyTarget?.id ?? null}
            disabled={disabled}
            buttonClass={iconButton}
            onSent={() => {
              if (replyTarget) onCancelReply();
            }}
          />
        )}
        <button
          type="button"
          aria-label={isNote ? 'Salvar nota' : 'Enviar mensagem'}
          title={isNote ? 'Salvar nota' : 'Enviar'}
          disabled={disabled || !trimmed || isTooLong || isSending}
          onClick={submit}
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-40',
            isNote
              ? 'bg-amber-500 text-amber-950 hover:bg-amber-400 focus-visible:outline-amber-500'
              : 'bg-indigo-600 text-white hover:bg-indigo-700 focus-visible:outline-indigo-500',
          )}
        >
          {isSending ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : isNote ? (
            <Lock aria-hidden="true" className="size-5" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      <div
        className={cn(
          'mt-1 flex justify-between px-1 text-[11px]',
          isNote ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400',
          attachment && 'hidden',
        )}
      >
        <span className="hidden sm:inline">
          {isNote ? 'Enter salva a nota' : 'Enter para enviar'} · Shift+Enter para nova linha
        </span>
        {isNearLimit && (
          <span
            data-testid="char-counter"
            className={cn(
              'ml-auto tabular-nums',
              isTooLong && 'font-semibold text-red-700 dark:text-red-300',
            )}
          >
            {formatNumber(text.length)}/{formatNumber(maxChars)}
          </span>
        )}
      </div>
    </div>
  );
}
